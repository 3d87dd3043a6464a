// Providers every screen needs: data defaults, tooltips, confirmations and the toaster.
import { ConfirmProvider, dismissToast, TooltipProvider, useToasts } from '@omega/ui';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { SWRConfig } from 'swr';
import { swrDefaults } from '../lib/swr-config.js';
import { UiEffects } from './shell/ui-effects.js';

const Toaster = lazy(() =>
  import('@omega/ui/toaster').then(
    (m) => ({ default: m.Toaster }),
    // A failed download (offline, a deploy replaced the files) must not lose the message.
    () => ({ default: PlainToasts }),
  ),
);

/** The messages without Radix: what shows when the toast renderer could not be loaded. */
function PlainToasts() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <section className="omega-toast-viewport" aria-label="Notifications">
      {toasts.map((t) => (
        <div
          key={t.id}
          role="status"
          className={
            t.variant === 'destructive' ? 'omega-toast omega-toast--destructive' : 'omega-toast'
          }
        >
          <div className="omega-toast__title">{t.title}</div>
          {t.description && <div className="omega-toast__description">{t.description}</div>}
          <button
            type="button"
            className="omega-toast__close"
            aria-label="Close"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

/**
 * The toast renderer arrives with the first toast: most visits to the sign-in page show none,
 * and Radix Toast is about 8 KB gzip of its first load (decision 004). Once mounted it stays, so
 * later toasts show at once.
 */
function ToasterOnDemand() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrDefaults}>
      <TooltipProvider>
        <ConfirmProvider>
          <UiEffects />
          {children}
          <ToasterOnDemand />
        </ConfirmProvider>
      </TooltipProvider>
    </SWRConfig>
  );
}
