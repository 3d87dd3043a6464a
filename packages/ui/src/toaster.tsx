// The toast renderer (Radix Toast) for the store in ./toast.tsx. Its own entry point
// (`@omega/ui/toaster`), so the web app loads it with the first toast: the sign-in page's first
// load does not carry it (docs/decisions/004-sign-in-page-budget.md).
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cn } from './cn.js';
import { dismissToast, TOAST_DURATION, useToasts } from './toast.js';

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn('omega-toast', t.variant === 'destructive' && 'omega-toast--destructive')}
        >
          <ToastPrimitive.Title className="omega-toast__title">{t.title}</ToastPrimitive.Title>
          {t.description && (
            <ToastPrimitive.Description className="omega-toast__description">
              {t.description}
            </ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close className="omega-toast__close" aria-label="Close">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport hotkey={['F8']} className="omega-toast-viewport" />
    </ToastPrimitive.Provider>
  );
}
