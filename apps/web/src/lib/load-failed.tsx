// What a section shows when its read failed: the reason, and a way to read it again (the
// account security page, the payment method).
import { Button } from '@omega/ui';
import { errorMessage } from './error-message.js';

export function LoadFailed(props: { what: string; error: unknown; onRetry(): void }) {
  return (
    <div className="omega-stack">
      <p role="alert">
        Could not load {props.what}: {errorMessage(props.error)}
      </p>
      <div className="omega-actions">
        <Button variant="outline" onClick={props.onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}
