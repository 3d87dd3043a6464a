// /admin/users/:id: one account on one page (issue 19) — the account and, for supergods, its
// role and disable actions; its sessions, each one endable; subscription and invoices; feature
// overrides; keypad wallet; activity; and the system-log rows of its requests. 'View as user'
// opens a read-only view of a normal user's pages for at most 15 minutes.
import { Button, Skeleton, toast, useConfirm } from '@omega/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/error-message.js';
import { paths } from '../../../lib/paths.js';
import { useUserPage, useUserPageActions } from '../api/user-page-api.js';
import { AccountSection } from '../components/user-page/account-section.js';
import {
  ActivitySection,
  OverridesSection,
  SubscriptionSection,
  SystemLogSection,
  WalletSection,
} from '../components/user-page/sections.js';
import { SessionsSection } from '../components/user-page/sessions-section.js';
import '../components/admin.css';
import '../components/user-page/user-page.css';

/** The id from the address, when it is one the server could know. */
function parseId(text: string | undefined): number | undefined {
  return text && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647
    ? Number(text)
    : undefined;
}

function NoSuchUser({ id }: { id: string | undefined }) {
  return (
    <main className="omega-page omega-stack">
      <h1>User not found</h1>
      <p>There is no user with id {id ?? '(none)'}.</p>
      <p>
        <Link to={paths.admin}>Back to the admin dashboard</Link>
      </p>
    </main>
  );
}

function ViewAsButton({ id, username }: { id: number; username: string }) {
  const { startViewAs } = useUserPageActions(id);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  async function start() {
    const sure = await confirm({
      title: `View as ${username}?`,
      description:
        'You will see their pages, read-only, for at most 15 minutes. Nothing can be changed while the view lasts; its start and end are recorded.',
      confirmLabel: 'View as user',
    });
    if (!sure) return;
    setBusy(true);
    try {
      await startViewAs();
      navigate(paths.subscription);
    } catch (err) {
      toast({
        title: 'Could not start the view',
        description: errorMessage(err),
        variant: 'destructive',
      });
      setBusy(false);
    }
  }
  return (
    <Button variant="destructive" loading={busy} onClick={start}>
      View as user
    </Button>
  );
}

export function AdminUserPage() {
  const { id: idText } = useParams();
  const id = parseId(idText);
  const { data, error, isLoading } = useUserPage(id);
  const actions = useUserPageActions(id ?? 0);

  if (id === undefined || (error instanceof ApiError && error.status === 404)) {
    return <NoSuchUser id={idText} />;
  }
  if (error && !data) {
    return (
      <main className="omega-page omega-stack">
        <h1>User {id}</h1>
        <p role="alert">Could not load this user: {errorMessage(error)}</p>
      </main>
    );
  }
  if (isLoading || !data) {
    return (
      <main className="omega-page omega-stack" aria-busy="true">
        <h1>User {id}</h1>
        <Skeleton style={{ height: '12rem' }} aria-label="Loading the user" />
      </main>
    );
  }
  return (
    <main className="omega-page omega-stack">
      <div className="omega-page__header">
        <h1>{data.user.username}</h1>
        <div className="omega-actions">
          {data.can.viewAs && <ViewAsButton id={data.user.id} username={data.user.username} />}
          <Button variant="outline" asChild>
            <Link to={paths.admin}>Back to Dashboard</Link>
          </Button>
        </div>
      </div>
      <div className="omega-user-page__grid">
        <AccountSection page={data} onChanged={actions.refresh} />
        <SessionsSection page={data} onRevoke={actions.revokeSession} />
        <SubscriptionSection page={data} />
        <OverridesSection page={data} />
        <WalletSection page={data} />
        <ActivitySection page={data} />
        <SystemLogSection page={data} />
      </div>
    </main>
  );
}
