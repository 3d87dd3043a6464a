// Providers every screen needs: data defaults, tooltips, confirmations and the toaster.
import { ConfirmProvider, Toaster, TooltipProvider } from '@omega/ui';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { swrDefaults } from '../lib/swr-config.js';
import { UiEffects } from './shell/ui-effects.js';

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrDefaults}>
      <TooltipProvider>
        <ConfirmProvider>
          <UiEffects />
          {children}
          <Toaster />
        </ConfirmProvider>
      </TooltipProvider>
    </SWRConfig>
  );
}
