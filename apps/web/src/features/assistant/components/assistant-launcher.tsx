// The floating assistant button and its panel, mounted by the shell for signed-in users only
// and loaded on demand, so the sign-in page downloads none of it. The panel itself loads the
// first time it is opened.
import { isAdmin } from '@omega/domain';
import { Button } from '@omega/ui';
import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session.js';
import { assistantLabel, useAssistantStore } from '../stores/assistant-store.js';
import './assistant.css';

const AssistantPanel = lazy(async () => ({
  default: (await import('./assistant-panel.js')).AssistantPanel,
}));

export function AssistantLauncher() {
  const { user, role } = useSession();
  const open = useAssistantStore((s) => s.open);
  const setOpen = useAssistantStore((s) => s.setOpen);
  if (!user || !role) return null;
  const admin = isAdmin(role);
  const label = assistantLabel(admin);
  return (
    // Admins also have the god-mode toggle at the bottom right: the button sits above it.
    <div className={admin ? 'omega-assistant omega-assistant--raised' : 'omega-assistant'}>
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel
            userId={user.id}
            admin={admin}
            label={label}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
      <Button
        className="omega-assistant__fab"
        aria-expanded={open}
        aria-controls={open ? 'omega-assistant-panel' : undefined}
        onClick={() => setOpen(!open)}
      >
        {label}
      </Button>
    </div>
  );
}

export default AssistantLauncher;
