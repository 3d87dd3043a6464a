// The server's logger: pino to stdout at the configured level, and warnings and errors to
// the system log (the admin Logs page) whatever stdout is set to, so tests and quiet
// deployments still keep them.
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.pin',
  '*.otp',
  '*.token',
];

const RANK: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

export function createLogger(options: {
  /** stdout's level, or 'silent' for none. */
  level: string;
  systemLogSink: NodeJS.WritableStream;
}): FastifyBaseLogger {
  const streams: pino.StreamEntry[] = [{ level: 'warn', stream: options.systemLogSink }];
  if (options.level !== 'silent') {
    streams.push({ level: options.level as pino.Level, stream: pino.destination(1) });
  }
  // The logger itself runs at the lowest level any stream wants, so `info` calls cost
  // nothing when stdout is silent.
  const lowest = streams.reduce((min, s) => Math.min(min, RANK[s.level ?? 'info'] ?? 30), 60);
  const level = Object.entries(RANK).find(([, n]) => n === lowest)?.[0] ?? 'warn';
  return pino(
    { level, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } },
    pino.multistream(streams),
  );
}
