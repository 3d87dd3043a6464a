// Two-factor sign-in with an authenticator app (issue 36): off → set up (a QR code and the key to
// type by hand, then the app's first code) → on, with ten recovery codes shown once; on → turn
// off with the password and a code or a recovery code. The secret is shown only during setup:
// the server never answers it again, so a setup left half-way is simply started again.
import type { TotpSetupResponse } from '@omega/contracts';
import { Button, Skeleton, toast, useConfirm } from '@omega/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message.js';
import { LoadFailed } from '../../../lib/load-failed.js';
import { useTwoFactorActions, useTwoFactorStatus } from '../api/account-api.js';
import {
  FactorField,
  factorBody,
  type OwnerCheck,
  PasswordField,
  useOwnerCheck,
} from './owner-check.js';
import { TextField } from './text-field.js';

function Setup(props: {
  setup: TotpSetupResponse;
  onEnabled(codes: string[]): void;
  onCancel(): void;
}) {
  const id = useId();
  const actions = useTwoFactorActions();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^[0-9]{6}$/.test(code.trim())) {
      setError('Enter the 6 digits your authenticator app shows');
      return;
    }
    setBusy(true);
    try {
      props.onEnabled((await actions.enable(code.trim())).recoveryCodes);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="omega-form" onSubmit={submit} noValidate aria-label="Set up two-factor">
      <p>1. Scan this QR code with your authenticator app.</p>
      <img
        className="omega-account__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(props.setup.qrSvg)}`}
        alt="QR code of your two-factor key"
        width={192}
        height={192}
      />
      <p className="omega-muted">
        Cannot scan it? Type this key into the app: <code>{props.setup.secret}</code>
      </p>
      <p>2. Type the 6-digit code the app shows, to turn two-factor on.</p>
      <TextField
        id={`${id}-code`}
        label="Authentication code"
        value={code}
        error={error}
        numeric
        autoComplete="one-time-code"
        onChange={(v) => {
          setCode(v);
          setError(undefined);
        }}
      />
      <Button type="submit" loading={busy} className="omega-form__submit">
        Turn on two-factor
      </Button>
      {/* Two-factor stays off; the unconfirmed key is replaced by the next setup. */}
      <Button type="button" variant="link" onClick={props.onCancel}>
        Cancel setup
      </Button>
    </form>
  );
}

function RecoveryCodes(props: { codes: string[]; replaced: boolean; onDone(): void }) {
  return (
    <div className="omega-stack">
      <p role="status">
        {props.replaced
          ? 'New recovery codes: the old ones no longer work.'
          : 'Two-factor sign-in is on.'}{' '}
        Keep these recovery codes somewhere safe: each signs you in once if you lose your
        authenticator app, and they are not shown again.
      </p>
      <ul className="omega-account__codes" aria-label="Your recovery codes">
        {props.codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="omega-actions">
        <Button onClick={props.onDone}>I have kept them</Button>
      </div>
    </div>
  );
}

function TurnOff() {
  const id = useId();
  const actions = useTwoFactorActions();
  const [check, setCheck] = useOwnerCheck();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const change = (next: OwnerCheck) => {
    setCheck(next);
    setError(undefined);
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!check.password || !check.factor.trim()) {
      setError('Give your password and a code');
      return;
    }
    setBusy(true);
    try {
      const result = await actions.disable({ password: check.password, ...factorBody(check) });
      toast({ title: 'Two-factor is off', description: result.message });
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  return (
    <form className="omega-form" onSubmit={submit} noValidate aria-label="Turn off two-factor">
      <PasswordField id={id} check={check} onChange={change} />
      <FactorField id={id} check={check} error={error} onChange={change} />
      <div className="omega-actions">
        <Button type="submit" variant="destructive" loading={busy}>
          Turn off two-factor
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorSection() {
  const { data, error, isLoading, mutate } = useTwoFactorStatus();
  const actions = useTwoFactorActions();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codes, setCodes] = useState<{ codes: string[]; replaced: boolean } | null>(null);
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  // A setup left with Cancel puts the focus back on the button that starts one.
  const startButton = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(false);
  useEffect(() => {
    if (cancelled) startButton.current?.focus();
  }, [cancelled]);

  async function start() {
    setCancelled(false);
    setBusy(true);
    try {
      setSetup(await actions.setup());
    } catch (err) {
      toast({
        title: 'Could not start the setup',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function replaceCodes() {
    const left = data?.recoveryCodesLeft ?? 0;
    const now =
      left === 0
        ? 'You have no recovery codes left.'
        : `The ${left} recovery code${left === 1 ? '' : 's'} you have now will stop working.`;
    const ok = await confirm({
      title: 'Make new recovery codes?',
      description: `${now} You get ten new ones, shown once.`,
      confirmLabel: 'Make new codes',
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result = await actions.newRecoveryCodes();
      setCodes({ codes: result.recoveryCodes, replaced: true });
    } catch (err) {
      toast({
        title: 'Could not make new recovery codes',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes.codes}
        replaced={codes.replaced}
        onDone={() => {
          setCodes(null);
          setSetup(null);
          void actions.reread();
        }}
      />
    );
  }
  if (error && !data) {
    return (
      <LoadFailed what="your two-factor setting" error={error} onRetry={() => void mutate()} />
    );
  }
  if (isLoading || !data) {
    return <Skeleton style={{ height: '4rem' }} aria-label="Loading your two-factor setting" />;
  }
  if (data.enabled) {
    return (
      <div className="omega-stack">
        <p>
          Two-factor sign-in is on: signing in asks for a code from your authenticator app.{' '}
          {data.recoveryCodesLeft} recovery code{data.recoveryCodesLeft === 1 ? '' : 's'} left.
        </p>
        <div className="omega-actions">
          <Button variant="outline" loading={busy} onClick={replaceCodes}>
            Make new recovery codes
          </Button>
        </div>
        <TurnOff />
      </div>
    );
  }
  if (setup) {
    return (
      <Setup
        setup={setup}
        onEnabled={(recoveryCodes) => setCodes({ codes: recoveryCodes, replaced: false })}
        onCancel={() => {
          setSetup(null);
          setCancelled(true);
        }}
      />
    );
  }
  return (
    <div className="omega-stack">
      <p>
        Two-factor sign-in is off. With it on, signing in also asks for a code from an authenticator
        app on your phone, so a password alone does not open your account.
      </p>
      {data.pending && (
        <p className="omega-muted">A setup was started but not finished: start it again.</p>
      )}
      <div className="omega-actions">
        <Button ref={startButton} loading={busy} onClick={start}>
          Set up an authenticator app
        </Button>
      </div>
    </div>
  );
}
