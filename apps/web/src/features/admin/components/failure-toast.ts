// A failed admin action: the spec's message as the title, the server's reason below it.
import { toast } from '@omega/ui';
import { ApiError } from '../../../lib/api-client.js';

export function failureToast(title: string, err: unknown) {
  const description =
    err instanceof ApiError
      ? (err.serverMessage ?? err.message)
      : err instanceof Error
        ? err.message
        : undefined;
  toast({ title, description, variant: 'destructive' });
}
