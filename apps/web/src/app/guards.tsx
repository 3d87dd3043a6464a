// Route guards of spec section 6. They decide what to show; the server still refuses every
// call the viewer may not make.
import { atLeast, type Role } from '@omega/domain';
import { Spinner, toast } from '@omega/ui';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { errorMessage } from '../lib/error-message.js';
import { paths } from '../lib/paths.js';
import { useSession } from '../lib/session.js';
import { SignInRequired } from './status-pages/sign-in-required.js';

function Loading() {
  return (
    <div className="omega-page-loading">
      <Spinner aria-label="Loading your session" />
    </div>
  );
}

function SessionError({ error }: { error: Error }) {
  return (
    <main className="omega-page">
      <h1>Omega is unreachable</h1>
      <p role="alert">We could not check your session: {errorMessage(error)}</p>
      <p>Reload the page to try again.</p>
    </main>
  );
}

/** Signed-in visitors only; others see the sign-in-required view. */
export function RequireUser() {
  const { user, isLoading, error } = useSession();
  if (isLoading) return <Loading />;
  if (error) return <SessionError error={error} />;
  if (!user) return <SignInRequired />;
  return <Outlet />;
}

/**
 * Admin pages accept admin and supergod. Inside `RequireUser`, so the visitor is signed in:
 * anyone else is sent to / (spec section 6; decision 030 says why on every admin page).
 */
export function RequireAdmin() {
  const { role, user } = useSession();
  if (!role || !atLeast(role, 'admin' satisfies Role)) return <Navigate to={paths.home} replace />;
  // The server answers the console 403 until two-factor is on (OMEGA_REQUIRE_2FA): set it up.
  if (user?.twoFactorSetupRequired) return <Navigate to={paths.accountSecurity} replace />;
  return <Outlet />;
}

/** The supergod area: others are told so and sent home. */
export function RequireSupergod() {
  const { isSupergod, user } = useSession();
  useEffect(() => {
    if (!isSupergod) {
      toast({
        title: 'Access Denied',
        description: 'This area requires Super-God privileges.',
        variant: 'destructive',
      });
    }
  }, [isSupergod]);
  if (!isSupergod) return <Navigate to={paths.home} replace />;
  if (user?.twoFactorSetupRequired) return <Navigate to={paths.accountSecurity} replace />;
  return <Outlet />;
}
