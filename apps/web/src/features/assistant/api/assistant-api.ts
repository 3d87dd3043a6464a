// The assistant's two calls (spec section 7 'Assistant'). The server answers for the session's
// user; the userId is sent because the spec's client sends it, and the server ignores it.
import type { RouteBody } from '@omega/contracts/client';
import { api } from '../../../lib/api.js';
import { apiFetch } from '../../../lib/api-client.js';

export const askAssistant = (query: string, userId: number) =>
  api.call('assistantQuery', { body: { query, userId } });

export const sendFeedback = (feedback: RouteBody<'assistantFeedback'>) =>
  api.call('assistantFeedback', { body: feedback });

const post = apiFetch('read');

/** A POST made by an answer's 'call' action button: its endpoint comes from the server. */
export const callAction = async (endpoint: string): Promise<unknown> => {
  const res = await post(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return res.json();
};
