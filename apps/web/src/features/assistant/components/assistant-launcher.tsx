// The floating assistant button and its panel, mounted by the shell in its dock of fixed
// buttons, for signed-in users only, and loaded on demand, so the sign-in page downloads none
// of it. The panel itself loads the first time it is opened. The button is the only way in
// (docs/decisions/017-one-assistant-button.md); on a phone it shrinks to its icon, keeping its
// label as its accessible name.
import { isAdmin } from '@omega/domain';
import { Button } from '@omega/ui';
import { lazy, Suspense, useRef } from 'react';
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
  const button = useRef<HTMLButtonElement>(null);
  if (!user || !role) return null;
  const admin = isAdmin(role);
  const label = assistantLabel(admin);
  return (
    <div className="omega-assistant">
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel
            userId={user.id}
            admin={admin}
            label={label}
            onClose={() => {
              setOpen(false);
              // Back to the button that opens it, not to the top of the page.
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
      <Button
        ref={button}
        className="omega-assistant__fab"
        aria-expanded={open}
        aria-controls={open ? 'omega-assistant-panel' : undefined}
        onClick={() => setOpen(!open)}
      >
        <svg
          className="omega-assistant__icon"
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="currentColor"
        >
          <path d="M12 2l2.2 6.6L21 11l-6.8 2.4L12 20l-2.2-6.6L3 11l6.8-2.4z" />
        </svg>
        <span className="omega-assistant__label">{label}</span>
      </Button>
    </div>
  );
}

export default AssistantLauncher;
