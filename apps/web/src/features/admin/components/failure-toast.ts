// A failed admin action: the spec's message as the title, our sentence for the cause below it.
import { toast } from '@omega/ui';
import { errorMessage } from '../../../lib/error-message.js';

export function failureToast(title: string, err: unknown) {
  toast({ title, description: errorMessage(err), variant: 'destructive' });
}
