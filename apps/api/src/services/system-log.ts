// The server's own log, kept in the database for the admin Logs page as well as on stdout:
// every warning and error the logger sees, plus notable events (start, stop, migrations, job
// runs, rate-limit trips) recorded through `notable()`. Records are batched, secrets are
// redacted before anything is stored, and a retention cap keeps the table bounded.
import { Writable } from 'node:stream';
import type { LogsPage } from '@omega/contracts';
import type { Clock } from '../lib/clock.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type {
  LogFilter,
  LogLevel,
  NewSystemLog,
  SystemLogsRepository,
} from '../repositories/system-logs.js';

const FLUSH_MS = 250;
const MAX_BATCH = 200;
/** Records kept while nothing can be written (before the database opens, or while it is down). */
const MAX_PENDING = 5_000;
const PRUNE_EVERY = 1_000;
const MAX_MESSAGE = 4_000;
const MAX_STACK = 16_000;

/** Keys whose values never reach a log, in `key=value`, `key: value` and JSON spellings. */
const SECRET_KEYS =
  'password|passwd|pin|otp|token|secret|api[_-]?key|admin[_-]?key|supergod[_-]?key|session[_-]?secret|cookie|authorization';
const SECRET_PAIR = new RegExp(
  `("?(?:${SECRET_KEYS})"?\\s*[:=]\\s*)("(?:[^"\\\\]|\\\\.)*"|[^\\s,;&}]+)`,
  'gi',
);
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/g;
const REDACTED = '[redacted]';

/** Removes secret values from text: known secrets verbatim, then anything that looks like one. */
export function redactSecrets(text: string, knownSecrets: readonly string[] = []): string {
  let out = text;
  for (const secret of knownSecrets) {
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  // Bearer tokens first: "Authorization: Bearer x" would otherwise lose only the word Bearer.
  return out
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(SECRET_PAIR, (_m, key: string, value: string) =>
      value.startsWith('"') ? `${key}"${REDACTED}"` : `${key}${REDACTED}`,
    );
}

/** pino's numeric levels mapped onto the three the product shows. */
export function levelOf(pinoLevel: number): LogLevel {
  if (pinoLevel >= 50) return 'ERROR';
  if (pinoLevel >= 40) return 'WARNING';
  return 'INFO';
}

interface PinoRecord {
  level?: number;
  time?: number;
  msg?: string;
  source?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  err?: { type?: string; message?: string; stack?: string };
}

export interface SystemLogOptions {
  clock: Clock;
  /** Configured secrets (session secret, registration keys) to strip wherever they appear. */
  secrets: readonly string[];
  /** The most entries the table keeps; older ones are deleted. */
  retention: number;
}

export class SystemLog {
  private repo: SystemLogsRepository | undefined;
  private activity: ActivityRepository | undefined;
  private pending: NewSystemLog[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private sincePrune = 0;
  private closed = false;
  private readonly secrets: string[];

  constructor(private readonly options: SystemLogOptions) {
    this.secrets = [...options.secrets];
  }

  /** Secrets that appear later (generated registration keys) are redacted too. */
  addSecrets(secrets: readonly string[]): void {
    this.secrets.push(...secrets);
  }

  /** A pino destination: receives the logger's JSON lines (warnings and up reach it). */
  readonly stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.fromPino(chunk.toString('utf8'));
      done();
    },
  });

  /** Starts writing to the database (records from before this point are kept and written). */
  attach(repo: SystemLogsRepository, activity: ActivityRepository): void {
    this.repo = repo;
    this.activity = activity;
    this.schedule();
  }

  /**
   * Records a notable event at INFO (warnings and errors come through the logger), with the
   * id of the request it happened in, or null outside one (start, stop, migrations, job runs).
   */
  notable(source: string, message: string, requestId: string | null): void {
    this.push({
      level: 'INFO',
      source,
      message,
      stackTrace: null,
      at: this.options.clock(),
      requestId,
    });
  }

  /**
   * A page of the admin Logs page, newest first: entries still waiting to be written are
   * written first (they belong on the page the admin is looking at).
   */
  async page(filter: LogFilter): Promise<LogsPage> {
    if (!this.repo) throw new Error('system log is not attached');
    await this.flush();
    // One row more than the page tells whether an older page exists.
    const rows = await this.repo.page({ ...filter, limit: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    return {
      logs: page.map((r) => ({
        id: r.id,
        level: r.level,
        source: r.source,
        message: r.message,
        timestamp: new Date(r.created_at).toISOString(),
        ...(r.stack_trace ? { stackTrace: r.stack_trace } : {}),
      })),
      nextCursor: rows.length > filter.limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /** Deletes every entry and records who did it; answers how many entries there were. */
  async clearAll(actorId: number | null, requestId: string | null): Promise<number> {
    if (!this.repo || !this.activity) throw new Error('system log is not attached');
    await this.flush();
    const cleared = await this.repo.clear();
    await this.activity.record({
      userId: actorId,
      action: 'logs_clear',
      details: `cleared ${cleared} log entries`,
      at: this.options.clock(),
      requestId,
    });
    return cleared;
  }

  /** Writes what is pending now (tests and shutdown call this). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private fromPino(line: string): void {
    let record: PinoRecord;
    try {
      record = JSON.parse(line) as PinoRecord;
    } catch {
      return;
    }
    const err = record.err;
    const request = record.req?.method ? ` (${record.req.method} ${record.req.url ?? ''})` : '';
    const message = [record.msg, err?.message && err.message !== record.msg ? err.message : '']
      .filter(Boolean)
      .join(': ');
    this.push({
      level: levelOf(record.level ?? 30),
      source: record.source ?? (record.reqId ? 'http' : 'server'),
      message: `${message || err?.type || 'log entry'}${request}`,
      stackTrace: err?.stack ?? null,
      at: this.options.clock(),
      // The line's own reqId: request.log binds it, and a service logging through the app's
      // logger for a request writes it (requestIdField). A line without one has no request.
      requestId: typeof record.reqId === 'string' ? record.reqId.slice(0, 128) : null,
    });
  }

  private push(entry: NewSystemLog): void {
    if (this.closed) return;
    const { secrets } = this;
    this.pending.push({
      ...entry,
      source: entry.source.slice(0, 100),
      message: redactSecrets(entry.message, secrets).slice(0, MAX_MESSAGE),
      stackTrace: entry.stackTrace
        ? redactSecrets(entry.stackTrace, secrets).slice(0, MAX_STACK)
        : null,
    });
    // Never grow without bound while the database cannot take them: drop the oldest.
    if (this.pending.length > MAX_PENDING)
      this.pending.splice(0, this.pending.length - MAX_PENDING);
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else this.schedule();
  }

  private schedule(): void {
    if (this.timer || !this.repo || this.closed || this.pending.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_MS);
    this.timer.unref();
  }

  private async writePending(): Promise<void> {
    const repo = this.repo;
    if (!repo) return;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await repo.insertMany(batch);
        this.sincePrune += batch.length;
        // A small cap is checked often; a large one every thousand entries.
        if (this.sincePrune >= Math.min(PRUNE_EVERY, Math.max(1, this.options.retention / 10))) {
          this.sincePrune = 0;
          await repo.prune(this.options.retention);
          // SQLite's search index is kept in partitions of a bounded size (decision 046).
          await repo.sealFullPartitions();
        }
      } catch (err) {
        // Not through the logger: a failing log write must not log itself in a loop.
        process.stderr.write(
          `omega: could not write ${batch.length} system log entries: ${(err as Error).message}\n`,
        );
        return;
      }
    }
  }
}
