// The god-mode switch for admins and supergods (spec section 2, 'Shell'); the shell places it
// in the bottom-right corner.
import { Button, Tooltip } from '@omega/ui';
import { useUiStore } from '../../lib/ui-store.js';

export function GodModeToggle() {
  const godMode = useUiStore((s) => s.godMode);
  const toggleGodMode = useUiStore((s) => s.toggleGodMode);
  return (
    <Tooltip content="Toggle administrator privileges">
      <Button
        variant={godMode ? 'destructive' : 'default'}
        aria-pressed={godMode}
        onClick={toggleGodMode}
      >
        {godMode ? 'Exit God Mode' : 'Enter God Mode'}
      </Button>
    </Tooltip>
  );
}
