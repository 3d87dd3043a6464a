// What a section of the account security page shows when its read failed: the reason, and a
// way to read it again.
import { Button } from '@omega/ui';
import { errorMessage } from '../../../lib/error-message.js';

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
