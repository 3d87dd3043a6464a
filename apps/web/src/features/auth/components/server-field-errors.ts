// Which form field a refused registration points at: a wrong key (403) or a taken name (409).
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/error-message.js';
import type { FormErrors } from './validate.js';

export function serverFieldErrors(err: unknown): FormErrors | undefined {
  if (!(err instanceof ApiError)) return undefined;
  if (err.status === 403) return { secretKey: errorMessage(err) };
  if (err.status === 409) return { username: errorMessage(err) };
  return undefined;
}
