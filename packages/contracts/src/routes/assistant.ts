// The help assistant: questions and ratings, and for admins the questions it could not answer.
import {
  AssistantFeedbackBody,
  AssistantQueryBody,
  AssistantResponse,
  UnansweredQuestionsQuery,
  UnansweredQuestionsResponse,
} from '../assistant.js';
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
  unansweredQuestions: route({
    method: 'GET',
    url: '/api/admin/unanswered-questions',
    access: 'admin',
    summary:
      "Questions the assistant declined and answers rated 'no', grouped by wording, the most recently asked first",
    description:
      'Groups the newest `limit` questions (200 by default) kept within the retention period (OMEGA_ASSISTANT_RETENTION_DAYS); `total` counts every one kept.',
    tags: ['admin'],
    schema: {
      querystring: UnansweredQuestionsQuery,
      response: { 200: UnansweredQuestionsResponse },
    },
  }),
  clearUnansweredQuestions: route({
    method: 'POST',
    url: '/api/admin/unanswered-questions/clear',
    access: 'admin',
    summary: 'Delete every kept unanswered question (recorded in the activity log)',
    tags: ['admin'],
    schema: { response: { 200: OkResponse } },
  }),
} as const;
