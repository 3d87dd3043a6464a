// A button that signs in with a passkey (issue 37) — alone from the Login tab, or as the second
// step after the password — and says under itself why it did not: the browser has no passkeys,
// the person cancelled, or the server refused the passkey.
import { Button } from '@omega/ui';
import { useId, useState } from 'react';

export function PasskeyButton(props: {
  label: string;
  /** Answers the refusal to show, or nothing when signed in. */
  onUse(): Promise<string | undefined>;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function use() {
    setProblem(undefined);
    setBusy(true);
    try {
      setProblem(await props.onUse());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="omega-auth__passkey">
      <Button
        type="button"
        variant="outline"
        className="omega-auth__alt"
        loading={busy}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onClick={use}
      >
        {props.label}
      </Button>
      {problem && (
        <p id={`${id}-problem`} className="omega-field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
