// The server's logger: pino to stdout at the configured level, and warnings and errors to
// the system log (the admin Logs page) whatever stdout is set to, so tests and quiet
// deployments still keep them. Per request: one access line at info ("request completed",
// with the request's method, path, address, status and time), and a request logger that is
// only built when the request logs something (docs/architecture/hot-path.md).

import { hostname } from 'node:os';
import { TOKEN_PREFIX } from '@omega/domain';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import pino from 'pino';
import { atTurnEnd } from './turn-end.js';

export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.pin',
  '*.otp',
  '*.token',
  // A card typed into the demo provider's form (issue 39): never logged, at any level.
  '*.cardNumber',
  '*.*.cardNumber',
  '*.cvc',
  '*.*.cvc',
];

const TOKEN_PATTERN = new RegExp(`${TOKEN_PREFIX}[0-9A-Za-z]*`, 'g');

/**
 * A log line with any personal access token in it masked: the Authorization header is redacted
 * by path, but a client may paste a token where no path reaches it (a URL's query, a body a
 * warning quotes). Costs one substring test on a line without one.
 */
export function maskTokens(line: string): string {
  return line.includes(TOKEN_PREFIX)
    ? line.replace(TOKEN_PATTERN, `${TOKEN_PREFIX}[redacted]`)
    : line;
}

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

const RANK: Record<string, number> & Record<Level, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

export interface ServerLogger {
  logger: FastifyBaseLogger;
  /** Fastify's request logging: one access line per answer when stdout takes info. */
  logController: LogController;
  /** Makes each request's logger on its first use. */
  childLoggerFactory: (
    logger: FastifyBaseLogger,
    bindings: pino.Bindings,
    options: pino.ChildLoggerOptions,
  ) => FastifyBaseLogger;
  /** Writes the access lines still waiting for the end of their event-loop turn. */
  flush(): void;
}

export function createLogger(options: {
  /** stdout's level, or 'silent' for none. */
  level: string;
  systemLogSink: NodeJS.WritableStream;
  /** Where stdout's lines go (tests); the process's stdout by default. */
  stdout?: pino.DestinationStream;
}): ServerLogger {
  const streams: pino.StreamEntry[] = [{ level: 'warn', stream: options.systemLogSink }];
  // Synchronous: pino.destination(1) writes each line asynchronously through libuv's thread
  // pool, a thread hand-off per line (the info level's access lines made about 15 context
  // switches per 100 requests, docs/architecture/hot-path.md). A line is one write(2) here, in
  // order, and is out before a crash (the access lines wait for the end of their event-loop
  // turn, AccessLines below); a collector that stops reading holds the server up rather than
  // growing its memory.
  const stdout =
    options.level !== 'silent'
      ? (options.stdout ?? pino.destination({ dest: 1, sync: true }))
      : undefined;
  if (stdout) streams.push({ level: options.level as pino.Level, stream: stdout });
  // The logger itself runs at the lowest level any stream wants, so `info` calls cost
  // nothing when stdout is silent.
  const lowest = streams.reduce((min, s) => Math.min(min, RANK[s.level ?? 'info'] ?? 30), 60);
  const level = Object.entries(RANK).find(([, n]) => n === lowest)?.[0] ?? 'warn';
  // No mixin adds the request id: a line names its request through request.log's bindings, or
  // through the `reqId` a service given the id writes itself (requestIdField, decision 020).
  const logger = pino(
    {
      level,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      hooks: { streamWrite: maskTokens },
    },
    pino.multistream(streams),
  );
  // Access lines hold only the fields written below (no headers, no body): nothing in them
  // is a secret to redact, and only stdout wants them.
  const access =
    stdout && (RANK[options.level] ?? 60) <= RANK.info ? new AccessLines(stdout) : null;
  return {
    logger,
    logController: new AccessLogController(access),
    childLoggerFactory: (parent, bindings, childOptions) =>
      new RequestLogger(parent, bindings, childOptions) as unknown as FastifyBaseLogger,
    flush: () => access?.flush(),
  };
}

/** Every AccessLines with a flush scheduled; the process writes them out when it exits. */
const waiting = new Set<AccessLines>();
let exitHooked = false;

/**
 * The access lines of one event-loop turn, written to stdout together when the turn ends (one
 * write(2) for all the answers a busy turn sends, where each line was one), at the same end of
 * turn as the answers themselves and the grouped commit (lib/turn-end.ts, decision 053). In
 * order, and out within the turn: a process that exits (a crash included) writes them on its
 * way out; only a `kill -9` loses a turn's lines. Warnings and errors never wait: they go
 * through the logger. Measured at info, the signed-in read: about 7 µs of CPU per request
 * (docs/architecture/hot-path.md, item 15).
 */
class AccessLines {
  #pending = '';

  constructor(private readonly out: pino.DestinationStream) {}

  add(line: string): void {
    this.#pending += line;
    // Already waiting: the flush this turn scheduled will take this line too.
    if (waiting.has(this)) return;
    waiting.add(this);
    if (!exitHooked) {
      exitHooked = true;
      process.once('exit', () => {
        for (const lines of waiting) lines.flush();
      });
    }
    atTurnEnd(this.flush);
  }

  readonly flush = (): void => {
    waiting.delete(this);
    const chunk = this.#pending;
    if (chunk === '') return;
    this.#pending = '';
    this.out.write(chunk);
  };
}

/**
 * Fastify logged two lines per request at info ("incoming request", then "request completed")
 * through the redacting multistream; this writes one, with what both said.
 */
class AccessLogController extends LogController {
  constructor(private readonly access: AccessLines | null) {
    super({});
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    this.access?.add(maskTokens(accessLine(request, reply)));
  }
}

/** pino's own fields of every line: its pid and host bindings. */
const PROCESS_FIELDS = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

const json = (value: string | undefined, name: string): string =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;

/**
 * The access line, as pino writes `logger.info({ reqId, req, res, responseTime }, 'request
 * completed')` — the same fields in the same order (test/hot-path.test.ts compares the two) —
 * but written as one template: pino's generic serialisation of the objects cost about 8 µs of
 * the 90 µs a signed-in read took at info (docs/architecture/hot-path.md, item 13).
 */
export function accessLine(request: FastifyRequest, reply: FastifyReply): string {
  const port = request.socket?.remotePort;
  return (
    `{"level":30,"time":${Date.now()},${PROCESS_FIELDS}${json(request.id, 'reqId')}` +
    `,"req":{"method":${JSON.stringify(request.method)}${json(request.url, 'url')}` +
    `${json(request.host, 'host')}${json(request.ip, 'remoteAddress')}` +
    `${port === undefined ? '' : `,"remotePort":${port}`}}` +
    `,"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime}` +
    `,"msg":"request completed"}\n`
  );
}

type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * A request's logger that becomes pino's child logger (with the request id) on its first log
 * call at an enabled level. Most requests log nothing, and making a child for each cost more
 * than a microsecond.
 */
class RequestLogger {
  #made: pino.Logger | undefined;
  #threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {
    this.#threshold = RANK[options.level ?? parent.level] ?? Number.POSITIVE_INFINITY;
  }

  private get made(): pino.Logger {
    this.#made ??= this.parent.child(this.bindings, this.options) as pino.Logger;
    return this.#made;
  }

  private write(level: Level, args: LogArgs): void {
    if (RANK[level] < this.#threshold) return;
    (this.made[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(value: string) {
    this.made.level = value;
    this.#threshold = RANK[value] ?? Number.POSITIVE_INFINITY;
  }

  isLevelEnabled(level: string): boolean {
    return (RANK[level] ?? 0) >= this.#threshold;
  }

  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }
  error(...args: LogArgs) {
    this.write('error', args);
  }
  warn(...args: LogArgs) {
    this.write('warn', args);
  }
  info(...args: LogArgs) {
    this.write('info', args);
  }
  debug(...args: LogArgs) {
    this.write('debug', args);
  }
  trace(...args: LogArgs) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options) as unknown as FastifyBaseLogger;
  }
}
