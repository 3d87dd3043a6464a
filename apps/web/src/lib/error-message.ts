// The sentence a screen shows for a failed call: the server's own explanation of a refusal,
// else one of ours. Never the browser's 'Failed to fetch', a status line or a proxy's page.
import { ApiError } from './api-client.js';

export const UNREACHABLE = 'Omega cannot be reached. Check your connection and try again.';
export const NO_ANSWER = 'Omega could not answer just now. Try again in a moment.';

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return UNREACHABLE;
    if (err.status < 500 && err.serverMessage) return err.serverMessage;
    return NO_ANSWER;
  }
  // fetch rejects with a TypeError when the network fails before any answer.
  if (err instanceof TypeError) return UNREACHABLE;
  return NO_ANSWER;
}
