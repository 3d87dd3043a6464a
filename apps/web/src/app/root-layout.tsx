// Providers every screen needs: data defaults, tooltips, confirmations and the toaster.
import { ConfirmProvider, Toaster, TooltipProvider } from '@omega/ui';
import { Outlet } from 'react-router';
import { SWRConfig } from 'swr';
import { UiEffects } from '../features/shell/components/ui-effects.js';
import { swrDefaults } from '../lib/swr-config.js';

export function RootLayout() {
  return (
    <SWRConfig value={swrDefaults}>
      <TooltipProvider>
        <ConfirmProvider>
          <UiEffects />
          <Outlet />
          <Toaster />
        </ConfirmProvider>
      </TooltipProvider>
    </SWRConfig>
  );
}
