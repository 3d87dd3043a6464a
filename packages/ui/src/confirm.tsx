// `useConfirm()`: a page writes `if (await confirm({ title: 'Are you sure?' })) …`. The
// dialog itself loads on first use, so pages that never confirm do not download it.
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';

export interface ConfirmOptions {
  /** The question, for example 'Are you sure you want to clear all logs?'. */
  title: string;
  /** What confirming does, in other words than the title's (it is read after it). */
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);
const ConfirmDialog = lazy(() => import('./confirm-dialog.js'));

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

  const answer = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {options && (
        <Suspense fallback={null}>
          <ConfirmDialog options={options} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
}
