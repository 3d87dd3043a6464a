import { afterEach, beforeEach, expect, it } from 'vitest';
import { CONVERSATIONS } from '../../../packages/domain/test/keypad/conversations.js';
import {
  createTestApp,
  GATEWAY_SECRET,
  GATEWAY as gateway,
  type TestApp,
  ussdCallback,
  walletOnPlan,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const GATEWAY = { ussdGateway: gateway };
const AUTH = { 'x-omega-gateway-secret': GATEWAY_SECRET };

describeEachDatabase('USSD gateway', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database, GATEWAY);
    // The conversations send to a phone and transfer: the wallet's owner is on Starter.
    await walletOnPlan(t.app, '+27821234567');
  });
  afterEach(() => t.close());

  const callback = (sessionId: string, text: string, phoneNumber = '+27821234567') =>
    ussdCallback(t.app, { sessionId, text, phoneNumber, networkCode: '65501' });

  for (const [name, turns] of Object.entries(CONVERSATIONS)) {
    it(`replays '${name}'`, async () => {
      const replies: string[] = [];
      for (const turn of turns) {
        if (turn.reply !== '') replies.push(turn.reply);
        const res = await callback(`s-${name}`, replies.join('*'));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.body.startsWith(turn.ends ? 'END ' : 'CON '), res.body).toBe(true);
        expect(res.body).toContain(turn.shows);
        expect(res.body.length).toBeLessThanOrEqual(182 + 4);
      }
    });
  }

  it('records the transactions in the wallet the phone owns', async () => {
    for (const text of ['', '2468', '2468*1', '2468*1*2', '2468*1*2*130', '2468*1*2*130*1']) {
      await callback('buy-btc', text);
    }
    const rows = await t.app.database.db.selectFrom('ussd_transactions').selectAll().execute();
    expect(rows.map((r) => [r.phone, r.type, r.coin, r.amount, r.received, r.status])).toEqual([
      ['+27821234567', 'Purchase', 'BTC', '130', '0.002', 'success'],
    ]);
  });

  it('checks the PIN set on first use and never logs it', async () => {
    await callback('first', '');
    await callback('first', '2468');
    await callback('second', '');
    const wrong = await callback('second', '1111');
    expect(wrong.body).toContain('Wrong PIN. 2 tries left.');
    expect(wrong.body).toContain('Attempts: 1/3');
    expect(wrong.body.startsWith('CON ')).toBe(true);
    const right = await callback('second', '1111*2468');
    expect(right.body).toContain('1. Buy');
  });

  it('rebuilds a session older than 180 seconds from the replies, checking the PIN again', async () => {
    await callback('old', '');
    await callback('old', '2468');
    expect((await callback('old', '2468*2')).body).toContain('USDC: 120.00');
    t.advance(181_000);
    // The stored session is gone: the replies in `text` are applied afresh, PIN first.
    expect((await callback('old', '2468*2*0')).body).toContain('1. Buy');
    t.advance(181_000);
    // A wrong PIN in the replayed replies leaves the phone at the PIN prompt, not the menu.
    const forged = await callback('old', '1357*2*0*2');
    expect(forged.body).toContain('Enter your 4-digit PIN');
    expect(forged.body).not.toContain('USDC:');
  });

  it('continues a session on another server instance that shares the database', async () => {
    const shared = await database.create();
    const first = await createTestApp(database, GATEWAY, { url: shared.url, drop: async () => {} });
    const second = await createTestApp(database, GATEWAY, shared);
    try {
      const send = (app: TestApp, text: string) =>
        ussdCallback(app.app, { sessionId: 'roaming', text, phoneNumber: '+27821234567' });
      await send(first, '');
      expect((await send(first, '2468')).body).toContain('1. Buy');
      // The other instance picks up the menu where the first left it: no PIN asked again.
      const balance = await send(second, '2468*2');
      expect(balance.body).toContain('USDC: 120.00');
      expect((await send(first, '2468*2*0')).body).toContain('1. Buy');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('stores the session between callbacks without the PIN', async () => {
    await callback('ends', '');
    await callback('ends', '2468');
    const rows = () => t.app.database.db.selectFrom('ussd_sessions').selectAll().execute();
    expect((await rows()).map((r) => r.session_id)).toEqual(['ends']);
    expect(JSON.stringify(await rows())).not.toContain('2468');
  });

  it("never puts an unexpected error's own text on the phone's screen", async () => {
    await callback('bug', '');
    const signIn = t.app.walletSignIn;
    const loginTrusted = signIn.loginTrusted;
    signIn.loginTrusted = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'pin_hash')");
    };
    try {
      const res = await callback('bug', '2468');
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('Cannot read');
    } finally {
      signIn.loginTrusted = loginTrusted;
    }
  });

  it('continues a session stored before the PIN counter existed', async () => {
    await callback('older', '');
    const row = await t.app.database.db
      .selectFrom('ussd_sessions')
      .select('state')
      .where('session_id', '=', 'older')
      .executeTakeFirstOrThrow();
    const { failedPins: _f, maxPins: _m, ...older } = JSON.parse(row.state);
    await t.app.database.db
      .updateTable('ussd_sessions')
      .set({ state: JSON.stringify(older) })
      .where('session_id', '=', 'older')
      .execute();
    const res = await callback('older', '12');
    expect(res.body).toContain('Please enter 4-digit PIN');
    expect(res.body).toContain('Attempts: 0/3');
  });

  it('refuses a callback without the fields it needs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/gateway',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...AUTH },
      payload: 'sessionId=x&text=',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/required/);
  });
});
