// The dialog a change that asks for a recent sign-in opens (stores/sign-in-again.ts): the
// password, and a code or a recovery code when two-factor is on. Signed in again, the change is
// made; cancelled, it is not, and the change's own error says why.
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
import { useTwoFactorStatus } from '../api/account-api.js';
import { useSignInAgainStore } from '../stores/sign-in-again.js';
import { TextField } from './text-field.js';

function SignInAgainForm(props: { twoFactor: boolean; onDone(): void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [factor, setFactor] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<{ field: 'password' | 'factor'; message: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError({ field: 'password', message: 'Enter your password' });
    if (props.twoFactor && !factor.trim()) {
      const what = recovery
        ? 'one of your recovery codes'
        : 'the code your authenticator app shows';
      return setError({ field: 'factor', message: `Enter ${what}` });
    }
    setBusy(true);
    try {
      const f = factor.trim();
      await api.call('signInAgain', {
        body: { password, ...(props.twoFactor && (recovery ? { recoveryCode: f } : { code: f })) },
      });
      props.onDone();
    } catch (err) {
      // The password is the likelier mistake unless the server named the code.
      const message = errorMessage(err);
      setError({ field: /code/i.test(message) ? 'factor' : 'password', message });
      setBusy(false);
    }
  }

  return (
    <form className="omega-stack" onSubmit={submit} noValidate aria-label="Sign in again">
      <TextField
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={error?.field === 'password' ? error.message : undefined}
        onChange={(v) => {
          setPassword(v);
          setError(undefined);
        }}
      />
      {props.twoFactor && (
        <>
          <TextField
            id={`${id}-factor`}
            label={recovery ? 'Recovery code' : 'Authentication code'}
            numeric={!recovery}
            autoComplete="one-time-code"
            value={factor}
            error={error?.field === 'factor' ? error.message : undefined}
            onChange={(v) => {
              setFactor(v);
              setError(undefined);
            }}
          />
          <Button type="button" variant="link" onClick={() => setRecovery(!recovery)}>
            {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
          </Button>
        </>
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

/** Mounted once on the account security page, whose changes may ask for it. */
export function SignInAgainDialog() {
  const waiting = useSignInAgainStore((s) => s.waiting);
  const settle = useSignInAgainStore((s) => s.settle);
  const twoFactor = useTwoFactorStatus().data?.enabled === true;
  return (
    <Dialog open={waiting !== null} onOpenChange={(open) => open || settle(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign in again</DialogTitle>
          <DialogDescription>
            Your last sign-in was more than 10 minutes ago. To add a way into your account, confirm
            it is you{twoFactor ? ' with your password and a code' : ' with your password'}.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form each time the dialog opens: nothing typed is kept. */}
        {waiting && <SignInAgainForm twoFactor={twoFactor} onDone={() => settle(true)} />}
      </DialogContent>
    </Dialog>
  );
}
