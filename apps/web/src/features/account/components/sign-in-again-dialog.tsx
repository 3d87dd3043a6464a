// The dialog a change that asks for a recent sign-in opens (lib/sign-in-again.ts): one of the
// account's passkeys, when it has one and the browser can use it; or the password, and a code or
// a recovery code when two-factor is on. Signed in again, the change is made; cancelled, it is
// not, and the change's own error says why.
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@omega/ui';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../../lib/api.js';
import { errorMessage } from '../../../lib/error-message.js';
import { passkeyFailure, passkeysAvailable } from '../../../lib/passkeys.js';
import { useSignInAgainStore } from '../../../lib/sign-in-again.js';
import { signInAgainWithPasskey, usePasskeys, useTwoFactorStatus } from '../api/account-api.js';
import {
  FactorField,
  factorBody,
  type OwnerCheck,
  PasswordField,
  useOwnerCheck,
} from './owner-check.js';

function SignInAgainForm(props: {
  twoFactor: boolean;
  passkey: boolean;
  onDone(): void;
  /** Signed in again with a passkey: its "last used" has changed. */
  onPasskeyUsed(): void;
}) {
  const id = useId();
  const [check, setCheck] = useOwnerCheck();
  const [error, setError] = useState<{ field: 'password' | 'factor'; message: string }>();
  const [busy, setBusy] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string>();
  // The server asked for a code the page did not know to ask for (the two-factor status had not
  // loaded, or was turned on elsewhere): the field appears with its refusal under it.
  const [askedForCode, setAskedForCode] = useState(false);
  const twoFactor = props.twoFactor || askedForCode;
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  async function signInWithPasskey() {
    setPasskeyProblem(undefined);
    setPasskeyBusy(true);
    try {
      await signInAgainWithPasskey();
      props.onPasskeyUsed();
      props.onDone();
    } catch (err) {
      setPasskeyProblem(passkeyFailure(err));
      setPasskeyBusy(false);
    }
  }
  const change = (next: OwnerCheck) => {
    setCheck(next);
    setError(undefined);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!check.password) return setError({ field: 'password', message: 'Enter your password' });
    if (twoFactor && !check.factor.trim()) {
      const what = check.recovery
        ? 'one of your recovery codes'
        : 'the code your authenticator app shows';
      return setError({ field: 'factor', message: `Enter ${what}` });
    }
    setBusy(true);
    try {
      await api.call('signInAgain', {
        body: { password: check.password, ...(twoFactor && factorBody(check)) },
      });
      props.onDone();
    } catch (err) {
      // The password is the likelier mistake unless the server named the code.
      const message = errorMessage(err);
      const aboutTheCode = /code/i.test(message);
      if (aboutTheCode) setAskedForCode(true);
      setError({ field: aboutTheCode ? 'factor' : 'password', message });
      setBusy(false);
    }
  }

  const errorOf = (field: 'password' | 'factor') =>
    error?.field === field ? error.message : undefined;
  return (
    <form className="omega-stack" onSubmit={submit} noValidate aria-label="Sign in again">
      {props.passkey && (
        <div className="omega-stack">
          <Button
            type="button"
            variant="outline"
            loading={passkeyBusy}
            aria-describedby={passkeyProblem ? `${id}-passkey-problem` : undefined}
            onClick={signInWithPasskey}
          >
            Use a passkey
          </Button>
          {passkeyProblem && (
            <p id={`${id}-passkey-problem`} className="omega-field__error" role="alert">
              {passkeyProblem}
            </p>
          )}
          <p className="omega-muted">Or give your password:</p>
        </div>
      )}
      <PasswordField id={id} check={check} error={errorOf('password')} onChange={change} />
      {twoFactor && (
        <FactorField id={id} check={check} error={errorOf('factor')} onChange={change} />
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={busy}>
          Sign in and go on
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Mounted by the shell while a call waits for it (lib/sign-in-again.ts). */
export default function SignInAgainDialog() {
  const waiting = useSignInAgainStore((s) => s.waiting);
  const settle = useSignInAgainStore((s) => s.settle);
  const twoFactor = useTwoFactorStatus().data?.enabled === true;
  const passkeys = usePasskeys();
  const passkey = (passkeys.data?.length ?? 0) > 0 && passkeysAvailable();
  const password = twoFactor ? 'your password and a code' : 'your password';
  return (
    <Dialog open={waiting !== null} onOpenChange={(open) => open || settle(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign in again</DialogTitle>
          <DialogDescription>
            Your last sign-in was more than 10 minutes ago. To go on, confirm it is you with{' '}
            {passkey ? `a passkey or ${password}` : password}.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form each time the dialog opens: nothing typed is kept. */}
        {waiting && (
          <SignInAgainForm
            twoFactor={twoFactor}
            passkey={passkey}
            onDone={() => settle(true)}
            onPasskeyUsed={() => void passkeys.mutate()}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
