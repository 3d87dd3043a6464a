// /admin/logs: the server's own log, newest first, polled every 5 s, searchable and filtered
// by level (on the server for the query, and again here over what is shown, as spec
// section 7 says), with 'Clear Logs' behind a confirmation.
import { Button, Input, Label, Select, Skeleton, toast, useConfirm } from '@omega/ui';
import { useCallback, useId, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { clearLogs, type LogLevelFilter, useLogs } from '../api/admin-api.js';
import { failureToast } from '../components/failure-toast.js';
import { matchesLog } from '../components/log-filter.js';
import { LogList } from '../components/log-list.js';
import '../components/admin.css';
import { errorMessage } from '../../../lib/error-message.js';

const LEVELS = [
  { value: 'ALL', label: 'All Levels' },
  { value: 'INFO', label: 'Info' },
  { value: 'WARNING', label: 'Warning' },
  { value: 'ERROR', label: 'Error' },
] as const;

export function LogsPage() {
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState<LogLevelFilter>('ALL');
  const query = useDebouncedValue(search);
  const { data, error, isLoading, size, setSize, isValidating, mutate } = useLogs(level, query);
  const confirm = useConfirm();
  const id = useId();

  const pages = data ?? [];
  const loaded = pages.flatMap((p) => p.logs);
  // Typing filters what is shown at once; the server query follows after a pause.
  const shown = loaded.filter((log) => matchesLog(log, level, search));
  const hasOlder = pages.length > 0 && pages.at(-1)?.nextCursor !== null;
  const loadingOlder = isValidating && size > pages.length;
  const loadOlder = useCallback(() => setSize((n) => n + 1), [setSize]);

  async function onClear() {
    const ok = await confirm({
      title: 'Are you sure you want to clear all logs?',
      description:
        'Every entry in the system log is deleted, and this cannot be undone. The activity log records who cleared it.',
      confirmLabel: 'Clear Logs',
      destructive: true,
    });
    if (!ok) return;
    try {
      await clearLogs();
      toast({ title: 'Logs cleared' });
      await mutate();
    } catch (err) {
      failureToast('Failed to clear logs', err);
    }
  }

  return (
    <main className="omega-page omega-stack">
      <div className="omega-page__header">
        <h1>System Logs</h1>
        <Button variant="destructive" onClick={onClear}>
          Clear Logs
        </Button>
      </div>
      <div className="omega-admin__toolbar">
        <Input
          type="search"
          aria-label="Search logs"
          placeholder="Search logs..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="omega-admin__search"
        />
        <Label htmlFor={`${id}-level`} className="omega-visually-hidden">
          Log level
        </Label>
        <Select
          id={`${id}-level`}
          aria-label="Log level"
          value={level}
          onValueChange={(v) => setLevel(v as LogLevelFilter)}
          options={LEVELS}
        />
      </div>
      {error && <p role="alert">Could not load the logs: {errorMessage(error)}</p>}
      {isLoading && !data ? (
        <Skeleton style={{ height: '600px' }} />
      ) : shown.length === 0 && !error ? (
        <div className="omega-admin__logs omega-admin__empty">
          <p>No logs found</p>
        </div>
      ) : (
        <LogList
          logs={shown}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
        />
      )}
    </main>
  );
}
