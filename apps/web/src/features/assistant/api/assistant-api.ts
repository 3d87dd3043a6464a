// The assistant's two calls (spec section 7 'Assistant'). The server answers for the session's
// user; the userId is sent because the spec's client sends it, and the server ignores it.
import type { AssistantFeedbackBody, AssistantResponse } from '@omega/contracts';
import { sendJson } from '../../../lib/api-client.js';

export const askAssistant = (query: string, userId: number) =>
  sendJson<AssistantResponse>('POST', '/api/ai/ai-assistant', { query, userId });

export const sendFeedback = (feedback: AssistantFeedbackBody) =>
  sendJson<{ ok: true; message: string }>('POST', '/api/ai/feedback', feedback);

/** A POST made by an answer's 'call' action button. */
export const callAction = (endpoint: string) => sendJson<unknown>('POST', endpoint, {});
