// The top bar's AI assistant button (spec section 2, 'Shell'): opens the same panel as the
// floating button. Only the open flag lives here; the panel loads on demand.
import { Button } from '@omega/ui';
import { assistantLabel, useAssistantStore } from '../stores/assistant-store.js';

export function AssistantTopBarButton({ admin }: { admin: boolean }) {
  const open = useAssistantStore((s) => s.open);
  const setOpen = useAssistantStore((s) => s.setOpen);
  const label = assistantLabel(admin);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`${open ? 'Close' : 'Open'} the ${label}`}
      title={label}
      aria-expanded={open}
      onClick={() => setOpen(!open)}
    >
      ✦
    </Button>
  );
}
