// Two-factor sign-in with an authenticator app (issue 36), on each database: setup is pending
// until a code confirms it, the secret is stored encrypted and answered once, recovery codes are
// single-use, sign-in then needs a second step that lasts 5 minutes and opens nothing by itself,
// a code is accepted once, wrong codes count in the sign-in throttle, and turning it off needs
// the password and a factor. Codes are computed with the same library the server uses.
import { CONFIRMATION_PHRASE, routeList, twoFactorMessages } from '@omega/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  activityActions,
  createTestApp,
  createUser,
  sessionCookie,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

const STEP = 30_000;

describeEachDatabase('two-factor sign-in', (database) => {
  let t: TestApp;
  let ann: { id: number; username: string };
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    ann = await createUser(t.app, 'ann');
    cookie = await sessionFor(t.app, ann.id);
  });
  afterEach(() => t.close());

  const post = (url: string, payload: object = {}, as?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: as ? { cookie: as } : {} });
  const status = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/account/2fa', headers: { cookie } })).json();
  const codeAt = (secret: string, at = t.now()) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
  const actions = () => activityActions(t.app, ann.id);
  const me = async (as: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: as } })).statusCode;

  /** Sets up and enables; answers the secret and the recovery codes, a step later. */
  async function turnOn() {
    const setup = await post('/api/account/2fa/totp/setup', {}, cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const enable = await post('/api/account/2fa/totp/enable', { code: codeAt(secret) }, cookie);
    expect(enable.statusCode, enable.body).toBe(200);
    t.advance(STEP);
    return { secret: secret as string, recoveryCodes: enable.json().recoveryCodes as string[] };
  }
  /** Signs in with the password: answers the pending session's cookie. */
  async function password() {
    const res = await post('/api/login', { username: 'ann', password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return { res, pending: sessionCookie(res) as string };
  }

  it('sets up a pending secret, answered once and stored encrypted, that nothing uses yet', async () => {
    const res = await post('/api/account/2fa/totp/setup', {}, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { secret, otpauthUrl, qrSvg } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Omega:ann?issuer=Omega&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(await status()).toEqual({ enabled: false, pending: true, recoveryCodesLeft: 0 });
    const row = await t.app.database.db
      .selectFrom('user_totp')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).toMatch(/^v1:/);
    expect(row.secret_enc).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret);
    // Pending is not on: the password alone still signs in.
    const { res: login } = await password();
    expect(login.json().user.username).toBe('ann');
    // A second setup replaces the pending secret.
    const again = (await post('/api/account/2fa/totp/setup', {}, cookie)).json();
    expect(again.secret).not.toBe(secret);
    const enable = await post('/api/account/2fa/totp/enable', { code: codeAt(secret) }, cookie);
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toEqual({ message: 'The code is incorrect' });
    expect((await status()).enabled).toBe(false);
  });

  it('answers setups sent at once with one pending secret each and no error', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => post('/api/account/2fa/totp/setup', {}, cookie)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.app.database.db.selectFrom('user_totp').selectAll().execute();
    expect(rows).toHaveLength(1);
    // The secret kept is one the user was shown: its code turns two-factor on.
    const shown = answers.map((a) => a.json().secret as string);
    const codes = await Promise.all(
      shown.map((secret) => post('/api/account/2fa/totp/enable', { code: codeAt(secret) }, cookie)),
    );
    expect(codes.filter((c) => c.statusCode === 200)).toHaveLength(1);
  });

  // Setup in one window while another confirms: the code checked is the secret read, and only
  // that secret may be turned on, or the account would be left with one no app holds.
  it('turns on only the secret whose code it checked, not one a setup put in its place meanwhile', async () => {
    const first = (await post('/api/account/2fa/totp/setup', {}, cookie)).json().secret as string;
    const read = await t.app.repos.twoFactor.find(ann.id);
    await post('/api/account/2fa/totp/setup', {}, cookie);
    // The confirmation read the first secret just before the second setup replaced it.
    vi.spyOn(t.app.repos.twoFactor, 'find').mockResolvedValueOnce(read);
    const enable = await post('/api/account/2fa/totp/enable', { code: codeAt(first) }, cookie);
    expect(enable.statusCode).toBe(409);
    expect(enable.json()).toEqual({ message: twoFactorMessages.setupReplaced });
    expect(await status()).toEqual({ enabled: false, pending: true, recoveryCodesLeft: 0 });
  });

  it('turns on with the first code, answering ten recovery codes once, audited', async () => {
    expect((await post('/api/account/2fa/totp/enable', { code: '123456' }, cookie)).json()).toEqual(
      { message: 'Start the setup first: there is no authenticator app waiting to be confirmed' },
    );
    const { recoveryCodes } = await turnOn();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status()).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    const stored = await t.app.database.db.selectFrom('recovery_codes').selectAll().execute();
    expect(stored.map((r) => r.code_hash).join()).not.toContain(recoveryCodes[0]?.slice(0, 5));
    expect(await actions()).toEqual(['two_factor_enabled']);
    const setup = await post('/api/account/2fa/totp/setup', {}, cookie);
    expect(setup.statusCode).toBe(409);
    expect(setup.json()).toEqual({ message: 'Two-factor authentication is already on' });
  });

  it('signs in in two steps; the pending step opens nothing by itself', async () => {
    const { secret } = await turnOn();
    const { res, pending } = await password();
    expect(res.json()).toEqual({
      ok: true,
      message: 'Enter the code from your authenticator app',
      twoFactorRequired: true,
    });
    expect(await me(pending)).toBe(401);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: { cookie: pending },
    });
    expect(sessions.statusCode).toBe(401);
    const done = await post('/api/login/2fa', { code: codeAt(secret) }, pending);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ ok: true, user: { username: 'ann' } });
    const signedIn = sessionCookie(done) as string;
    expect(signedIn).not.toBe(pending);
    expect(await me(signedIn)).toBe(200);
    expect(await me(pending)).toBe(401);
    expect(await actions()).toEqual(['two_factor_enabled', 'login_second_factor', 'login']);
  });

  it('accepts a code once: a replay in its window is refused, the next step’s code is not', async () => {
    const { secret } = await turnOn();
    const code = codeAt(secret);
    const first = await post('/api/login/2fa', { code }, (await password()).pending);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await post('/api/login/2fa', { code }, (await password()).pending);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      message: 'That code has been used already: wait for the next one',
    });
    // Nor the step before, once a later one was used.
    const earlier = await post(
      '/api/login/2fa',
      { code: codeAt(secret, t.now() - STEP) },
      (await password()).pending,
    );
    expect(earlier.statusCode).toBe(400);
    t.advance(STEP);
    const next = await post('/api/login/2fa', { code: codeAt(secret) }, (await password()).pending);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('accepts one step either side of now, and no further', async () => {
    const { secret } = await turnOn();
    const late = await post(
      '/api/login/2fa',
      { code: codeAt(secret, t.now() + STEP) },
      (await password()).pending,
    );
    expect(late.statusCode, late.body).toBe(200);
    const far = await post(
      '/api/login/2fa',
      { code: codeAt(secret, t.now() + 2 * STEP) },
      (await password()).pending,
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('The code is incorrect');
  });

  // Someone who learned the old password has begun a sign-in; the owner changes the password,
  // which signs out every other session: the half-done sign-in ends with them.
  it('ends a sign-in waiting for its second factor when the password changes meanwhile', async () => {
    const { secret } = await turnOn();
    const { pending } = await password();
    const changed = await post(
      '/api/account/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a new passphrase 2' },
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const done = await post('/api/login/2fa', { code: codeAt(secret) }, pending);
    expect(done.statusCode).toBe(400);
    expect(done.json()).toEqual({ message: twoFactorMessages.noPendingSignIn });
  });

  it('takes each recovery code once, however it is typed', async () => {
    const { recoveryCodes } = await turnOn();
    const code = recoveryCodes[3] as string;
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const first = await post('/api/login/2fa', { recoveryCode: typed }, (await password()).pending);
    expect(first.statusCode, first.body).toBe(200);
    const twice = await post('/api/login/2fa', { recoveryCode: code }, (await password()).pending);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'The recovery code is incorrect or has been used' });
    expect((await status()).recoveryCodesLeft).toBe(9);
    expect(await actions()).toContain('recovery_code_used');
  });

  it('makes ten new recovery codes in place of the old ones, for a recent sign-in, audited', async () => {
    const off = await post('/api/account/2fa/recovery-codes', {}, cookie);
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ message: twoFactorMessages.notOn });
    const { recoveryCodes: old } = await turnOn();
    const signIn = async (recoveryCode: string) => {
      const { pending } = await password();
      return (await post('/api/login/2fa', { recoveryCode }, pending)).statusCode;
    };
    expect(await signIn(old[0] as string)).toBe(200);
    expect((await status()).recoveryCodesLeft).toBe(9);

    // A sign-in older than 10 minutes (a copied cookie) may not make codes that pass the
    // second factor.
    t.advance(10 * 60_000);
    const stale = await post('/api/account/2fa/recovery-codes', {}, cookie);
    expect(stale.statusCode).toBe(403);
    expect((await status()).recoveryCodesLeft).toBe(9);

    const fresh = await sessionFor(t.app, ann.id);
    const res = await post('/api/account/2fa/recovery-codes', {}, fresh);
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes, message } = res.json();
    expect(message).toBe(twoFactorMessages.recoveryCodesReplaced);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set([...recoveryCodes, ...old]).size).toBe(20);
    expect((await status()).recoveryCodesLeft).toBe(10);
    // The old codes, used or not, stop working; a new one signs in.
    expect(await signIn(old[1] as string)).toBe(400);
    expect(await signIn(recoveryCodes[0])).toBe(200);
    expect((await actions()).filter((a) => a.startsWith('recovery_code'))).toEqual([
      'recovery_code_used',
      'recovery_codes_replaced',
      'recovery_code_used',
    ]);
    const stored = await t.app.database.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', ann.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[1]);
  });

  it('lets the pending sign-in lapse after 5 minutes by the server’s clock', async () => {
    const { secret } = await turnOn();
    const { pending } = await password();
    t.advance(5 * 60_000);
    const late = await post('/api/login/2fa', { code: codeAt(secret) }, pending);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      message: 'Sign in with your username and password first (or again: it lasts 5 minutes)',
    });
    const none = await post('/api/login/2fa', { code: codeAt(secret) });
    expect(none.statusCode).toBe(400);
    // Within the 5 minutes it completes.
    const { pending: fresh } = await password();
    t.advance(5 * 60_000 - 1);
    expect((await post('/api/login/2fa', { code: codeAt(secret) }, fresh)).statusCode).toBe(200);
  });

  it('counts wrong codes toward the sign-in throttle', async () => {
    const { secret } = await turnOn();
    const { pending } = await password();
    const right = codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/login/2fa', { code: wrong }, pending)).statusCode).toBe(400);
    }
    const waits = await post('/api/login/2fa', { code: right }, pending);
    expect(waits.statusCode).toBe(429);
    expect(waits.headers['retry-after']).toBeDefined();
    // Bad input is a 400 naming the field, before any counting.
    const bad = await post('/api/login/2fa', { code: '12ab' }, pending);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('6 digits');
  });

  it('does not start the streak of wrong codes over when the password is given again', async () => {
    const { secret } = await turnOn();
    const right = codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/login/2fa', { code: wrong }, (await password()).pending);
      expect(res.statusCode).toBe(400);
    }
    const { pending } = await password();
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/login/2fa', { code: wrong }, pending)).statusCode).toBe(400);
    }
    // Five wrong in a row: the right code must wait too.
    expect((await post('/api/login/2fa', { code: right }, pending)).statusCode).toBe(429);
    t.advance(1000);
    expect((await post('/api/login/2fa', { code: right }, pending)).statusCode).toBe(200);
  });

  it('turns off with the password and a factor, audited; sign-in needs the password alone again', async () => {
    const { secret, recoveryCodes } = await turnOn();
    const noFactor = await post('/api/account/2fa/disable', { password: TEST_PASSWORD }, cookie);
    expect(noFactor.json()).toEqual({
      message: 'Give the code from your authenticator app, or a recovery code',
    });
    const wrongPassword = await post(
      '/api/account/2fa/disable',
      { password: 'not it', code: codeAt(secret) },
      cookie,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'Password is incorrect' });
    expect((await status()).enabled).toBe(true);
    const off = await post(
      '/api/account/2fa/disable',
      { password: TEST_PASSWORD, recoveryCode: recoveryCodes[0] },
      cookie,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(await status()).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 });
    expect(await t.app.database.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
    const { res } = await password();
    expect(res.json().user.username).toBe('ann');
    expect(await actions()).toEqual([
      'two_factor_enabled',
      'recovery_code_used',
      'two_factor_disabled',
      'login',
    ]);
  });
});

describeEachDatabase('two-factor reset by a supergod (2fa reset)', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  it('turns off the two-factor of a user who lost every factor, audited on both accounts', async () => {
    const ann = await createUser(t.app, 'ann');
    const god = await createUser(t.app, 'zeus', 'supergod');
    const godCookie = await sessionFor(t.app, god.id);
    const run = (command: string, confirmation = CONFIRMATION_PHRASE) =>
      t.app.inject({
        method: 'POST',
        url: '/api/supergod/execute',
        headers: { cookie: godCookie },
        payload: { command, confirmation },
      });
    const none = await run('2fa reset ann');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: 'ann has no two-factor sign-in to reset.' });
    const annCookie = await sessionFor(t.app, ann.id);
    const { secret } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/account/2fa/totp/setup',
        headers: { cookie: annCookie },
        payload: {},
      })
    ).json();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.now() });
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/account/2fa/totp/enable',
      headers: { cookie: annCookie },
      payload: { code },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await run('2fa reset ann', 'wrong')).statusCode).toBe(403);
    const res = await run('2fa reset ann');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output).toBe(
      'Two-factor sign-in of ann is off; they sign in with their password and can set it up again.',
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ann', password: TEST_PASSWORD },
    });
    expect(login.json().user.username).toBe('ann');
    const entries = await t.app.database.db
      .selectFrom('activity_logs')
      .select(['user_id', 'action', 'details'])
      .where('action', 'in', ['two_factor_reset', 'supergod_command', 'supergod_command_refused'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        user_id: god.id,
        action: 'supergod_command_refused',
        details: "zeus was refused '2fa reset ann': ann has no two-factor sign-in to reset.",
      },
      {
        user_id: god.id,
        action: 'supergod_command_refused',
        details: "zeus was refused '2fa reset ann': wrong confirmation code",
      },
      {
        user_id: ann.id,
        action: 'two_factor_reset',
        details: 'two-factor sign-in of ann reset by zeus (supergod console)',
      },
      {
        user_id: god.id,
        action: 'supergod_command',
        details:
          "zeus ran '2fa reset ann': Two-factor sign-in of ann is off; they sign in with their password and can set it up again.",
      },
    ]);
  });
});

// Found by an account-security audit: the console reset the caller's own two-factor without the
// code that turning it off asks for, and did so for an access token, which may not change the
// account's two-factor (tokens: false on every account-security route).
describeEachDatabase('2fa reset keeps to the two-factor rules', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  async function withTotp(cookie: string) {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const { secret } = (await post('/api/account/2fa/totp/setup', {})).json();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.now() });
    expect((await post('/api/account/2fa/totp/enable', { code })).statusCode).toBe(200);
  }
  const status = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/2fa', headers: { cookie } })).json()
      .enabled;

  it("refuses a supergod's own reset, and any reset through an access token", async () => {
    const god = await createUser(t.app, 'zeus', 'supergod');
    const godCookie = await sessionFor(t.app, god.id);
    const ann = await createUser(t.app, 'ann');
    const annCookie = await sessionFor(t.app, ann.id);
    await withTotp(godCookie);
    await withTotp(annCookie);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: { cookie: godCookie },
      payload: { name: 'automation', scopes: ['write', 'admin'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const run = (command: string, auth: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/supergod/execute',
        headers: auth,
        payload: { command, confirmation: CONFIRMATION_PHRASE },
      });
    const token = { authorization: `Bearer ${created.json().token}` };
    const own = await run('2fa reset zeus', { cookie: godCookie });
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toEqual({
      message: 'Turn your own two-factor sign-in off in your account settings: it asks for a code',
    });
    for (const target of ['zeus', 'ann']) {
      const viaToken = await run(`2fa reset ${target}`, token);
      expect(viaToken.statusCode, viaToken.body).toBe(403);
      expect(viaToken.json()).toEqual({
        message: '2fa reset needs a signed-in session: an access token may not reset two-factor',
      });
    }
    expect(await status(godCookie)).toBe(true);
    expect(await status(annCookie)).toBe(true);
    // With a session, another account's reset is still the console's to make.
    expect((await run('2fa reset ann', { cookie: godCookie })).statusCode).toBe(200);
    expect(await status(annCookie)).toBe(false);
  });
});

describeEachDatabase(
  'two-factor required of admins and supergods (OMEGA_REQUIRE_2FA)',
  (database) => {
    let t: TestApp;
    afterEach(() => t.close());

    const call = (method: string, url: string, cookie: string) =>
      t.app.inject({
        method: method as 'GET',
        url: url.replace(/:(\w+)/g, '1'),
        headers: { cookie },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
    const privileged = routeList.filter((r) => r.access === 'admin' || r.access === 'supergod');

    async function turnOn(cookie: string) {
      const { secret } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/account/2fa/totp/setup',
          headers: { cookie },
          payload: {},
        })
      ).json();
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.now() });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/2fa/totp/enable',
        headers: { cookie },
        payload: { code },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    it('answers every admin and supergod route 403 until the account has two-factor on', async () => {
      t = await createTestApp(database, { requireTwoFactor: ['admin', 'supergod'] });
      expect(privileged.length).toBeGreaterThan(20);
      for (const role of ['admin', 'supergod'] as const) {
        const account = await createUser(t.app, `${role}-x`, role);
        const cookie = await sessionFor(t.app, account.id);
        const me = (await call('GET', '/api/user', cookie)).json();
        expect(me).toMatchObject({ username: `${role}-x`, twoFactorSetupRequired: true });
        const answered: string[] = [];
        for (const route of privileged) {
          const res = await call(route.method, route.url, cookie);
          const reaches = role === 'supergod' || route.access === 'admin';
          const expected = reaches
            ? 'Two-factor authentication required'
            : 'This requires the supergod role';
          if (res.statusCode !== 403 || res.json().message !== expected) {
            answered.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
          }
        }
        expect(answered, role).toEqual([]);
        // Their own account pages answer, so two-factor can be set up.
        expect((await call('GET', '/api/account/2fa', cookie)).statusCode).toBe(200);
        await turnOn(cookie);
        expect(
          (await call('GET', '/api/user', cookie)).json().twoFactorSetupRequired,
        ).toBeUndefined();
        const after: string[] = [];
        for (const route of privileged) {
          if (role === 'admin' && route.access === 'supergod') continue;
          const res = await call(route.method, route.url, cookie);
          // Refusals of the request itself (viewing as oneself, say) are not the access check's.
          const refused =
            res.statusCode === 403 && /^(Two-factor|This requires)/.test(res.json().message);
          if (res.statusCode === 401 || refused || res.statusCode >= 500) {
            after.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
          }
        }
        expect(after, role).toEqual([]);
      }
    }, 120_000);

    it('requires it only of the roles named, and of nobody by default here', async () => {
      t = await createTestApp(database, { requireTwoFactor: ['supergod'] });
      const admin = await sessionFor(t.app, (await createUser(t.app, 'boss', 'admin')).id);
      const god = await sessionFor(t.app, (await createUser(t.app, 'zeus', 'supergod')).id);
      expect((await call('GET', '/api/admin/activity-logs', admin)).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/activity-logs', god)).statusCode).toBe(403);
      expect((await call('GET', '/api/user', admin)).json().twoFactorSetupRequired).toBeUndefined();
      await t.close();
      t = await createTestApp(database);
      const plain = await sessionFor(t.app, (await createUser(t.app, 'zeus', 'supergod')).id);
      expect((await call('GET', '/api/supergod/system-status', plain)).statusCode).toBe(200);
    });
  },
);
