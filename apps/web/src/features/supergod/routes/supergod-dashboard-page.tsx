// /supergod: the supergod console (spec section 2, 'Supergod dashboard'). The route guard has
// already sent everyone else away; the reads below are enabled only for a supergod as well.
// A supergod who loses the role while here (another supergod demoted them, or they did it
// themselves) is told so with the dashboard's own message and sent home.
import { toast } from '@omega/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.js';
import { paths } from '../../../lib/paths.js';
import { useRefreshSession, useSession } from '../../../lib/session.js';
import { useSystemStatus } from '../api/supergod-api.js';
import { CommandTerminal } from '../components/command-terminal.js';
import { SystemControlPanel } from '../components/system-control-panel.js';
import { SystemUsersTable } from '../components/system-users-table.js';
import '../components/supergod.css';

function useLeaveWhenNoLongerSupergod(enabled: boolean) {
  const { error } = useSystemStatus(enabled);
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  const told = useRef(false);
  useEffect(() => {
    if (!refused || told.current) return;
    told.current = true;
    toast({
      title: 'Access Denied',
      description: 'You need Super-God privileges to access this page.',
      variant: 'destructive',
    });
    void refreshSession();
    navigate(paths.home, { replace: true });
  }, [refused, refreshSession, navigate]);
}

export function SupergodDashboardPage() {
  const { isSupergod } = useSession();
  useLeaveWhenNoLongerSupergod(isSupergod);
  return (
    <main className="omega-page omega-stack">
      <div className="omega-page__header">
        <h1>Super-God Dashboard</h1>
      </div>
      <div className="omega-supergod__grid">
        <SystemControlPanel enabled={isSupergod} />
        <CommandTerminal />
      </div>
      <SystemUsersTable enabled={isSupergod} />
    </main>
  );
}
