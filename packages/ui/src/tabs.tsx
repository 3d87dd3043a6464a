// Tabs after the WAI-ARIA tabs pattern: a tablist of tabs, each controlling its tabpanel; the
// selected tab is the one tab stop, Left/Right (wrapping), Home and End move the focus and select
// (automatic activation); only the selected panel's content is mounted. Ours rather than Radix's:
// the sign-in page's first load carried 9 KB gzip of Radix Tabs and its helpers (decision 037).
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useContext,
  useId,
  useState,
} from 'react';
import { cn } from './cn.js';

interface TabsState {
  value: string;
  select(value: string): void;
  /** The id of a value's tab or panel, which name each other. */
  id(part: 'tab' | 'panel', value: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error('A tab, tab list or tab panel must be inside <Tabs>');
  return tabs;
}

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue'> {
  /** The selected tab's value, when the parent holds it (with `onValueChange`). */
  value?: string;
  /** The tab selected first, when the tabs hold their own value. */
  defaultValue?: string;
  onValueChange?(value: string): void;
}

export function Tabs({ value, defaultValue = '', onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const base = useId();
  const current = value ?? own;
  const tabs: TabsState = {
    value: current,
    select(next) {
      if (next === current) return;
      setOwn(next);
      onValueChange?.(next);
    },
    id: (part, v) => `${base}-${part}-${v}`,
  };
  return (
    <TabsContext value={tabs}>
      <div {...props} />
    </TabsContext>
  );
}

/** Where each key moves the focus from tab `at` of `count`. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  function move(e: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(e);
    const to = MOVES[e.key];
    if (!to || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tabs = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    e.preventDefault();
    // Focusing a tab selects it (TabsTrigger's onFocus).
    tabs[to(at, tabs.length)]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('omega-tabs__list', className)}
      onKeyDown={move}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.id('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      className={cn('omega-tabs__trigger', className)}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) tabs.select(value);
      }}
      onFocus={(e) => {
        onFocus?.(e);
        tabs.select(value);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.id('panel', value)}
      aria-labelledby={tabs.id('tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the panel the tab stop after the tab list, so a panel with nothing focusable is still reached.
      tabIndex={0}
      className={cn('omega-tabs__content', className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}
