// The bottom-right god-mode switch for admins and supergods (spec section 2, 'Shell').
import { Button, Tooltip } from '@omega/ui';
import { useUiStore } from '../../../stores/ui-store.js';

export function GodModeToggle() {
  const godMode = useUiStore((s) => s.godMode);
  const toggleGodMode = useUiStore((s) => s.toggleGodMode);
  return (
    <div className="omega-god-toggle">
      <Tooltip content="Toggle administrator privileges">
        <Button
          variant={godMode ? 'destructive' : 'default'}
          aria-pressed={godMode}
          onClick={toggleGodMode}
        >
          {godMode ? 'Exit God Mode' : 'Enter God Mode'}
        </Button>
      </Tooltip>
    </div>
  );
}
