// The help assistant (spec sections 3 'Assistant response' and 7 'Assistant'): a question in,
// an answer quoted from the help articles with its sources, follow-ups and action buttons out;
// and, for admins, the questions it could not answer.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Role, Timestamp } from './common.js';

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

/**
 * The assistant's unanswered questions (the admin console's 'Unanswered questions'): questions
 * it declined and answers rated 'no', kept for a retention period and grouped by wording.
 */
export const UNANSWERED_ROWS_DEFAULT = 200;

export const UnansweredQuestionsQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: UNANSWERED_ROWS_DEFAULT,
      description: 'How many of the newest questions are grouped (1 to 1000)',
    }),
  ),
});
export type UnansweredQuestionsQuery = Static<typeof UnansweredQuestionsQuery>;

export const UnansweredArticle = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  path: Type.String({ description: 'The page the article describes' }),
});
export type UnansweredArticle = Static<typeof UnansweredArticle>;

export const UnansweredQuestionGroup = Type.Object({
  wording: Type.String({ description: "The group's newest question, as asked (trimmed)" }),
  count: Type.Integer({ minimum: 1, description: 'Questions in the group' }),
  lastAskedAt: Timestamp,
  roles: Type.Array(Role, { description: 'The roles of those who asked, lowest first' }),
  kind: Type.Object({
    declined: Type.Integer({ minimum: 0, description: 'Questions the assistant declined' }),
    ratedNo: Type.Integer({ minimum: 0, description: "Answers rated 'no'" }),
  }),
  closestArticle: Nullable(UnansweredArticle),
  examples: Type.Array(Type.String(), {
    maxItems: 3,
    description: 'Up to three other wordings of the group, newest first',
  }),
});
export type UnansweredQuestionGroup = Static<typeof UnansweredQuestionGroup>;

export const UnansweredQuestionsResponse = Type.Object({
  groups: Type.Array(UnansweredQuestionGroup, {
    description: 'Groups of similar wording, the most recently asked first',
  }),
  total: Type.Integer({ minimum: 0, description: 'Questions kept (within the retention period)' }),
  grouped: Type.Integer({
    minimum: 0,
    description: 'How many of them, the newest, the groups hold (at most the limit)',
  }),
  retentionDays: Type.Integer({ minimum: 1, description: 'How long questions are kept' }),
});
export type UnansweredQuestionsResponse = Static<typeof UnansweredQuestionsResponse>;
