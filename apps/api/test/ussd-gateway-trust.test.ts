// The USSD gateway as an attacker and a flaky aggregator would use it: callers that cannot
// prove they are the aggregator read and write nothing; resent callbacks never move money
// twice; a session that answered END stays closed; a PIN is exactly 4 digits; and gateway PIN
// tries share the wallet's one lock with the keypad.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { GATEWAY_OFF, SECRET_HEADER } from '../src/services/gateway-auth.js';
import { SESSION_ENDED } from '../src/services/ussd-gateway.js';
import { createTestApp, type TestApp, walletOnPlan } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const SECRET = 'the-aggregators-shared-secret';
const PHONE = '+27821234567';
const VICTIM = '+27829990000';

type Headers = Record<string, string>;
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describeEachDatabase('USSD gateway under attack and retries', (database) => {
  let t: TestApp;
  afterEach(() => t?.close());

  const start = async (overrides: Parameters<typeof createTestApp>[1] = {}) => {
    t = await createTestApp(database, {
      ussdGateway: { secret: SECRET, cidrs: [] },
      ...overrides,
    });
  };

  const callback = (
    sessionId: string,
    text: string,
    headers: Headers = { [SECRET_HEADER]: SECRET },
    phoneNumber = PHONE,
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ussd/gateway',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      ...(remoteAddress ? { remoteAddress } : {}),
      payload: new URLSearchParams({
        sessionId,
        serviceCode: '*120*777#',
        phoneNumber,
        text,
      }).toString(),
    });

  const db = () => t.app.database.db;
  const purchases = () => db().selectFrom('ussd_transactions').selectAll().execute();
  const sessions = () => db().selectFrom('ussd_sessions').selectAll().execute();

  /** Signs a wallet in on the keypad API (demo OTP), as its owner would. */
  async function keypadSignIn(phone: string, pin: string) {
    const otp = await t.app.inject({ method: 'POST', url: '/api/ussd/otp', payload: { phone } });
    return t.app.inject({
      method: 'POST',
      url: '/api/ussd/login',
      payload: { phone, otp: otp.json().demoOtp, pin },
    });
  }

  /** A keypad wallet sends USDC to VICTIM, whose wallet then exists with no PIN set. */
  async function fundVictim() {
    await walletOnPlan(t.app, PHONE);
    const login = await keypadSignIn(PHONE, '2468');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/transaction',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: {
        idempotencyKey: 'gift-to-victim',
        type: 'Send-to-Phone',
        coin: 'USDC',
        amount: '25',
        to: VICTIM,
      },
    });
    expect(sent.json().transaction?.status, sent.body).toBe('success');
  }

  describe('authentication', () => {
    it('is off until an operator configures it: 404 naming the variable, nothing read or written', async () => {
      await start({ ussdGateway: null });
      await fundVictim();
      const res = await callback('forged', '0000*2', {}, VICTIM);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(GATEWAY_OFF);
      expect(res.json().message).toContain('OMEGA_USSD_GATEWAY_SECRET');
      // With the secret too: off means off.
      expect(
        (await callback('forged', '0000*2', { [SECRET_HEADER]: SECRET }, VICTIM)).statusCode,
      ).toBe(404);
      expect(await sessions()).toEqual([]);
    });

    it('refuses a forged phoneNumber from a caller without the secret, reading and writing nothing', async () => {
      await start();
      await fundVictim();
      const forgeries: Headers[] = [
        {},
        { [SECRET_HEADER]: 'not-the-secret' },
        { authorization: basic('aggregator', 'not-the-secret') },
        { authorization: `Bearer ${SECRET}` },
      ];
      for (const headers of forgeries) {
        const res = await callback('forged', '0000*2', headers, VICTIM);
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.body).not.toContain('USDC');
      }
      const victim = await db()
        .selectFrom('wallets')
        .selectAll()
        .where('phone', '=', VICTIM)
        .executeTakeFirstOrThrow();
      expect(victim.pin_hash).toBeNull();
      expect(await sessions()).toEqual([]);
      // The real owner still sets their own PIN at their first sign-in.
      const owner = await keypadSignIn(VICTIM, '8642');
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().balances.USDC).toBe('145.00');
    });

    it('accepts the secret as the HTTP Basic password or in X-Omega-Gateway-Secret', async () => {
      await start();
      expect(
        (await callback('basic', '', { authorization: basic('any-name', SECRET) })).body,
      ).toMatch(/^CON Enter your 4-digit PIN/);
      expect((await callback('header', '')).body).toMatch(/^CON Enter your 4-digit PIN/);
    });

    it('takes callbacks only from the allowlisted addresses, read through trusted proxies only', async () => {
      await start({
        ussdGateway: { secret: SECRET, cidrs: ['196.201.214.0/24', '2001:db8::/32'] },
        trustProxy: ['10.0.0.1'],
      });
      const auth = { [SECRET_HEADER]: SECRET };
      expect((await callback('a', '', auth, PHONE, '203.0.113.9')).statusCode).toBe(403);
      expect((await callback('b', '', auth, PHONE, '196.201.214.7')).statusCode).toBe(200);
      expect((await callback('c', '', auth, PHONE, '2001:db8::5')).statusCode).toBe(200);
      const viaProxy = { ...auth, 'x-forwarded-for': '196.201.214.8' };
      expect((await callback('d', '', viaProxy, PHONE, '10.0.0.1')).statusCode).toBe(200);
      // A forged X-Forwarded-For from anyone but our proxy buys nothing.
      expect((await callback('e', '', viaProxy, PHONE, '203.0.113.9')).statusCode).toBe(403);
      // An allowed address without the secret is still refused.
      expect((await callback('f', '', {}, PHONE, '196.201.214.7')).statusCode).toBe(401);
    });

    it('logs a refused source as a warning at most once a minute', async () => {
      await start();
      const refusals = async () => {
        await t.app.systemLogs.flush();
        return db()
          .selectFrom('system_logs')
          .select(['level', 'message'])
          .where('message', 'like', 'USSD gateway callback refused%')
          .execute();
      };
      for (let i = 0; i < 5; i++) await callback('scan', '', {}, PHONE, '198.51.100.4');
      await callback('scan', '', {}, PHONE, '198.51.100.5');
      expect((await refusals()).map((r) => r.level)).toEqual(['WARNING', 'WARNING']);
      t.advance(61_000);
      await callback('scan', '', {}, PHONE, '198.51.100.4');
      expect(await refusals()).toHaveLength(3);
    });
  });

  describe('retries', () => {
    beforeEach(() => start());
    const BUY = ['', '2468', '2468*1', '2468*1*2', '2468*1*2*130'];

    it('records one purchase when the confirming callback is sent 3 times', async () => {
      for (const text of BUY) await callback('resent', text);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await callback('resent', '2468*1*2*130*1')).body);
      expect(answers[0]).toMatch(/^END Transaction Complete/);
      expect(new Set(answers).size).toBe(1);
      expect(await purchases()).toHaveLength(1);
    });

    it('records one purchase when the confirming callback arrives 3 times at once', async () => {
      for (const text of BUY) await callback('parallel', text);
      const answers = await Promise.all(
        [1, 2, 3].map(() => callback('parallel', '2468*1*2*130*1')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(await purchases()).toHaveLength(1);
    });

    // An aggregator that missed our answer resends the callback, sometimes many copies at once
    // and to different instances: each copy waits for the one being answered, then gets its
    // answer, rather than replaying the replies beside it (where parallel PIN checks refused
    // each other and the rest of the text was read as a PIN: 7 of 10 copies got the PIN screen).
    it('gives 10 copies of a callback sent at once the same answer, recording one purchase', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => callback('burst', '2468*1*2*130*1')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(answers[0]?.body).toMatch(/^END Transaction Complete/);
      expect(new Set(answers.map((a) => a.body))).toEqual(new Set([answers[0]?.body]));
      expect(await purchases()).toHaveLength(1);
      // Nothing is left claimed: the session's next callback is answered at once.
      expect(await db().selectFrom('ussd_session_claims').selectAll().execute()).toEqual([]);
    });

    // Several instances share a PostgreSQL database; SQLite is one instance's (one process
    // holds the file), where the copies above all reach the one.
    it.runIf(database.name === 'PostgreSQL')(
      'gives copies that reach two instances at once the same answer, recording one purchase',
      async () => {
        const shared = await database.create();
        const instances = [
          await createTestApp(
            database,
            { ussdGateway: { secret: SECRET, cidrs: [] } },
            {
              url: shared.url,
              drop: async () => {},
            },
          ),
          await createTestApp(database, { ussdGateway: { secret: SECRET, cidrs: [] } }, shared),
        ];
        try {
          const send = (i: number) =>
            instances[i % 2]?.app.inject({
              method: 'POST',
              url: '/api/ussd/gateway',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                [SECRET_HEADER]: SECRET,
              },
              payload: new URLSearchParams({
                sessionId: 'roaming-burst',
                serviceCode: '*120*777#',
                phoneNumber: PHONE,
                text: '2468*1*2*130*1',
              }).toString(),
            });
          const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i)));
          const bodies = new Set(answers.map((a) => a?.body));
          expect(bodies.size, [...bodies].join('\n')).toBe(1);
          expect([...bodies][0]).toMatch(/^END Transaction Complete/);
          const recorded = await instances[0]?.app.database.db
            .selectFrom('ussd_transactions')
            .selectAll()
            .execute();
          expect(recorded).toHaveLength(1);
        } finally {
          for (const instance of instances) await instance?.close();
        }
      },
    );

    it('takes over the claim of an instance that stopped mid-callback once it lapses', async () => {
      // An instance killed while answering leaves its claim: the next copy waits it out.
      await db()
        .insertInto('ussd_session_claims')
        .values({ session_id: 'orphan', token: 'gone', expires_at: t.now() + 10_000 })
        .execute();
      let answered = false;
      const pending = callback('orphan', '2468').then((a) => {
        answered = true;
        return a;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(answered).toBe(false);
      t.advance(10_000);
      const answer = await pending;
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('1. Buy');
    });

    it('records one purchase when the whole conversation is resent after the session expired', async () => {
      for (const text of [...BUY, '2468*1*2*130*1']) await callback('late', text);
      t.advance(181_000);
      const again = await callback('late', '2468*1*2*130*1');
      expect(again.body).toMatch(/^END Transaction Complete/);
      expect(await purchases()).toHaveLength(1);
    });

    it('ignores replies after a screen that ended the flow', async () => {
      // One callback carrying a purchase, then a second purchase after the END screen.
      const res = await callback('greedy', '2468*1*2*130*1*1*1*2*130*1');
      expect(res.body).toMatch(/^END Transaction Complete/);
      expect(await purchases()).toHaveLength(1);
    });

    it('answers every callback after END with the session-ended text, doing nothing', async () => {
      for (const text of [...BUY, '2468*1*2*130*1']) await callback('closed', text);
      const later = await callback('closed', '2468*1*2*130*1*1*1*2*130*1');
      expect(later.body).toBe(SESSION_ENDED);
      expect(later.body.startsWith('END ')).toBe(true);
      expect(await purchases()).toHaveLength(1);
    });
  });

  describe('PINs', () => {
    beforeEach(() => start());

    it('takes exactly 4 digits: longer replies are refused, not cut', async () => {
      await callback('set', '');
      expect((await callback('set', '24680')).body).toContain('Please enter 4-digit PIN');
      expect((await callback('set', '24680*43219999')).body).toContain('Please enter 4-digit PIN');
      // Nothing was set: no wallet was opened by a cut-down PIN.
      expect(await db().selectFrom('wallets').selectAll().execute()).toEqual([]);
      expect((await callback('set', '24680*43219999*2468')).body).toContain('1. Buy');
      await callback('check', '');
      // '24680' is not the PIN 2468.
      expect((await callback('check', '24680')).body).toContain('Please enter 4-digit PIN');
      expect((await callback('check', '24680*2468')).body).toContain('1. Buy');
    });

    it('counts gateway PIN tries toward the wallet lock the keypad uses', async () => {
      await callback('open', '');
      await callback('open', '2468');
      await callback('guess', '');
      await callback('guess', '1111');
      await callback('guess', '1111*1112');
      const third = await callback('guess', '1111*1112*1113');
      expect(third.body).toContain('locked');
      expect((await keypadSignIn(PHONE, '2468')).statusCode).toBe(423);
    });

    it('checks at most 3 PINs when many gateway sessions guess at once', async () => {
      await callback('owner', '');
      await callback('owner', '2468');
      const guesses = ['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007'];
      await Promise.all(guesses.map((_, i) => callback(`g${i}`, '')));
      const answers = await Promise.all(guesses.map((pin, i) => callback(`g${i}`, pin)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(answers.filter((a) => a.body.includes('Wrong PIN')).length).toBeLessThanOrEqual(3);
      const wallet = await db()
        .selectFrom('wallets')
        .select('locked_until')
        .where('phone', '=', PHONE)
        .executeTakeFirstOrThrow();
      expect(Number(wallet.locked_until)).toBeGreaterThan(t.now());
    });
  });
});

describe('USSD gateway configuration', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'omega-gw-')) };

  it('is off without a secret, and on with one and an optional address list', () => {
    expect(loadConfig(env).ussdGateway).toBeNull();
    expect(
      loadConfig({
        ...env,
        OMEGA_USSD_GATEWAY_SECRET: SECRET,
        OMEGA_USSD_GATEWAY_CIDRS: '196.201.214.0/24, 2001:db8::/32,10.1.2.3',
      }).ussdGateway,
    ).toEqual({ secret: SECRET, cidrs: ['196.201.214.0/24', '2001:db8::/32', '10.1.2.3'] });
  });

  it('refuses to start with an address list but no secret, or a malformed list or short secret', () => {
    expect(() => loadConfig({ ...env, OMEGA_USSD_GATEWAY_CIDRS: '10.0.0.0/8' })).toThrow(
      /^Invalid OMEGA_USSD_GATEWAY_SECRET: required when OMEGA_USSD_GATEWAY_CIDRS is set/,
    );
    expect(() =>
      loadConfig({
        ...env,
        OMEGA_USSD_GATEWAY_SECRET: SECRET,
        OMEGA_USSD_GATEWAY_CIDRS: '10.0.0.0/33',
      }),
    ).toThrow(/^Invalid OMEGA_USSD_GATEWAY_CIDRS: 10.0.0.0\/33 has an invalid prefix length/);
    expect(() =>
      loadConfig({
        ...env,
        OMEGA_USSD_GATEWAY_SECRET: SECRET,
        OMEGA_USSD_GATEWAY_CIDRS: '999.1.1.1',
      }),
    ).toThrow(/^Invalid OMEGA_USSD_GATEWAY_CIDRS/);
    expect(() => loadConfig({ ...env, OMEGA_USSD_GATEWAY_SECRET: 'short' })).toThrow(
      /^Invalid OMEGA_USSD_GATEWAY_SECRET: expected 16 to 256 characters/,
    );
  });
});
