// The account itself: role, status, created and last sign-in; for supergods the role change
// and disable/enable actions, run through the supergod console's own command route (same
// confirmation phrase, same audit entry, same last-supergod guard).
import { CONFIRMATION_PHRASE } from '@omega/contracts';
import {
  Badge,
  type BadgeProps,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Input,
  Label,
  Select,
  toast,
} from '@omega/ui';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../../../lib/api.js';
import { errorMessage } from '../../../../lib/error-message.js';
import { withRecentSignIn } from '../../../../lib/sign-in-again.js';
import { Section, Time } from './sections.js';
import type { UserPage } from './types.js';

const ROLE_BADGE: Record<UserPage['user']['role'], BadgeProps['variant']> = {
  supergod: 'destructive',
  admin: 'default',
  user: 'outline',
};

const ROLE_OPTIONS = [
  { value: 'user', label: 'user' },
  { value: 'admin', label: 'admin' },
  { value: 'supergod', label: 'supergod' },
] as const;

/** A supergod console command behind the console's own confirmation phrase. */
function CommandAction(props: {
  label: string;
  title: string;
  command: string;
  description: string;
  destructive?: boolean;
  onDone(): void;
}) {
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (confirmation !== CONFIRMATION_PHRASE) {
      toast({
        title: 'Incorrect Confirmation',
        description: 'The confirmation code is incorrect',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      // A role granted or an account enabled from a sign-in older than 10 minutes asks to sign in
      // again first.
      const result = await withRecentSignIn(() =>
        api.call('supergodExecute', { body: { command: props.command, confirmation } }),
      );
      toast({ title: 'Command Executed', description: result.output });
      setOpen(false);
      setConfirmation('');
      props.onDone();
    } catch (err) {
      toast({ title: 'Execution Failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={props.destructive ? 'destructive' : 'outline'}>{props.label}</Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="omega-stack" noValidate>
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>
              {props.description} Runs <code>{props.command}</code>, recorded with your name. Type{' '}
              <code>{CONFIRMATION_PHRASE}</code> to confirm.
            </DialogDescription>
          </DialogHeader>
          <div className="omega-field">
            <Label htmlFor={id}>Confirmation Code</Label>
            <Input
              id={id}
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" loading={busy}>
              Run
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function AccountSection(props: { page: UserPage; onChanged(): void }) {
  const { user, can } = props.page;
  const refresh = props.onChanged;
  const [role, setRole] = useState<string>(user.role);
  const roleId = useId();
  return (
    <Section id="account" title="Account">
      <dl className="omega-user-page__facts">
        <dt>Role</dt>
        <dd>
          <Badge variant={ROLE_BADGE[user.role] ?? 'outline'}>{user.role}</Badge>
          {user.disabled && (
            <Badge variant="destructive" className="omega-user-page__badge">
              disabled
            </Badge>
          )}
        </dd>
        <dt>Email</dt>
        <dd>{user.email || 'N/A'}</dd>
        <dt>Created</dt>
        <dd>
          <Time iso={user.createdAt} />
        </dd>
        <dt>Last sign-in</dt>
        <dd>{user.lastLogin ? <Time iso={user.lastLogin} /> : 'Never'}</dd>
      </dl>
      {(can.changeRole || can.disable) && (
        <div className="omega-actions">
          {can.changeRole && (
            <div className="omega-field__label-row">
              <Label htmlFor={roleId}>New role</Label>
              <Select
                id={roleId}
                aria-label="New role"
                options={ROLE_OPTIONS}
                value={role}
                onValueChange={setRole}
              />
              <CommandAction
                label="Change role"
                title={`Make ${user.username} ${role}?`}
                command={`user role ${user.username} ${role}`}
                description={`${user.username} is ${user.role} now.`}
                onDone={refresh}
              />
            </div>
          )}
          {can.disable &&
            (user.disabled ? (
              <CommandAction
                label="Enable account"
                title={`Enable ${user.username}?`}
                command={`user enable ${user.username}`}
                description="The account can sign in again."
                onDone={refresh}
              />
            ) : (
              <CommandAction
                label="Disable account"
                title={`Disable ${user.username}?`}
                command={`user disable ${user.username}`}
                description="The account is signed out everywhere and cannot sign in."
                destructive
                onDone={refresh}
              />
            ))}
        </div>
      )}
    </Section>
  );
}
