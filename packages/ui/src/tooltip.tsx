// Tooltips with the spec's timings: open 700 ms after hover or focus, and at once when
// moving from one trigger to the next within 300 ms. Hand-written rather than Radix's,
// whose positioning engine alone cost the sign-in page more than 10 KB.
import {
  cloneElement,
  createContext,
  type FocusEvent,
  isValidElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

interface TooltipTiming {
  delay: number;
  skipDelay: number;
  /** When a tooltip last closed, to open the next one without waiting. */
  lastClosed: { at: number };
}

const TimingContext = createContext<TooltipTiming>({
  delay: TOOLTIP_DELAY,
  skipDelay: TOOLTIP_SKIP_DELAY,
  lastClosed: { at: Number.NEGATIVE_INFINITY },
});

export function TooltipProvider({ children }: { children: ReactNode }) {
  const lastClosed = useRef({ at: Number.NEGATIVE_INFINITY }).current;
  return (
    <TimingContext.Provider
      value={{ delay: TOOLTIP_DELAY, skipDelay: TOOLTIP_SKIP_DELAY, lastClosed }}
    >
      {children}
    </TimingContext.Provider>
  );
}

export interface TooltipProps {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** One focusable element: the tooltip opens on its hover and focus. */
  children: ReactElement;
}

interface TriggerProps {
  'aria-describedby'?: string;
  onMouseEnter?(e: MouseEvent): void;
  onMouseLeave?(e: MouseEvent): void;
  onFocus?(e: FocusEvent): void;
  onBlur?(e: FocusEvent): void;
  onKeyDown?(e: KeyboardEvent): void;
}

export function Tooltip({ content, side = 'top', children }: TooltipProps) {
  const timing = useContext(TimingContext);
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const warm = performance.now() - timing.lastClosed.at < timing.skipDelay;
    if (warm) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), timing.delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) timing.lastClosed.at = performance.now();
      return false;
    });
  };

  if (!isValidElement<TriggerProps>(children)) return children;
  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': open ? id : own['aria-describedby'],
    onMouseEnter: (e: MouseEvent) => {
      own.onMouseEnter?.(e);
      show();
    },
    onMouseLeave: (e: MouseEvent) => {
      own.onMouseLeave?.(e);
      hide();
    },
    onFocus: (e: FocusEvent) => {
      own.onFocus?.(e);
      show();
    },
    onBlur: (e: FocusEvent) => {
      own.onBlur?.(e);
      hide();
    },
    onKeyDown: (e: KeyboardEvent) => {
      own.onKeyDown?.(e);
      if (e.key === 'Escape') hide();
    },
  });

  return (
    <span className="omega-tooltip-anchor">
      {trigger}
      {open && (
        <span id={id} role="tooltip" className={`omega-tooltip omega-tooltip--${side}`}>
          {content}
        </span>
      )}
    </span>
  );
}
