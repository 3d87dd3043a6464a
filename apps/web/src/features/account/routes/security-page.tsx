// /account/security (issues 36, 37): every signed-in user's own account security — change the
// password, two-factor sign-in with an authenticator app, passkeys, see and end the account's
// sessions, and personal access tokens for scripts and other applications. Reached from the top
// bar's username.
import { Banner, SectionCard, Skeleton } from '@omega/ui';
import { LoadFailed } from '../../../lib/load-failed.js';
import { useSession } from '../../../lib/session.js';
import { useAccountActions, useAccountSessions } from '../api/account-api.js';
import { ChangePasswordForm } from '../components/change-password-form.js';
import { PasskeysSection } from '../components/passkeys-section.js';
import { SessionsList } from '../components/sessions-list.js';
import { TokensSection } from '../components/tokens-section.js';
import { TwoFactorSection } from '../components/two-factor-section.js';
import '../components/account.css';

function Sessions() {
  const { data, error, isLoading, mutate } = useAccountSessions();
  const actions = useAccountActions();
  if (error && !data) {
    return <LoadFailed what="your sessions" error={error} onRetry={() => void mutate()} />;
  }
  if (isLoading || !data) {
    return (
      <div aria-busy="true">
        <Skeleton style={{ height: '8rem' }} aria-label="Loading your sessions" />
      </div>
    );
  }
  return (
    <SessionsList
      sessions={data}
      onEnd={actions.endSession}
      onSignOutOthers={actions.signOutOthers}
    />
  );
}

export function SecurityPage() {
  const actions = useAccountActions();
  const { user } = useSession();
  return (
    <main className="omega-page omega-stack">
      <h1>Account security</h1>
      {user?.twoFactorSetupRequired && (
        <Banner variant="destructive">
          Your role must use two-factor sign-in: set up an authenticator app below to open the admin
          and supergod consoles.
        </Banner>
      )}
      <div className="omega-account__sections">
        <SectionCard id="account-password" title="Change password">
          <ChangePasswordForm onChange={actions.changePassword} />
        </SectionCard>
        <SectionCard id="account-two-factor" title="Two-factor sign-in">
          <TwoFactorSection />
        </SectionCard>
        <SectionCard id="account-passkeys" title="Passkeys">
          <PasskeysSection />
        </SectionCard>
        <SectionCard id="account-sessions" title="Sessions">
          <p className="omega-muted">
            Where your account is signed in. "Last seen" is accurate to five minutes.
          </p>
          <Sessions />
        </SectionCard>
        <SectionCard id="account-tokens" title="Personal access tokens">
          <TokensSection />
        </SectionCard>
      </div>
    </main>
  );
}
