// The frame around every screen: the supergod banner, the top bar, the page, and for signed-in
// users the dock of fixed buttons at the bottom right (the assistant, and the god-mode toggle
// for admins and supergods). The page ends with room for the dock, so nothing stays under it.

import { isAdmin } from '@omega/domain';
import { Banner, toast } from '@omega/ui';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session.js';
import { useSignInAgainStore } from '../../lib/sign-in-again.js';
import { PieceBoundary } from '../page-boundary.js';
import { GodModeToggle } from './god-mode-toggle.js';
import { TopBar } from './top-bar.js';

// Signed-in only, and loaded on demand: the sign-in page never downloads the assistant.
const AssistantLauncher = lazy(
  () => import('../../features/assistant/components/assistant-launcher.js'),
);
// Only while an administrator views as a user: nobody else downloads it.
const ImpersonationBanner = lazy(() => import('./impersonation-banner.js'));
// Only while a call waits for the user to sign in again (lib/sign-in-again.ts).
const SignInAgainDialog = lazy(
  () => import('../../features/account/components/sign-in-again-dialog.js'),
);

export function Shell() {
  const { user, role, isSupergod } = useSession();
  const signInAgain = useSignInAgainStore((s) => s.waiting !== null);
  const greeted = useRef<number | null>(null);

  // The supergod greeting, once per signed-in supergod per page load (spec section 4).
  useEffect(() => {
    if (isSupergod && user && greeted.current !== user.id) {
      greeted.current = user.id;
      toast({
        title: '👑 Super-God Mode Access',
        description: 'You have the highest level privileges in the system.',
      });
    }
  }, [isSupergod, user]);

  return (
    <div className={user ? 'omega-shell omega-shell--docked' : 'omega-shell'}>
      {user?.impersonating && (
        <PieceBoundary
          fallback={
            <Banner variant="destructive" className="omega-shell__banner">
              Viewing as {user.username}, read-only. Reload the page to end the view.
            </Banner>
          }
        >
          <Suspense fallback={null}>
            <ImpersonationBanner user={user} view={user.impersonating} />
          </Suspense>
        </PieceBoundary>
      )}
      {isSupergod && (
        <Banner variant="destructive" className="omega-shell__banner">
          Super-God Mode Active
        </Banner>
      )}
      <TopBar />
      <div className="omega-shell__page">
        <Outlet />
      </div>
      {user && (
        <div className="omega-dock">
          <PieceBoundary>
            <Suspense fallback={null}>
              <AssistantLauncher />
            </Suspense>
          </PieceBoundary>
          {role && isAdmin(role) && <GodModeToggle />}
        </div>
      )}
      {user && signInAgain && (
        <PieceBoundary>
          <Suspense fallback={null}>
            <SignInAgainDialog />
          </Suspense>
        </PieceBoundary>
      )}
    </div>
  );
}
