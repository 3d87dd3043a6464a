// The top bar wired to the app: the session says who is signed in, and Logout signs out with
// the spec's toasts. What it shows, and how it folds on a phone, is top-bar-view.tsx.
import { toast } from '@omega/ui';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/error-message.js';
import { paths } from '../../lib/paths.js';
import { useRefreshSession, useSession } from '../../lib/session.js';
import { useUiStore } from '../../lib/ui-store.js';
import { PieceBoundary } from '../page-boundary.js';
import { TopBarView } from './top-bar-view.js';

// Signed-in only, and loaded on demand: the sign-in page never downloads the bell.
const AnnouncementsBell = lazy(async () => ({
  default: (await import('../../features/announcements/components/announcements-bell.js'))
    .AnnouncementsBell,
}));

export function TopBar() {
  const navigate = useNavigate();
  const { user, isSupergod } = useSession();
  const refresh = useRefreshSession();
  const setGodMode = useUiStore((s) => s.setGodMode);

  async function signOut() {
    try {
      // Loaded on click: the first load of the sign-in page then carries no API client.
      const { logout } = await import('../../features/auth/api/auth-api.js');
      await logout();
      setGodMode(false);
      await refresh(null);
      toast({ title: 'Logged out successfully' });
      navigate(paths.auth);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  }

  return (
    <TopBarView
      username={user?.username ?? null}
      supergod={isSupergod}
      bell={
        user && (
          <PieceBoundary>
            <Suspense fallback={null}>
              <AnnouncementsBell />
            </Suspense>
          </PieceBoundary>
        )
      }
      onLogout={user ? () => void signOut() : undefined}
    />
  );
}
