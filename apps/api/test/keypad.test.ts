// The OmegaPay wallet API on each database: OTP expiry and tries, PIN set then checked and
// locked, idempotent transactions, failures beyond the balance, and books that balance.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp, walletOnPlan } from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const PHONE = '0821234567';
const INTL = '+27821234567';

/** A refused wallet sign-in: `error` beside `message`, the field the spec's keypad reads. */
const refused = (message: string) => ({ message, error: message });

describeEachDatabase('keypad wallets', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
    // Some tests send to a phone, a Starter feature: this wallet's owner is on Starter.
    await walletOnPlan(t.app, INTL);
  });
  afterEach(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  async function otp(phone = PHONE): Promise<string> {
    const res = await post('/api/ussd/otp', { phone });
    expect(res.statusCode).toBe(200);
    return res.json().demoOtp;
  }

  async function signIn(phone = PHONE, pin = '2468'): Promise<string> {
    const res = await post('/api/ussd/login', { phone, otp: await otp(phone), pin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token;
  }

  const tx = (token: string, body: object) =>
    post(
      '/api/ussd/transaction',
      { idempotencyKey: `key-${Math.random().toString(36).slice(2)}`, ...body },
      token,
    );

  async function ledgerTotals() {
    const rows = await t.app.database.db
      .selectFrom('ledger_entries')
      .select(['asset', 'amount'])
      .execute();
    const totals = new Map<string, bigint>();
    for (const r of rows) totals.set(r.asset, (totals.get(r.asset) ?? 0n) + BigInt(r.amount));
    return totals;
  }

  it('signs a new wallet in, sets its PIN, and opens it with the sample balances', async () => {
    const code = await otp();
    expect(code).toMatch(/^\d{4}$/);
    const res = await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' });
    expect(res.json()).toMatchObject({
      phone: INTL,
      firstSignIn: true,
      balances: { USD: '500.00', USDC: '120.00', BTC: '0.0041' },
    });
    const balance = await get('/api/ussd/balance', res.json().token);
    expect(balance.json()).toMatchObject({
      phone: INTL,
      balances: { USDC: '120.00' },
      rates: { BTC: '65000.00' },
    });
  });

  it('refuses wallet calls without a valid token', async () => {
    expect((await get('/api/ussd/balance')).statusCode).toBe(401);
    expect((await get('/api/ussd/balance', 'forged-token')).statusCode).toBe(401);
  });

  it('expires an OTP after 5 minutes, allows 3 tries, and uses it once', async () => {
    let code = await otp();
    t.advance(5 * 60_000);
    const expired = await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' });
    expect(expired.json()).toEqual(refused('The OTP has expired. Request a new one.'));

    code = await otp();
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/ussd/login', { phone: PHONE, otp: wrong, pin: '2468' });
      expect(res.json()).toEqual(refused('Invalid OTP. Try again.'));
    }
    const spent = await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' });
    expect(spent.json()).toEqual(refused('Too many wrong OTPs. Request a new one.'));

    // Five failed sign-ins in a row: the throttle asks for a pause before the next try.
    code = await otp();
    const tooSoon = await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('1');
    t.advance(1_000);
    expect(
      (await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/ussd/login', { phone: PHONE, otp: code, pin: '2468' })).statusCode,
    ).toBe(401);
  });

  it('checks the PIN after the first sign-in and locks the wallet after 3 wrong ones', async () => {
    await signIn(PHONE, '2468');
    const wrong = async () =>
      post('/api/ussd/login', { phone: PHONE, otp: await otp(), pin: '1357' });
    expect((await wrong()).json()).toEqual({
      ...refused('Wrong PIN. 2 tries left.'),
      failedPins: 1,
      maxPins: 3,
    });
    expect((await wrong()).json()).toEqual({
      ...refused('Wrong PIN. 1 try left.'),
      failedPins: 2,
      maxPins: 3,
    });
    const locked = await wrong();
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({
      ...refused('Wrong PIN. This wallet is locked for 15 minutes.'),
      failedPins: 3,
      maxPins: 3,
    });
    const right = await post('/api/ussd/login', { phone: PHONE, otp: await otp(), pin: '2468' });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual({
      ...refused('This wallet is locked after 3 wrong PINs. Try again in 15 minutes.'),
      failedPins: 3,
      maxPins: 3,
    });
    t.advance(15 * 60_000);
    expect(
      (await post('/api/ussd/login', { phone: PHONE, otp: await otp(), pin: '2468' })).statusCode,
    ).toBe(200);
  });

  it('buys at the quoted rate, records one transaction per idempotency key, and refuses a reused key', async () => {
    const token = await signIn();
    const body = {
      type: 'Purchase',
      coin: 'BTC',
      amount: '130',
      idempotencyKey: 'buy-once-123',
      userId: 1,
    };
    const first = await post('/api/ussd/transaction', body, token);
    expect(first.json().transaction).toMatchObject({
      status: 'success',
      received: '0.002',
      type: 'Purchase',
    });
    expect(first.json().transaction.reference).toMatch(/^OP[A-Z2-9]{6}$/);
    expect(first.json().balances).toMatchObject({ USD: '370.00', BTC: '0.0061' });

    const retry = await post('/api/ussd/transaction', body, token);
    expect(retry.json().transaction).toEqual(first.json().transaction);
    const list = (await get('/api/ussd/transactions', token)).json();
    expect(list.status).toBe('ok');
    expect(list.transactions).toHaveLength(1);

    const changed = await post('/api/ussd/transaction', { ...body, amount: '131' }, token);
    expect(changed.statusCode).toBe(422);
  });

  it('stores a transaction beyond the balance as a failure and moves nothing', async () => {
    const token = await signIn();
    const res = await tx(token, {
      type: 'Transfer',
      coin: 'USDC',
      amount: '120.01',
      to: 'wallet-abc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().transaction).toMatchObject({
      status: 'failure',
      message: 'Insufficient balance',
    });
    expect(res.json().balances.USDC).toBe('120.00');
    const ok = await tx(token, { type: 'Transfer', coin: 'USDC', amount: '120', to: 'wallet-abc' });
    expect(ok.json().balances.USDC).toBe('0.00');
  });

  it('sends to another phone, whose wallet then holds it', async () => {
    const token = await signIn();
    const res = await tx(token, {
      type: 'Send-to-Phone',
      coin: 'USDC',
      amount: '20.5',
      to: '0831234567',
    });
    expect(res.json().transaction).toMatchObject({
      status: 'success',
      destination: '+27831234567',
    });
    const other = await signIn('0831234567', '1111');
    const balances = (await get('/api/ussd/balance', other)).json().balances;
    // Opening balance plus what was received.
    expect(balances.USDC).toBe('140.50');
  });

  it("reads a number dialled with the international prefix '00' as the number it names", async () => {
    const token = await signIn();
    const send = (to: string) =>
      tx(token, { type: 'Send-to-Phone', coin: 'USDC', amount: '1', to });
    // 0027821234567 is this wallet's own number (+27821234567), not a wallet '+0027821234567'.
    const own = await send('0027821234567');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot send money to your own phone');
    const other = await send('0027831234567');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().transaction).toMatchObject({
      status: 'success',
      destination: '+27831234567',
    });
    // No country code starts with 0: such a number is refused, and no wallet is opened for it.
    for (const to of ['+0027831234567', '01234567890']) {
      const refused = await send(to);
      expect(refused.statusCode, to).toBe(400);
    }
    const wallets = await t.app.database.db.selectFrom('wallets').select('phone').execute();
    expect(wallets.map((w) => w.phone).sort()).toEqual(['+27821234567', '+27831234567']);
  });

  it('keeps the books balanced: every asset sums to zero across all accounts', async () => {
    const a = await signIn();
    await signIn('0831234567', '1111');
    await tx(a, { type: 'Purchase', coin: 'USDC', amount: '99.99' });
    await tx(a, { type: 'Send-to-Phone', coin: 'BTC', amount: '0.001', to: '0831234567' });
    await tx(a, { type: 'Transfer', coin: 'USDC', amount: '1000', to: 'too-much' });
    for (const total of (await ledgerTotals()).values()) expect(total).toBe(0n);
    const balances = (await get('/api/ussd/balance', a)).json().balances;
    for (const value of Object.values(balances)) expect(String(value).startsWith('-')).toBe(false);
  });

  /** Every wallet's running balances (decision 023) beside the sums of its ledger entries. */
  async function balancesAndLedger() {
    const db = t.app.database.db;
    const running = await db
      .selectFrom('wallet_balances')
      .select(['account', 'asset', 'amount'])
      .execute();
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['account', 'asset', 'amount'])
      .where('account', 'like', 'wallet:%')
      .execute();
    const sums = new Map<string, bigint>();
    for (const e of entries) {
      const key = `${e.account} ${e.asset}`;
      sums.set(key, (sums.get(key) ?? 0n) + BigInt(e.amount));
    }
    const kept = new Map(running.map((r) => [`${r.account} ${r.asset}`, BigInt(r.amount)]));
    return { kept, sums };
  }

  it("keeps each wallet's running balance equal to the sum of its ledger entries", async () => {
    const a = await signIn();
    const b = await signIn('0831234567', '1111');
    await tx(a, { type: 'Purchase', coin: 'BTC', amount: '10.25' });
    await tx(a, { type: 'Send-to-Phone', coin: 'USDC', amount: '7.77', to: '0831234567' });
    await tx(b, { type: 'Send-to-Phone', coin: 'USDC', amount: '3', to: PHONE });
    await tx(a, { type: 'Transfer', coin: 'BTC', amount: '0.0001', to: 'wallet-xyz' });
    await tx(b, { type: 'Transfer', coin: 'USDC', amount: '5000', to: 'too-much' });
    // Money sent to a phone that has no wallet yet opens one.
    await tx(a, { type: 'Send-to-Phone', coin: 'USDC', amount: '1', to: '0841234567' });
    const { kept, sums } = await balancesAndLedger();
    expect(kept.size).toBeGreaterThan(0);
    for (const [key, sum] of sums) expect(kept.get(key) ?? 0n, key).toBe(sum);
    for (const [key, amount] of kept) expect(sums.get(key) ?? 0n, key).toBe(amount);
    // What the keypad shows is the running balance.
    const shown = (await get('/api/ussd/balance', b)).json().balances;
    expect(shown.USDC).toBe('127.77');
  });

  it('never spends the same money twice: concurrent transfers beyond the balance fail, and the books agree', async () => {
    const token = await signIn();
    // 120 USDC opening balance: 20 transfers of 24 at once, of which exactly 5 fit.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        tx(token, { type: 'Transfer', coin: 'USDC', amount: '24', to: 'wallet-abc' }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const statuses = answers.map((res) => res.json().transaction.status);
    expect(statuses.filter((s) => s === 'success')).toHaveLength(5);
    expect((await get('/api/ussd/balance', token)).json().balances.USDC).toBe('0.00');
    const { kept, sums } = await balancesAndLedger();
    for (const [key, sum] of sums) expect(kept.get(key) ?? 0n, key).toBe(sum);
  });

  it('pays every send when two wallets send to each other at once (no deadlock between them)', async () => {
    const OTHER = '0831234567';
    await walletOnPlan(t.app, '+27831234567');
    const a = await signIn();
    const b = await signIn(OTHER, '1111');
    const send = (token: string, to: string) =>
      tx(token, { type: 'Send-to-Phone', coin: 'USDC', amount: '1.25', to });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? send(a, OTHER) : send(b, PHONE))),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().transaction.status).toBe('success');
    }
    // Six each way: both end where they started.
    expect((await get('/api/ussd/balance', a)).json().balances.USDC).toBe('120.00');
    expect((await get('/api/ussd/balance', b)).json().balances.USDC).toBe('120.00');
    const { kept, sums } = await balancesAndLedger();
    for (const [key, sum] of sums) expect(kept.get(key) ?? 0n, key).toBe(sum);
  });

  it('refuses bad input with a message naming the field', async () => {
    const token = await signIn();
    const bad = await tx(token, { type: 'Purchase', coin: 'ETH', amount: '1' });
    expect(bad.json()).toEqual({ message: "coin must be 'USDC' or 'BTC'" });
    const decimals = await tx(token, {
      type: 'Transfer',
      coin: 'BTC',
      amount: '0.000000001',
      to: 'abc',
    });
    expect(decimals.json()).toEqual({
      message: 'amount must be a positive decimal number with up to 8 decimals',
    });
    const usdDecimals = await tx(token, { type: 'Purchase', coin: 'BTC', amount: '1.234' });
    expect(usdDecimals.json()).toEqual({
      message: 'amount must be a positive number of USD with up to 2 decimals',
    });
    // Amounts whose minor units no longer fit the 64-bit integers both databases keep them in
    // (PostgreSQL answered 500: "out of range for type bigint"; SQLite recorded a failure).
    const tooMuch = await tx(token, {
      type: 'Transfer',
      coin: 'USDC',
      amount: '92233720368.54775808',
      to: 'addr123',
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json()).toEqual({
      message: 'amount is too large: at most 92233720368.54775807 USDC',
    });
    const send = await tx(token, {
      type: 'Send-to-Phone',
      coin: 'BTC',
      amount: '999999999999999',
      to: '+27829999999',
    });
    expect(send.json()).toEqual({
      message: 'amount is too large: at most 92233720368.54775807 BTC',
    });
    // Each cent buys a million USDC units: this much would buy more than a figure can hold.
    const buy = await tx(token, { type: 'Purchase', coin: 'USDC', amount: '92233720368.55' });
    expect(buy.statusCode, buy.body).toBe(400);
    expect(buy.json()).toEqual({
      message: 'amount is too large: it would buy more USDC than a wallet can hold',
    });
    // The largest amount that fits is a transaction like any other (here, more than the wallet has).
    const most = await tx(token, {
      type: 'Transfer',
      coin: 'USDC',
      amount: '92233720368.54775807',
      to: 'addr123',
    });
    expect(most.statusCode, most.body).toBe(200);
    expect(most.json().transaction.status).toBe('failure');
    const phone = await post('/api/ussd/otp', { phone: '12ab' });
    expect(phone.json()).toEqual({ message: "phone may contain only digits and a leading '+'" });
    const pin = await post('/api/ussd/login', { phone: PHONE, otp: '1234', pin: '12' });
    expect(pin.json()).toEqual(refused('pin must be exactly 4 digits'));
  });
});

describeEachDatabase('keypad widget from other sites', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  it('answers the listed origin cross-origin, and no other', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/ussd/otp',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example');

    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/otp',
      headers: { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' },
      payload: { phone: '0821234567' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('https://shop.example');

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/otp',
      headers: { origin: 'https://evil.example' },
      payload: { phone: '0821234567' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    // Account calls stay same-site only, even for the listed origin.
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://shop.example' },
      payload: { username: 'x', password: 'y' },
    });
    expect(account.statusCode).toBe(403);
  });
});
