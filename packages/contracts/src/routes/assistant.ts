// The help assistant: questions and ratings.
import { AssistantFeedbackBody, AssistantQueryBody, AssistantResponse } from '../assistant.js';
import { OkResponse } from '../common.js';
import { route } from './define.js';

export const assistantRoutes = {
  assistantQuery: route({
    method: 'POST',
    url: '/api/ai/ai-assistant',
    access: 'user',
    readOnly: true,
    summary:
      "Ask the help assistant; answers for the session's user (a userId in the body is ignored), with live metrics for admins",
    tags: ['assistant'],
    schema: { body: AssistantQueryBody, response: { 200: AssistantResponse } },
  }),
  assistantFeedback: route({
    method: 'POST',
    url: '/api/ai/feedback',
    access: 'user',
    summary: "Rate an assistant answer (5 yes, 1 no), stored for the session's user",
    tags: ['assistant'],
    schema: { body: AssistantFeedbackBody, response: { 200: OkResponse } },
  }),
} as const;
