// Which errors mean "the database cannot serve right now" (a 503 with Retry-After), and how an
// outage is logged: once when it starts, at most every 10 s while it lasts, once when it ends.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { retryOnContention } from '../src/lib/contention.js';
import { OutageLog, unavailable } from '../src/lib/unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('unavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED'), 'connection'],
    ['a reset connection', withCode('ECONNRESET'), 'connection'],
    ['a broken pipe', withCode('EPIPE'), 'connection'],
    ['a connect timeout', withCode('ETIMEDOUT'), 'connection'],
    ['an unknown host', withCode('ENOTFOUND'), 'connection'],
    ['PostgreSQL shutting down (57P01)', withCode('57P01'), 'connection'],
    ['PostgreSQL starting up (57P03)', withCode('57P03'), 'connection'],
    ['a connection exception (08006)', withCode('08006'), 'connection'],
    ['too many connections (53300)', withCode('53300'), 'connection'],
    ['the idle-in-transaction timeout (25P03)', withCode('25P03'), 'connection'],
    ['the statement timeout (57014)', withCode('57014'), 'timeout'],
    ['a lock timeout (55P03)', withCode('55P03'), 'timeout'],
    ['a dropped connection', new Error('Connection terminated unexpectedly'), 'connection'],
    [
      'the pool connect timeout',
      new Error('timeout exceeded when trying to connect'),
      'connection',
    ],
    ['the client query timeout', new Error('Query read timeout'), 'connection'],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
      'connection',
    ],
    [
      'a connect timeout wrapped by the pool',
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('timeout expired'),
      }),
      'connection',
    ],
    [
      'an AggregateError of refused addresses (localhost on IPv4 and IPv6)',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
      'connection',
    ],
    ['SQLite locked by another connection', withCode('SQLITE_BUSY'), 'busy'],
    ['SQLite BUSY_SNAPSHOT', withCode('SQLITE_BUSY_SNAPSHOT'), 'busy'],
    ['a full disk', withCode('SQLITE_FULL'), 'storage'],
    ['a read-only file', withCode('SQLITE_READONLY'), 'storage'],
    ['a read-only file moved away', withCode('SQLITE_READONLY_DBMOVED'), 'storage'],
    ['an I/O error', withCode('SQLITE_IOERR_WRITE'), 'storage'],
    ['a deadlock PostgreSQL broke (40P01)', withCode('40P01'), 'contention'],
    ['a serialization failure (40001)', withCode('40001'), 'contention'],
  ])('counts %s', (_, err, kind) => {
    expect(unavailable(err)?.kind).toBe(kind);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505')],
    ['a syntax error (42601)', withCode('42601')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a value that is not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('leaves out %s', (_, err) => {
    expect(unavailable(err)).toBeNull();
  });

  it('says what is unavailable and when to try again', () => {
    expect(unavailable(withCode('ECONNREFUSED'))).toEqual({
      kind: 'connection',
      message:
        'The service is briefly unavailable: the database cannot be reached. Try again in a few seconds.',
      retryAfterSeconds: 5,
    });
    expect(unavailable(withCode('SQLITE_BUSY'))?.message).toBe(
      'The service is briefly unavailable: the database is busy. Try again in a few seconds.',
    );
  });
});

describe('retryOnContention', () => {
  it('runs a transaction that lost a deadlock again, and gives up after the third try', async () => {
    let runs = 0;
    const won = await retryOnContention(async () => {
      runs += 1;
      if (runs < 3) throw withCode('40P01', 'deadlock detected');
      return 'written';
    });
    expect({ won, runs }).toEqual({ won: 'written', runs: 3 });
    runs = 0;
    const lost = retryOnContention(async () => {
      runs += 1;
      throw withCode('40001', 'could not serialize access');
    });
    await expect(lost).rejects.toThrow('could not serialize access');
    expect(runs).toBe(3);
  });

  it('never runs again what failed for another reason', async () => {
    let runs = 0;
    const failed = retryOnContention(async () => {
      runs += 1;
      throw withCode('23505', 'duplicate key');
    });
    await expect(failed).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
  });
});

describe('OutageLog', () => {
  function setup() {
    let now = 0;
    const lines: string[] = [];
    const log = new OutageLog({
      warn: (_err, message) => lines.push(`warn ${message}`),
      recovered: (message) => lines.push(`info ${message}`),
      now: () => now,
    });
    return { log, lines, at: (ms: number) => (now = ms) };
  }

  it('warns once when an outage starts, every 10 s while it lasts, and says when it ends', () => {
    const { log, lines, at } = setup();
    for (let ms = 0; ms <= 25_000; ms += 500) {
      at(ms);
      log.failed(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    }
    at(26_000);
    log.succeeded();
    log.succeeded();
    expect(lines).toEqual([
      'warn database unavailable: connect ECONNREFUSED 127.0.0.1:5432',
      'warn database still unavailable: 20 failure(s) in the last 10 s, latest: connect ECONNREFUSED 127.0.0.1:5432',
      'warn database still unavailable: 20 failure(s) in the last 10 s, latest: connect ECONNREFUSED 127.0.0.1:5432',
      'info database answering again after 26.0 s (51 failure(s))',
    ]);
    expect(log.failing).toBe(false);
  });

  it('does not log a flapping connection once per flap, and counts the failures it left out', () => {
    const { log, lines, at } = setup();
    for (let ms = 0; ms < 10_000; ms += 1000) {
      at(ms);
      log.failed(new Error('Connection terminated unexpectedly'));
      at(ms + 1);
      log.succeeded();
    }
    at(12_000);
    log.failed(new Error('Connection terminated unexpectedly'));
    expect(lines).toEqual([
      'warn database unavailable: Connection terminated unexpectedly',
      'info database answering again after 0.0 s (1 failure(s))',
      'warn database unavailable: Connection terminated unexpectedly (10 failures since the last warning)',
    ]);
  });

  it('counts one error once, whoever reports it', () => {
    const { log, lines, at } = setup();
    const err = new Error('Query read timeout');
    log.failed(err);
    at(20_000);
    log.failed(err);
    expect(lines).toHaveLength(1);
  });
});

describe('database timeouts configuration', () => {
  const load = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: tmpdir(), SESSION_SECRET: 's'.repeat(32), ...env });

  it('defaults to 5 s to connect, 5 s per statement and 10 s idle in a transaction', () => {
    expect(load().databaseTimeouts).toEqual({
      connectMs: 5000,
      queryMs: 5000,
      idleTransactionMs: 10_000,
    });
  });

  it('reads each variable, and names the one that is wrong', () => {
    expect(
      load({
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_QUERY_TIMEOUT_MS: '0',
        DATABASE_IDLE_TX_TIMEOUT_MS: '30000',
      }).databaseTimeouts,
    ).toEqual({ connectMs: 2000, queryMs: 0, idleTransactionMs: 30_000 });
    expect(() => load({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(
      /^Invalid DATABASE_CONNECT_TIMEOUT_MS: expected milliseconds from 100 to 60000/,
    );
  });
});
