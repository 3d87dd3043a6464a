// The logs' client-side filter: spec section 7 filters level and search on the client too,
// so what is shown follows the search box at once while the server query waits for a pause.

import type { LogEntry } from '@omega/contracts';
import type { LogLevelFilter } from '../api/admin-api.js';

/** The same rule the server applies: the level matches and the message contains the text. */
export function matchesLog(log: LogEntry, level: LogLevelFilter, search: string): boolean {
  if (level !== 'ALL' && log.level !== level) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return log.message.toLowerCase().includes(needle) || log.source.toLowerCase().includes(needle);
}
