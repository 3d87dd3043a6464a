// The second sign-in step, downloaded when an account with two-factor on reaches it: most
// sign-ins never do, so the sign-in page's first load does not carry it (decision 004).
import { Button, Spinner } from '@omega/ui';
import { lazy, Suspense } from 'react';
import type { SecondFactorProps } from './two-factor-code-form.js';

const CodeForm = lazy(() =>
  import('./two-factor-code-form.js').then(
    (m) => ({ default: m.TwoFactorCodeForm }),
    // A failed download (offline, a deploy replaced the files) must not take the page down.
    () => ({ default: NotLoaded }),
  ),
);

function NotLoaded({ onCancel }: SecondFactorProps) {
  return (
    <div className="omega-form">
      <p role="alert">The two-factor step could not be loaded. Check your connection.</p>
      <Button type="button" variant="link" onClick={onCancel}>
        Start again
      </Button>
    </div>
  );
}

export function SecondFactorForm(props: SecondFactorProps) {
  return (
    <Suspense fallback={<Spinner aria-label="Loading the two-factor step" />}>
      <CodeForm {...props} />
    </Suspense>
  );
}
