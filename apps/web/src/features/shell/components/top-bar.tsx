// The top bar (spec section 2, 'Shell'): navigation, who is signed in, text size, theme,
// and sign-out.
import { isAdmin } from '@omega/domain';
import { Badge, Button, toast } from '@omega/ui';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.js';
import { useRefreshSession, useSession } from '../../../lib/session.js';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, useUiStore } from '../../../stores/ui-store.js';
import { AssistantTopBarButton } from '../../assistant/components/assistant-top-bar-button.js';
import { logout } from '../../auth/api/auth-api.js';

// Signed-in only, and loaded on demand: the sign-in page never downloads the bell.
const AnnouncementsBell = lazy(async () => ({
  default: (await import('../../announcements/components/announcements-bell.js')).AnnouncementsBell,
}));

export function TopBar() {
  const navigate = useNavigate();
  const { user, role, isSupergod } = useSession();
  const refresh = useRefreshSession();
  const { theme, fontSize, toggleTheme, increaseFont, decreaseFont, setGodMode } = useUiStore();

  async function signOut() {
    try {
      await logout();
      setGodMode(false);
      await refresh(null);
      toast({ title: 'Logged out successfully' });
      navigate(paths.auth);
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    }
  }

  return (
    <header className="omega-topbar">
      <nav className="omega-topbar__nav" aria-label="History">
        <Button variant="ghost" size="icon" aria-label="Go back" onClick={() => navigate(-1)}>
          ←
        </Button>
        <Button variant="ghost" size="icon" aria-label="Go home" onClick={() => navigate('/')}>
          ⌂
        </Button>
        <Button variant="ghost" size="icon" aria-label="Go forward" onClick={() => navigate(1)}>
          →
        </Button>
      </nav>
      <span className="omega-topbar__brand">Omega</span>
      <div className="omega-topbar__tools">
        {user && (
          <span className="omega-topbar__user" data-testid="current-username">
            {user.username}
          </span>
        )}
        {user && role && <AssistantTopBarButton admin={isAdmin(role)} />}
        {isSupergod && <Badge variant="destructive">Super-God Mode Active</Badge>}
        {user && (
          <Suspense fallback={null}>
            <AnnouncementsBell />
          </Suspense>
        )}
        <fieldset className="omega-topbar__font">
          <legend className="omega-visually-hidden">Text size</legend>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Decrease font size"
            disabled={fontSize <= FONT_SIZE_MIN}
            onClick={decreaseFont}
          >
            A−
          </Button>
          <span className="omega-topbar__font-size" aria-live="polite">
            {fontSize}px
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Increase font size"
            disabled={fontSize >= FONT_SIZE_MAX}
            onClick={increaseFont}
          >
            A+
          </Button>
        </fieldset>
        <Button
          variant="ghost"
          size="icon"
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={toggleTheme}
        >
          {theme === 'dark' ? '☀' : '☾'}
        </Button>
        {user && (
          <Button variant="outline" size="sm" onClick={signOut}>
            Logout
          </Button>
        )}
      </div>
    </header>
  );
}
