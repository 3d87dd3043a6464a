// /supergod: the supergod console (spec section 2, 'Supergod dashboard'). The route guard has
// already sent everyone else away; the reads below are enabled only for a supergod as well.
import { useSession } from '../../../lib/session.js';
import { CommandTerminal } from '../components/command-terminal.js';
import { SystemControlPanel } from '../components/system-control-panel.js';
import { SystemUsersTable } from '../components/system-users-table.js';
import '../components/supergod.css';

export function SupergodDashboardPage() {
  const { isSupergod } = useSession();
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
