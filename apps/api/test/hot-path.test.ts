// What the hot path's shortcuts (docs/architecture/hot-path.md) must not change: the security
// headers on every kind of answer, the widget's CORS answers, the session cookie's handling,
// and what the logs say about each request.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../src/app.js';
import { accessLine, createLogger } from '../src/lib/logger.js';
import { atTurnEnd } from '../src/lib/turn-end.js';
import answersPerTurn from '../src/plugins/app/answers-per-turn.js';
import { SESSION_COOKIE } from '../src/plugins/external/session.js';
import {
  createUser,
  SESSION_SECRET,
  sessionFor,
  TEST_PASSWORD,
  testConfig,
  walletOnPlan,
} from './helpers/app.js';

/** What helmet sets with Omega's options over plain http (Secure cookies off). */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** What the API's own answers carry (OWASP's REST Security Cheat Sheet; decision 042). */
const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const PAGE_ONLY = Object.keys(SECURITY_HEADERS).filter((name) => !(name in API_SECURITY_HEADERS));

const WIDGET = 'https://shop.example';

describe('answers on the hot path', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const keypadDist = mkdtempSync(join(tmpdir(), 'omega-keypad-'));
    writeFileSync(join(keypadDist, 'omega-keypad.js'), 'export {};\n');
    writeFileSync(join(keypadDist, 'index.html'), '<!doctype html><title>keypad</title>\n');
    app = await build({
      config: testConfig({ widgetOrigins: [WIDGET] }),
      logger: false,
      keypadDist,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("carries the API's security headers on every kind of API answer, and the pages' on pages", async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/user' }),
      // The same call with a letter %-escaped: the router decodes it before matching.
      app.inject({ method: 'GET', url: '/%61pi/health' }),
      app.inject({ method: 'GET', url: '/api/nope' }),
      app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { origin: 'https://evil.example' },
      }),
      app.inject({
        method: 'OPTIONS',
        url: '/api/ussd/balance',
        headers: { origin: WIDGET, 'access-control-request-method': 'GET' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 404, 400, 403, 204]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({ ...API_SECURITY_HEADERS, vary: 'Origin' });
      // Headers that only act on a page are not sent with JSON.
      for (const name of PAGE_ONLY) expect(answer.headers[name], name).toBeUndefined();
    }
    const pages = await Promise.all([
      app.inject({ method: 'GET', url: '/keypad/' }),
      app.inject({ method: 'GET', url: '/api/docs' }),
    ]);
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200]);
    // A file of the build may go out as its compressed copy (static-files.test.ts).
    expect(pages[0]?.headers).toMatchObject({
      ...SECURITY_HEADERS,
      vary: 'Origin, Accept-Encoding',
    });
    // The documentation page keeps its own policy, and every other header of a page.
    const { 'content-security-policy': _, ...rest } = SECURITY_HEADERS;
    expect(pages[1]?.headers).toMatchObject(rest);
  });

  it('lets any site load the keypad element, and only that file', async () => {
    const element = await app.inject({ method: 'GET', url: '/keypad/omega-keypad.js' });
    expect(element.headers['access-control-allow-origin']).toBe('*');
    expect(element.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const revalidated = await app.inject({
      method: 'GET',
      url: '/keypad/omega-keypad.js',
      headers: { 'if-none-match': String(element.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The file served decides, not the path asked for.
    for (const url of ['/keypad/index.html', '/keypad/nested/omega-keypad.js']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('answers the widget cross-origin on /api/ussd/ only, from the listed sites only', async () => {
    const listed = await app.inject({
      method: 'GET',
      url: '/api/ussd/balance',
      headers: { origin: WIDGET },
    });
    expect(listed.statusCode).toBe(401);
    expect(listed.headers['access-control-allow-origin']).toBe(WIDGET);
    const foreign = await app.inject({
      method: 'GET',
      url: '/api/ussd/balance',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { origin: WIDGET },
    });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights as before: 204 for the widget, 400 when malformed, 404 otherwise', async () => {
    const preflight = (url: string, headers: Record<string, string>) =>
      app.inject({ method: 'OPTIONS', url, headers });
    const ok = await preflight('/api/ussd/transaction', {
      origin: WIDGET,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': WIDGET,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type, authorization',
      'access-control-max-age': '600',
      'content-length': '0',
    });
    const malformed = await preflight('/api/ussd/transaction', { origin: WIDGET });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe('Invalid Preflight Request');
    for (const [url, origin] of [
      ['/api/ussd/transaction', 'https://evil.example'],
      ['/api/user', WIDGET],
    ] as const) {
      const refused = await preflight(url, { origin, 'access-control-request-method': 'POST' });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('clears a session cookie with a bad signature and keeps one naming an ended session', async () => {
    const forged = await app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { [SESSION_COOKIE]: 'made-up.signature' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.cookies).toEqual([
      expect.objectContaining({ name: SESSION_COOKIE, value: '', maxAge: 0 }),
    ]);

    const { Signer } = await import('@fastify/cookie');
    const ended = new Signer(SESSION_SECRET, 'sha256').sign('a-session-that-is-not-stored');
    const answer = await app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { [SESSION_COOKIE]: ended },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();

    const anonymous = await app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('admits a signed-in account whose row is cached without asking for it again', async () => {
    const user = await createUser(app, 'cached-reader');
    const cookie = await sessionFor(app, user.id);
    const first = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    const reads = vi.spyOn(app.repos.users, 'findForSession');
    try {
      const again = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(reads).not.toHaveBeenCalled();
      // A level the account lacks still takes the full path, and is refused on record.
      const refused = await app.inject({
        method: 'GET',
        url: '/api/admin/logs',
        headers: { cookie },
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      reads.mockRestore();
    }
  });

  it('restores a session without hashing it, and still saves one that changed', async () => {
    // @fastify/session took a SHA-256 of the session's JSON when it restored one and again when
    // it answered, to see whether the handler changed it; Omega's patch compares the JSON itself
    // (patches/@fastify__session@*.patch, decision 022).
    const user = await createUser(app, 'unhashed-reader');
    const cookie = await sessionFor(app, user.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode,
    ).toBe(200);
    const hashes = vi.spyOn(crypto, 'createHash');
    try {
      const again = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(again.statusCode).toBe(200);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(hashes).not.toHaveBeenCalled();
    } finally {
      hashes.mockRestore();
    }
    // A session the handler changes is still seen as changed: signing in stores it and sets the
    // cookie, signing out ends it.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'unhashed-reader', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(String(signIn.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
  });

  it('refuses a call without a session cookie as the access hook does, headers and all', async () => {
    // Without the cookie the 401 is answered before the session plugin (plugins/app/signed-out.ts);
    // with a cookie naming no stored session it comes from the access hook after the session
    // was read. A client cannot tell the two apart.
    const { Signer } = await import('@fastify/cookie');
    const ended = new Signer(SESSION_SECRET, 'sha256').sign('a-session-that-is-not-stored');
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/admin/logs'],
      ['POST', '/api/supergod/execute'],
      ['POST', '/api/subscription/cancel'],
    ] as const) {
      const early = await app.inject({ method, url, headers: { cookie: 'theme=dark' } });
      const late = await app.inject({ method, url, cookies: { [SESSION_COOKIE]: ended } });
      expect(early.statusCode, `${method} ${url}`).toBe(401);
      expect(early.json()).toEqual({ message: 'Authentication required' });
      expect(early.body).toBe(late.body);
      const comparable = (headers: Record<string, unknown>) => {
        const { date, 'x-request-id': _id, ...rest } = headers;
        return rest;
      };
      expect(comparable(early.headers)).toEqual(comparable(late.headers));
    }
  });

  it('refuses a keypad call without a bearer token as the access hook does, before any session', async () => {
    const { CachingSigner } = await import('../src/lib/caching-signer.js');
    const signs = vi.spyOn(CachingSigner.prototype, 'sign');
    try {
      const early = await app.inject({
        method: 'GET',
        url: '/api/ussd/balance',
        headers: { origin: WIDGET },
      });
      expect(signs).not.toHaveBeenCalled();
      const late = await app.inject({
        method: 'GET',
        url: '/api/ussd/balance',
        headers: { origin: WIDGET, authorization: 'Bearer not-a-token' },
      });
      expect(early.statusCode).toBe(401);
      expect(early.body).toBe(late.body);
      const comparable = (headers: Record<string, unknown>) => {
        const { date, 'x-request-id': _id, ...rest } = headers;
        return rest;
      };
      expect(comparable(early.headers)).toEqual(comparable(late.headers));
      expect(early.headers['access-control-allow-origin']).toBe(WIDGET);
    } finally {
      signs.mockRestore();
    }
  });

  it('makes no session for a refused call without a cookie, and still one for the rest', async () => {
    const { CachingSigner } = await import('../src/lib/caching-signer.js');
    const signs = vi.spyOn(CachingSigner.prototype, 'sign');
    try {
      // @fastify/session signs the id of every session it makes, anonymous ones included.
      await app.inject({ method: 'GET', url: '/api/user' });
      await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'a=b; c=d' } });
      expect(signs).not.toHaveBeenCalled();
      await app.inject({ method: 'GET', url: '/api/health' });
      expect(signs).toHaveBeenCalledTimes(1);
    } finally {
      signs.mockRestore();
    }
  });

  it('makes no session for a keypad call with its bearer token and no cookie, and still one with the cookie', async () => {
    await walletOnPlan(app, '+27821112233');
    const otp = await app.inject({
      method: 'POST',
      url: '/api/ussd/otp',
      payload: { phone: '0821112233' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/ussd/login',
      payload: { phone: '0821112233', otp: otp.json().demoOtp, pin: '2468' },
    });
    const authorization = `Bearer ${login.json().token}`;
    const { CachingSigner } = await import('../src/lib/caching-signer.js');
    const signs = vi.spyOn(CachingSigner.prototype, 'sign');
    try {
      const balance = await app.inject({
        method: 'GET',
        url: '/api/ussd/balance',
        headers: { authorization },
      });
      expect(balance.statusCode, balance.body).toBe(200);
      expect(balance.json().balances.USDC).toMatch(/^\d+\.\d\d$/);
      expect(balance.headers['set-cookie']).toBeUndefined();
      expect(signs).not.toHaveBeenCalled();
      // With a session cookie (a view as a user may be kept in it) the session is restored.
      const user = await createUser(app, 'keypad-with-cookie');
      const cookie = await sessionFor(app, user.id);
      signs.mockClear();
      const withCookie = await app.inject({
        method: 'GET',
        url: '/api/ussd/balance',
        headers: { authorization, cookie },
      });
      expect(withCookie.statusCode, withCookie.body).toBe(200);
      expect(signs).toHaveBeenCalled();
    } finally {
      signs.mockRestore();
    }
  });

  it('keeps the refusals that come before a 401 first', async () => {
    // The cross-site guard still answers a foreign form post to an account's route.
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    // Public calls and the keypad's bearer-token calls are not the session's to refuse.
    const plans = await app.inject({ method: 'GET', url: '/api/subscription/plans' });
    expect(plans.statusCode).toBe(200);
    const keypad = await app.inject({ method: 'GET', url: '/api/ussd/balance' });
    expect(keypad.statusCode).toBe(401);
    expect(keypad.json().message).toMatch(/^Wallet sign-in required/);
  });

  it('writes the answers of one event-loop turn together, once the turn has handled its requests', async () => {
    // From a timer, as from a socket's callback: not from the end of a turn still running,
    // whose released answers would rightly join it (lib/turn-end.ts).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const heads = vi.spyOn(http.ServerResponse.prototype, 'writeHead');
    try {
      // Scheduled before the requests, so it runs after their turn's callbacks and before the
      // next turn: the answers, all ready by then (no database, no I/O), are still unwritten.
      const writtenWhenTheTurnEnded = new Promise<number>((resolve) =>
        setImmediate(() => resolve(heads.mock.calls.length)),
      );
      const answers = await Promise.all(
        [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/api/health' })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(await writtenWhenTheTurnEnded).toBe(0);
      expect(heads).toHaveBeenCalledTimes(3);
    } finally {
      heads.mockRestore();
    }
  });
});

describe('answers a turn at a time', () => {
  it('writes every answer of the turn even when one of them throws while written', async () => {
    const app = Fastify({ logger: false });
    await app.register(answersPerTurn);
    app.get('/:n', async (request, reply) => {
      const { n } = request.params as { n: string };
      if (n === '2') {
        // The raw response refuses this answer once, when it is finally written.
        const writeHead = reply.raw.writeHead;
        reply.raw.writeHead = (() => {
          reply.raw.writeHead = writeHead;
          throw new Error('cannot write this answer');
        }) as typeof writeHead;
      }
      return { n };
    });
    await app.ready();
    try {
      const answers = await Promise.all(
        ['1', '2', '3'].map((n) => app.inject({ method: 'GET', url: `/${n}` })),
      );
      // As when answers are written at once: the one that threw reaches the error handler.
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual([
        [200, { n: '1' }],
        [
          500,
          { statusCode: 500, error: 'Internal Server Error', message: 'cannot write this answer' },
        ],
        [200, { n: '3' }],
      ]);
    } finally {
      await app.close();
    }
  }, 10_000);
});

describe('mayCarrySession', () => {
  it('goes on to the session whenever the header mentions its cookie', async () => {
    const { mayCarrySession } = await import('../src/plugins/app/signed-out.js');
    expect(mayCarrySession(undefined, SESSION_COOKIE)).toBe(false);
    expect(mayCarrySession('theme=dark; lang=en', SESSION_COOKIE)).toBe(false);
    expect(mayCarrySession(`${SESSION_COOKIE}=abc`, SESSION_COOKIE)).toBe(true);
    expect(mayCarrySession(`theme=dark;  ${SESSION_COOKIE} = abc`, SESSION_COOKIE)).toBe(true);
    expect(mayCarrySession(`x=${SESSION_COOKIE}`, SESSION_COOKIE)).toBe(true);
  });
});

/** The end of the current event-loop turn, when waiting access lines are written. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The logger at info, its stdout's writes collected, and a way to complete request `n`. */
function accessLogging() {
  const writes: string[] = [];
  const logging = createLogger({
    level: 'info',
    systemLogSink: new Writable({ write: (_chunk, _encoding, done) => done() }),
    stdout: { write: (chunk: string) => writes.push(chunk) },
  });
  const answer = (n: number) => {
    const request = { id: `r${n}`, method: 'GET', url: `/n/${n}`, host: 'h', ip: '::1' };
    const reply = { statusCode: 200, elapsedTime: n };
    logging.logController.requestCompleted(null, request as never, reply as never);
  };
  return { writes, logging, answer };
}

describe('request logging', () => {
  /** A Fastify app logging like Omega's, with its stdout and system-log lines collected. */
  async function loggedApp(level: string) {
    const stdout: Record<string, unknown>[] = [];
    const systemLog: Record<string, unknown>[] = [];
    const collect = (into: Record<string, unknown>[]) =>
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) into.push(JSON.parse(line));
          done();
        },
      });
    const logging = createLogger({
      level,
      systemLogSink: collect(systemLog),
      stdout: collect(stdout),
    });
    const app = Fastify({
      loggerInstance: logging.logger,
      logController: logging.logController,
      childLoggerFactory: logging.childLoggerFactory,
    });
    app.get('/fine', async () => ({ ok: true }));
    app.get('/broken', async (request) => {
      request.log.error({ body: { token: 'secret-token' } }, 'the handler saw a problem');
      return { ok: false };
    });
    await app.ready();
    return { app, stdout, systemLog };
  }

  it('writes one access line per answer at info, with the request and its outcome', async () => {
    const { app, stdout } = await loggedApp('info');
    await app.inject({ method: 'GET', url: '/fine?x=1' });
    await app.inject({ method: 'GET', url: '/missing' });
    await nextTurn();
    const lines = stdout.filter((l) => l.msg === 'request completed');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      req: { method: 'GET', url: '/fine?x=1', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines[1]).toMatchObject({ req: { url: '/missing' }, res: { statusCode: 404 } });
    expect(stdout.some((l) => l.msg === 'incoming request')).toBe(false);
    await app.close();
  });

  it('writes the access line exactly as pino would, field for field and in order', async () => {
    // What log collectors parse must not change with how the line is built (lib/logger.ts).
    const written: string[] = [];
    const stream = { write: (line: string) => written.push(line) };
    const pinoLine = (fields: object) => {
      pino({ level: 'info' }, stream).info(fields, 'request completed');
      return JSON.parse(written.pop() ?? '{}') as Record<string, unknown>;
    };
    const { app, stdout } = await loggedApp('info');
    await app.inject({
      method: 'POST',
      url: '/fine?q=1',
      headers: { host: 'omega.example:8080' },
    });
    await app.inject({ method: 'GET', url: '/fine', remoteAddress: '10.1.2.3' });
    await nextTurn();
    const ours = stdout.filter((l) => l.msg === 'request completed');
    expect(ours).toHaveLength(2);
    for (const line of ours) {
      const { req, res, reqId, responseTime } = line;
      const theirs = pinoLine({ reqId, req, res, responseTime });
      const { time: _ours, ...rest } = line;
      const { time: _theirs, ...expected } = theirs;
      expect(JSON.stringify(rest)).toBe(JSON.stringify(expected));
      expect(Math.abs(Number(line.time) - Date.now())).toBeLessThan(60_000);
    }
    expect(ours[0]?.req).toMatchObject({ method: 'POST', host: 'omega.example:8080' });
    expect(ours[1]?.req).toMatchObject({ remoteAddress: '10.1.2.3' });
    await app.close();

    // Whatever a client puts in the path or a proxy in the id is escaped as pino escapes it.
    const odd = {
      id: 'proxy"id\\1',
      method: 'GET',
      url: '/x?q="a"\\b\u2028\u0001é',
      host: 'h',
      ip: '::1',
      socket: { remotePort: 4242 },
    };
    const line = accessLine(odd as never, { statusCode: 204, elapsedTime: 0.5 } as never);
    const parsed = JSON.parse(line) as Record<string, unknown>;
    const { time: _t, ...rest } = parsed;
    const { time: _p, ...expected } = pinoLine({
      reqId: odd.id,
      req: { method: 'GET', url: odd.url, host: 'h', remoteAddress: '::1', remotePort: 4242 },
      res: { statusCode: 204 },
      responseTime: 0.5,
    });
    expect(JSON.stringify(rest)).toBe(JSON.stringify(expected));
    expect(line.endsWith('}\n')).toBe(true);
  });

  it('writes no access lines above info', async () => {
    const { app, stdout } = await loggedApp('warn');
    await app.inject({ method: 'GET', url: '/fine' });
    await nextTurn();
    expect(stdout.filter((l) => l.msg === 'request completed')).toEqual([]);
    await app.close();
  });

  it('writes the access lines of one event-loop turn together, in order, and the rest on close', async () => {
    const { writes, logging, answer } = accessLogging();
    answer(1);
    answer(2);
    answer(3);
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(
      writes[0]
        ?.trim()
        .split('\n')
        .map((l) => JSON.parse(l).reqId),
    ).toEqual(['r1', 'r2', 'r3']);
    // Closing the app flushes what is waiting rather than leaving it to the next turn.
    answer(4);
    logging.flush();
    expect(writes).toHaveLength(2);
    expect(JSON.parse(writes[1] ?? '{}').reqId).toBe('r4');
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it('writes the access lines of answers sent at the end of a turn at that same end of turn', async () => {
    // Answers go out at the end of their turn (decision 053), and each one's access line comes
    // in a tick after it is written: the lines join that end of turn instead of waiting for the
    // next one, behind the next turn's requests.
    const { writes, answer } = accessLogging();
    await nextTurn();
    const writtenBeforeTheNextTurn = await new Promise<number>((resolve) => {
      atTurnEnd(() => {
        // What runs next after this end of turn: the next turn's first callback.
        setImmediate(() => resolve(writes.length));
        process.nextTick(() => {
          answer(1);
          answer(2);
        });
      });
    });
    expect(writtenBeforeTheNextTurn).toBe(1);
    expect(writes[0]?.trim().split('\n')).toHaveLength(2);
  });

  it('writes the waiting access lines when the process dies of an uncaught error', () => {
    // The server's own stdout (pino's synchronous destination), a line waiting for the end of
    // its turn, then a crash in the same turn.
    const script = [
      "import { createLogger } from './src/lib/logger.ts';",
      "import { Writable } from 'node:stream';",
      'const sink = new Writable({ write: (_c, _e, done) => done() });',
      "const logging = createLogger({ level: 'info', systemLogSink: sink });",
      "const request = { id: 'last-words', method: 'GET', url: '/', host: 'h', ip: '::1' };",
      'logging.logController.requestCompleted(null, request, { statusCode: 200, elapsedTime: 1 });',
      "throw new Error('crash');",
    ].join('\n');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('crash');
    const lines = run.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'last-words', msg: 'request completed' }),
    ]);
  });

  it("logs a request's own lines with its id, redacted, to stdout and the system log", async () => {
    for (const level of ['info', 'silent']) {
      const { app, stdout, systemLog } = await loggedApp(level);
      await app.inject({ method: 'GET', url: '/broken' });
      const [line] = systemLog;
      expect(line).toMatchObject({
        level: 50,
        msg: 'the handler saw a problem',
        reqId: expect.stringMatching(/^req-/),
        body: { token: '[redacted]' },
      });
      expect(stdout.filter((l) => l.level === 50)).toHaveLength(level === 'silent' ? 0 : 1);
      await app.close();
    }
  });
});
