// The help assistant (spec sections 3 'Assistant response' and 7 'Assistant'): a question in,
// an answer quoted from the help articles with its sources, follow-ups and action buttons out.
import { type Static, Type } from '@sinclair/typebox';

export const ASSISTANT_QUERY_MAX = 500;

export const AssistantQueryBody = Type.Object({
  query: Type.String({
    maxLength: ASSISTANT_QUERY_MAX,
    description: 'The question; trimmed, 1 to 500 characters',
  }),
  userId: Type.Optional(
    Type.Union([Type.Integer(), Type.String(), Type.Null()], {
      description: "Sent by the spec's client; ignored: the user is the session's",
    }),
  ),
});
export type AssistantQueryBody = Static<typeof AssistantQueryBody>;

export const AssistantAction = Type.Object({
  label: Type.String(),
  type: Type.Union([Type.Literal('navigate'), Type.Literal('call')]),
  /** A page path for 'navigate', an API path (POST) for 'call'. */
  endpoint: Type.String(),
});
export type AssistantAction = Static<typeof AssistantAction>;

export const HealthStatus = Type.Union([
  Type.Literal('healthy'),
  Type.Literal('degraded'),
  Type.Literal('unhealthy'),
]);

export const AssistantMetrics = Type.Object({
  errorRate: Type.Number({
    description: 'ERROR log entries per minute over the last hour (count ÷ 60, two decimals)',
  }),
  activeUsers: Type.Integer({
    description: 'Distinct signed-in users whose session was seen in the last 15 minutes',
  }),
  systemHealth: Type.Object({ status: HealthStatus }),
});
export type AssistantMetrics = Static<typeof AssistantMetrics>;

export const AssistantSource = Type.Object({
  title: Type.String(),
  path: Type.String({ description: 'The page the article describes' }),
});
export type AssistantSource = Static<typeof AssistantSource>;

export const AssistantResponse = Type.Object({
  answer: Type.String({ description: 'Multi-line text quoting the help, with links' }),
  suggestions: Type.Array(Type.String()),
  actions: Type.Array(AssistantAction),
  metrics: Type.Optional(AssistantMetrics),
  sources: Type.Array(AssistantSource),
  responseId: Type.String(),
});
export type AssistantResponse = Static<typeof AssistantResponse>;

const RATING_MESSAGE = 'rating must be 5 (yes) or 1 (no)';

export const AssistantFeedbackBody = Type.Object({
  responseId: Type.String({ minLength: 1, maxLength: 64 }),
  userId: Type.Optional(
    Type.Union([Type.Integer(), Type.String(), Type.Null()], {
      description: "Sent by the spec's client; ignored: the user is the session's",
    }),
  ),
  rating: Type.Union(
    [
      Type.Literal(5, { errorMessage: RATING_MESSAGE }),
      Type.Literal(1, { errorMessage: RATING_MESSAGE }),
    ],
    { description: '5 for yes, 1 for no' },
  ),
  helpful: Type.Boolean(),
  query: Type.Optional(Type.String({ maxLength: ASSISTANT_QUERY_MAX })),
});
export type AssistantFeedbackBody = Static<typeof AssistantFeedbackBody>;
