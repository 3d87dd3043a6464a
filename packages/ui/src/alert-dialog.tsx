// Confirmation dialogs (Radix AlertDialog), and `useConfirm()` so a page can simply write
// `if (await confirm({ title: 'Are you sure?' })) …`.
import * as AlertPrimitive from '@radix-ui/react-alert-dialog';
import {
  type ComponentProps,
  createContext,
  type HTMLAttributes,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { buttonVariants } from './button.js';
import { cn } from './cn.js';

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertPrimitive.Content>) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className="omega-dialog__overlay" />
      <AlertPrimitive.Content className={cn('omega-dialog', className)} {...props} />
    </AlertPrimitive.Portal>
  );
}

export const AlertDialogHeader = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('omega-dialog__header', className)} {...p} />
);
export const AlertDialogFooter = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('omega-dialog__footer', className)} {...p} />
);
export const AlertDialogTitle = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Title>) => (
  <AlertPrimitive.Title className={cn('omega-dialog__title', className)} {...p} />
);
export const AlertDialogDescription = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Description>) => (
  <AlertPrimitive.Description className={cn('omega-dialog__description', className)} {...p} />
);
export const AlertDialogCancel = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Cancel>) => (
  <AlertPrimitive.Cancel className={cn('omega-button', buttonVariants.outline, className)} {...p} />
);
export const AlertDialogAction = ({
  className,
  ...p
}: ComponentProps<typeof AlertPrimitive.Action>) => (
  <AlertPrimitive.Action className={cn('omega-button', buttonVariants.default, className)} {...p} />
);

export interface ConfirmOptions {
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialog open={options !== null} onOpenChange={(open) => !open && answer(false)}>
        {options && (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{options.title}</AlertDialogTitle>
              {options.description ? (
                <AlertDialogDescription>{options.description}</AlertDialogDescription>
              ) : (
                <AlertDialogDescription className="omega-visually-hidden">
                  {options.title}
                </AlertDialogDescription>
              )}
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel onClick={() => answer(false)}>
                {options.cancelLabel ?? 'Cancel'}
              </AlertDialogCancel>
              <AlertDialogAction
                className={options.destructive ? buttonVariants.destructive : undefined}
                onClick={() => answer(true)}
              >
                {options.confirmLabel ?? 'Confirm'}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        )}
      </AlertDialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
}
