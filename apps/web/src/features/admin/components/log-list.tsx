// The logs' 600 px scroll area (spec section 9). Only the rows in view are in the page, so
// tens of thousands of loaded entries scroll smoothly; nearing the end loads older ones.

import type { LogEntry, LogLevel } from '@omega/contracts';
import { Badge, Button, Spinner } from '@omega/ui';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { when } from './figures.js';

const LEVEL_BADGE: Record<LogLevel, 'outline' | 'secondary' | 'destructive'> = {
  INFO: 'outline',
  WARNING: 'secondary',
  ERROR: 'destructive',
};

/** How close to the last loaded row the viewer may scroll before older entries load. */
const LOAD_AHEAD = 10;

export interface LogListProps {
  logs: readonly LogEntry[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
}

export function LogList({ logs, hasOlder, loadingOlder, onLoadOlder }: LogListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: logs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 76,
    overscan: 8,
    getItemKey: (index) => logs[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasOlder && !loadingOlder && lastShown >= logs.length - LOAD_AHEAD) onLoadOlder();
  }, [hasOlder, loadingOlder, lastShown, logs.length, onLoadOlder]);

  return (
    <>
      <section
        ref={scrollRef}
        className="omega-admin__logs"
        aria-label="Log entries"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable area must take focus so the keyboard can scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
      >
        <ul className="omega-admin__log-list" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const log = logs[item.index];
            if (!log) return null;
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="omega-admin__log"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div className="omega-admin__log-meta">
                  <Badge variant={LEVEL_BADGE[log.level]}>{log.level}</Badge>
                  <time dateTime={log.timestamp}>{when(log.timestamp)}</time>
                  <span className="omega-muted">{log.source}</span>
                </div>
                <p className="omega-admin__log-message">{log.message}</p>
                {log.stackTrace && (
                  <>
                    <span className="omega-visually-hidden">Stack trace:</span>
                    <pre className="omega-admin__stack">{log.stackTrace}</pre>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <div className="omega-admin__toolbar">
        <span className="omega-muted" aria-live="polite">
          {logs.length === 1 ? '1 entry shown' : `${logs.length} entries shown`}
        </span>
        {loadingOlder && <Spinner size="sm" aria-label="Loading older logs" />}
        {hasOlder && !loadingOlder && (
          <Button variant="outline" size="sm" onClick={onLoadOlder}>
            Load older logs
          </Button>
        )}
      </div>
    </>
  );
}
