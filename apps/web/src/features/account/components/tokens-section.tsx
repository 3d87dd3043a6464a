// Personal access tokens (issue 37): create one with a name, scopes and an expiry — its secret is
// shown once, with a copy button — and see and revoke the account's tokens, each with its last
// four characters, its scopes and when it was last used. The admin scope is offered to
// administrators only (the server refuses it to anyone else). A list, not a table, so a phone's
// 390 px hold it.
import type { AccessToken, CreatedAccessTokenResponse } from '@omega/contracts';
import { isAdmin } from '@omega/domain';
import {
  Badge,
  Button,
  Checkbox,
  FormField,
  Input,
  Label,
  Select,
  Skeleton,
  toast,
  useConfirm,
} from '@omega/ui';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/error-message.js';
import { removalTarget, useFocusAfterRemoval } from '../../../lib/focus-after-removal.js';
import { LoadFailed } from '../../../lib/load-failed.js';
import { useSession } from '../../../lib/session.js';
import { useAccessTokenActions, useAccessTokens } from '../api/account-api.js';

type Scope = 'read' | 'write' | 'admin';
const SCOPES: { scope: Scope; label: string; note: string }[] = [
  { scope: 'read', label: 'read', note: 'Read your account: plan, features, announcements' },
  { scope: 'write', label: 'write', note: 'Make changes as you, and read' },
  {
    scope: 'admin',
    label: 'admin',
    note: 'Open the admin routes your role opens (with read or write)',
  },
];
const EXPIRIES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;

const when = (iso: string) => new Date(iso).toLocaleString();
const day = (iso: string) => new Date(iso).toLocaleDateString();

function CreateTokenForm(props: { onCreated(token: CreatedAccessTokenResponse): void }) {
  const id = useId();
  const { role } = useSession();
  const actions = useAccessTokenActions();
  const offered = SCOPES.filter((s) => s.scope !== 'admin' || (role !== null && isAdmin(role)));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [expiry, setExpiry] = useState('30');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [busy, setBusy] = useState(false);

  const toggle = (scope: Scope, on: boolean) => {
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
    setErrors((e) => ({ ...e, scopes: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (name.trim() === '') found.name = 'Give the token a name: say what it is for';
    if (scopes.length === 0) found.scopes = 'Choose at least one scope';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const created = await actions.create({
        name: name.trim(),
        scopes: SCOPES.map((s) => s.scope).filter((s) => scopes.includes(s)),
        expiresInDays: expiry === 'never' ? null : (Number(expiry) as 7 | 30 | 90 | 365),
      });
      setName('');
      setScopes(['read']);
      props.onCreated(created);
    } catch (err) {
      const message = errorMessage(err);
      if (err instanceof ApiError && err.status === 400) {
        setErrors(/scope/i.test(message) ? { scopes: message } : { name: message });
      } else {
        toast({
          title: 'Could not create the token',
          description: message,
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="omega-form" onSubmit={submit} noValidate aria-label="Create a token">
      <FormField
        id={`${id}-name`}
        label="Token name"
        hint="What it is for, to tell your tokens apart: 'backup script'."
        error={errors.name}
      >
        {(describedBy) => (
          <Input
            id={`${id}-name`}
            name="name"
            maxLength={64}
            autoComplete="off"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((er) => ({ ...er, name: undefined }));
            }}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <fieldset
        className="omega-account__scopes"
        aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
      >
        <legend>Scopes</legend>
        {offered.map((s) => (
          <div key={s.scope} className="omega-account__scope">
            <Checkbox
              id={`${id}-${s.scope}`}
              checked={scopes.includes(s.scope)}
              onCheckedChange={(on) => toggle(s.scope, on === true)}
              aria-describedby={`${id}-${s.scope}-note`}
            />
            <Label htmlFor={`${id}-${s.scope}`}>{s.label}</Label>
            <span id={`${id}-${s.scope}-note`} className="omega-muted">
              {s.note}
            </span>
          </div>
        ))}
        {errors.scopes && (
          <p id={`${id}-scopes-error`} className="omega-field__error" role="alert">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <FormField id={`${id}-expiry`} label="Expires after" error={undefined}>
        {() => (
          <Select id={`${id}-expiry`} options={EXPIRIES} value={expiry} onValueChange={setExpiry} />
        )}
      </FormField>
      <Button type="submit" loading={busy} className="omega-form__submit">
        Create token
      </Button>
    </form>
  );
}

/** The new token's secret, shown this once. */
function NewToken(props: { created: CreatedAccessTokenResponse; onDone(): void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  // It replaces the form that had the focus: the token takes it (and is selected on focus).
  const secret = useRef<HTMLInputElement>(null);
  useEffect(() => {
    secret.current?.focus();
  }, []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.created.token);
      setCopied(true);
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the token and copy it yourself.',
        variant: 'destructive',
      });
    }
  }
  return (
    <div className="omega-stack omega-account__new-token">
      <p role="status">Token '{props.created.name}' created. Copy it now: it is not shown again.</p>
      <FormField id={`${id}-secret`} label="Your new token" error={undefined}>
        {() => (
          <Input
            ref={secret}
            id={`${id}-secret`}
            readOnly
            className="omega-account__secret"
            value={props.created.token}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </FormField>
      <p className="omega-muted">
        Send it as <code>Authorization: Bearer {'<token>'}</code>.
      </p>
      <div className="omega-actions">
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy token'}
        </Button>
        <Button onClick={props.onDone}>I have copied it</Button>
      </div>
    </div>
  );
}

function TokenItem(props: {
  token: AccessToken;
  onRevoke(token: AccessToken): void;
  busy: boolean;
}) {
  const t = props.token;
  return (
    <li className="omega-account__session">
      <div className="omega-account__session-facts">
        <p className="omega-account__device">
          {t.name}
          {t.scopes.map((s) => (
            <Badge key={s} variant="outline" className="omega-account__badge">
              {s}
            </Badge>
          ))}
          {t.expired && (
            <Badge variant="destructive" className="omega-account__badge">
              expired
            </Badge>
          )}
        </p>
        <p className="omega-muted">
          <code>omega_pat_…{t.hint}</code>, created{' '}
          <time dateTime={t.createdAt}>{when(t.createdAt)}</time>
        </p>
        <p className="omega-muted">
          {t.expiresAt ? (
            <>
              {t.expired ? 'Expired' : 'Expires'}{' '}
              <time dateTime={t.expiresAt}>{day(t.expiresAt)}</time>
            </>
          ) : (
            'Never expires'
          )}
          {' · '}
          {t.lastUsedAt ? (
            <>
              Last used <time dateTime={t.lastUsedAt}>{when(t.lastUsedAt)}</time>
            </>
          ) : (
            'Never used'
          )}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={props.busy}
        aria-label={`Revoke token ${t.name}`}
        onClick={() => props.onRevoke(t)}
        {...removalTarget(t.id)}
      >
        Revoke
      </Button>
    </li>
  );
}

export function TokensSection() {
  const { data, error, isLoading, mutate } = useAccessTokens();
  const actions = useAccessTokenActions();
  const confirm = useConfirm();
  const [created, setCreated] = useState<CreatedAccessTokenResponse | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const focus = useFocusAfterRemoval(data?.map((t) => t.id));

  async function revoke(token: AccessToken) {
    const sure = await confirm({
      title: `Revoke the token '${token.name}'?`,
      description: 'Scripts and applications that use it are refused from their next call.',
      confirmLabel: 'Revoke token',
      destructive: true,
    });
    if (!sure) return;
    focus.removing(token.id);
    setBusy(token.id);
    try {
      const result = await actions.revoke(token.id);
      if (created?.id === token.id) setCreated(null);
      toast({ title: 'Token revoked', description: result.message });
    } catch (err) {
      toast({
        title: 'Could not revoke the token',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  let list: ReactNode;
  if (error && !data) {
    list = <LoadFailed what="your tokens" error={error} onRetry={() => void mutate()} />;
  } else if (isLoading || !data) {
    list = (
      <div aria-busy="true">
        <Skeleton style={{ height: '5rem' }} aria-label="Loading your tokens" />
      </div>
    );
  } else if (data.length === 0) {
    list = (
      <p ref={focus.empty} tabIndex={-1}>
        No tokens yet.
      </p>
    );
  } else {
    list = (
      <ul ref={focus.list} className="omega-account__sessions" aria-label="Your tokens">
        {data.map((t) => (
          <TokenItem key={t.id} token={t} busy={busy === t.id} onRevoke={(x) => void revoke(x)} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <p className="omega-muted">
        Tokens let your scripts and other applications call the API as you, within the scopes you
        give them. They cannot change your password, sessions, two-factor sign-in, passkeys or
        tokens.
      </p>
      {created ? (
        <NewToken created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      {list}
    </>
  );
}
