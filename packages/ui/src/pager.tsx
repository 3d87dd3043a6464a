// Previous / "first–last of total" / Next for lists paged by offset.
import type { HTMLAttributes } from 'react';
import { Button } from './button.js';
import { cn } from './cn.js';

export interface PagerProps extends Omit<HTMLAttributes<HTMLElement>, 'onChange'> {
  /** Index of the first item shown. */
  offset: number;
  pageSize: number;
  /** How many items the current page holds. */
  shown: number;
  total: number;
  /** Asked for the offset of the page to show. */
  onChange(offset: number): void;
  /** Names the navigation landmark, for example 'User pages'. */
  'aria-label': string;
}

export function Pager({
  offset,
  pageSize,
  shown,
  total,
  onChange,
  className,
  ...props
}: PagerProps) {
  const first = shown > 0 ? offset + 1 : 0;
  const last = offset + shown;
  return (
    <nav className={cn('omega-pager', className)} {...props}>
      <Button
        variant="outline"
        size="sm"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - pageSize))}
      >
        Previous
      </Button>
      <span aria-live="polite">
        {first.toLocaleString('en')}–{last.toLocaleString('en')} of {total.toLocaleString('en')}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={last >= total}
        onClick={() => onChange(offset + pageSize)}
      >
        Next
      </Button>
    </nav>
  );
}
