// The account's passkeys (issue 37): each with its name, when it was added and last used, and
// whether it is backed up; add one (the browser asks the device), rename one in place (Enter
// saves, Escape cancels, focus returns to its Rename button), remove one after confirming.
// Loading, error and empty states as the sessions list has them.
import type { Passkey } from '@omega/contracts';
import { passkeyName } from '@omega/domain';
import { Badge, Button, Skeleton, toast, useConfirm } from '@omega/ui';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { errorMessage } from '../../../lib/error-message.js';
import { removalTarget, useFocusAfterRemoval } from '../../../lib/focus-after-removal.js';
import { LoadFailed } from '../../../lib/load-failed.js';
import { passkeyFailure, passkeysAvailable, passkeyText } from '../../../lib/passkeys.js';
import { usePasskeyActions, usePasskeys } from '../api/account-api.js';
import { TextField } from './text-field.js';

const when = (iso: string) => new Date(iso).toLocaleString();

function RenameForm(props: {
  passkey: Passkey;
  onSave(name: string): Promise<void>;
  onClose(): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(props.passkey.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = passkeyName(value);
    if ('problem' in checked) {
      setError(checked.problem.replace(/^name/, 'The name'));
      return;
    }
    setBusy(true);
    try {
      await props.onSave(checked.name);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }
  const cancelOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      props.onClose();
    }
  };

  return (
    <form
      className="omega-account__rename"
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      noValidate
      aria-label={`Rename the passkey ${props.passkey.name}`}
    >
      <TextField
        id={`${id}-name`}
        label="Passkey name"
        value={value}
        error={error}
        maxLength={64}
        autoComplete="off"
        inputRef={input}
        onChange={(v) => {
          setValue(v);
          setError(undefined);
        }}
      />
      <div className="omega-actions">
        <Button type="submit" size="sm" loading={busy}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={props.onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PasskeyItem(props: { passkey: Passkey; onRemoving(): void }) {
  const { passkey } = props;
  const actions = usePasskeyActions();
  const confirm = useConfirm();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  useEffect(() => {
    // Back to the button that opened the form, once it closes.
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  async function remove() {
    const sure = await confirm({
      title: `Remove the passkey ${passkey.name}?`,
      description:
        'It will no longer sign you in. The device may still list it: delete it there too.',
      confirmLabel: 'Remove passkey',
      destructive: true,
    });
    if (!sure) return;
    props.onRemoving();
    setRemoving(true);
    try {
      const result = await actions.remove(passkey.id);
      toast({ title: 'Passkey removed', description: result.message });
    } catch (err) {
      toast({
        title: 'Could not remove the passkey',
        description: errorMessage(err),
        variant: 'destructive',
      });
      setRemoving(false);
    }
  }

  return (
    <li className="omega-account__session">
      <div className="omega-account__session-facts">
        {renaming ? (
          <RenameForm
            passkey={passkey}
            onClose={() => setRenaming(false)}
            onSave={async (name) => {
              const result = await actions.rename(passkey.id, name);
              toast({ title: 'Passkey renamed', description: result.message });
              setRenaming(false);
            }}
          />
        ) : (
          <p className="omega-account__device">
            {passkey.name}
            {passkey.backedUp && (
              <Badge variant="outline" className="omega-account__badge">
                Backed up
              </Badge>
            )}
          </p>
        )}
        <p className="omega-muted">
          Added <time dateTime={passkey.createdAt}>{when(passkey.createdAt)}</time>
        </p>
        <p className="omega-muted">
          {passkey.lastUsedAt ? (
            <>
              Last used <time dateTime={passkey.lastUsedAt}>{when(passkey.lastUsedAt)}</time>
            </>
          ) : (
            'Not used yet'
          )}
        </p>
      </div>
      {!renaming && (
        <div className="omega-actions">
          <Button
            ref={renameButton}
            variant="outline"
            size="sm"
            aria-label={`Rename passkey: ${passkey.name}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={removing}
            aria-label={`Remove passkey: ${passkey.name}`}
            onClick={remove}
            {...removalTarget(passkey.id)}
          >
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

export function PasskeysSection() {
  const { data, error, isLoading, mutate } = usePasskeys();
  const actions = usePasskeyActions();
  const [adding, setAdding] = useState(false);
  const available = passkeysAvailable();
  const focus = useFocusAfterRemoval(data?.map((p) => p.id));

  async function add() {
    setAdding(true);
    try {
      const result = await actions.add();
      toast({ title: 'Passkey added', description: result.message });
    } catch (err) {
      toast({
        title: 'No passkey was added',
        description: passkeyFailure(err),
        variant: 'destructive',
      });
    } finally {
      setAdding(false);
    }
  }

  let list: ReactNode;
  if (error && !data) {
    list = <LoadFailed what="your passkeys" error={error} onRetry={() => void mutate()} />;
  } else if (isLoading || !data) {
    list = (
      <div aria-busy="true">
        <Skeleton style={{ height: '4rem' }} aria-label="Loading your passkeys" />
      </div>
    );
  } else if (data.length === 0) {
    list = (
      <p ref={focus.empty} tabIndex={-1}>
        No passkeys yet.
      </p>
    );
  } else {
    list = (
      <ul ref={focus.list} className="omega-account__sessions" aria-label="Your passkeys">
        {data.map((p) => (
          <PasskeyItem key={p.id} passkey={p} onRemoving={() => focus.removing(p.id)} />
        ))}
      </ul>
    );
  }

  return (
    <div className="omega-stack">
      <p className="omega-muted">
        Sign in with your device's fingerprint, face or screen lock instead of your password. A
        passkey can also answer the two-factor step after your password.
      </p>
      {list}
      {available ? (
        <div className="omega-actions">
          <Button loading={adding} onClick={add}>
            Add a passkey
          </Button>
        </div>
      ) : (
        <p className="omega-muted" role="note">
          {passkeyText.unsupported}
        </p>
      )}
    </div>
  );
}
