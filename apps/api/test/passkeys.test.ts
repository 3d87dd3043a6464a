// Passkeys (issue 37, decision 034), on each database, with real WebAuthn ceremonies from a
// software authenticator (helpers/software-authenticator.ts): registering (excluded when held
// already, named, listed without any key), signing in with a passkey alone (a new session, no
// TOTP step, the counter and last use written), as the second step of a password sign-in, a
// challenge answered once and for 5 minutes, a counter that went backwards refused and
// recorded, another account's passkey refused everywhere, bad input a 400 naming the problem,
// refusals counted in the sign-in throttle, the read-only view, and every change audited.
import { accountMessages, messages, passkeyMessages } from '@omega/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  activityActions,
  createTestApp,
  createUser,
  sessionCookie,
  sessionFor,
  T0,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';
import { SoftwareAuthenticator } from './helpers/software-authenticator.js';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Stores passkeys numbered `from` to `to` for the account, as if each had been added. */
async function storePasskeys(t: TestApp, userId: number, from: number, to: number) {
  for (let i = from; i <= to; i++) {
    await t.app.repos.passkeys.insert({
      userId,
      credentialId: `cred-${i}`,
      publicKey: 'AA',
      userHandle: 'AA',
      counter: 0,
      transports: [],
      name: `Passkey ${i}`,
      aaguid: null,
      backedUp: false,
      at: t.now(),
    });
  }
}

describeEachDatabase('passkeys', (database) => {
  let t: TestApp;
  let ann: { id: number; username: string };
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    ann = await createUser(t.app, 'ann');
    cookie = await sessionFor(t.app, ann.id);
  });
  afterEach(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as?: string,
    ip = '127.0.0.1',
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: as ? { cookie: as } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const list = async (as = cookie) =>
    (await call('GET', '/api/account/passkeys', undefined, as)).json();
  const actions = (userId = ann.id) => activityActions(t.app, userId);

  /** Registers a passkey of `auth` on the account of `as`: answers the add call's answer. */
  async function register(auth: SoftwareAuthenticator, as = cookie, name?: string) {
    const options = await call('POST', '/api/account/passkeys/registration-options', {}, as);
    expect(options.statusCode, options.body).toBe(200);
    const response = auth.register(options.json());
    return call('POST', '/api/account/passkeys', { response, ...(name ? { name } : {}) }, as);
  }
  /** Asks for passwordless sign-in options: answers them and the session they are kept in. */
  async function signInOptions(as?: string, ip?: string) {
    const res = await call('POST', '/api/login/passkey/options', undefined, as, ip);
    expect(res.statusCode, res.body).toBe(200);
    return { options: res.json(), session: sessionCookie(res) ?? (as as string) };
  }
  /** Signs in with a passkey of `auth` alone, from a fresh browser. */
  async function signIn(auth: SoftwareAuthenticator, ip?: string) {
    const { options, session } = await signInOptions(undefined, ip);
    return call('POST', '/api/login/passkey', { response: auth.assert(options) }, session, ip);
  }
  const me = async (as: string) => call('GET', '/api/user', undefined, as);
  /** Turns on two-factor with an authenticator app for `as`'s account. */
  async function turnOnTotp(as = cookie) {
    const { secret } = (await call('POST', '/api/account/2fa/totp/setup', {}, as)).json();
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.now() });
    const res = await call('POST', '/api/account/2fa/totp/enable', { code }, as);
    expect(res.statusCode, res.body).toBe(200);
    t.advance(30_000);
  }
  /** A password sign-in that waits for its second factor: answers the pending session. */
  async function pendingSignIn(username = 'ann') {
    const res = await call('POST', '/api/login', { username, password: TEST_PASSWORD });
    expect(res.json()).toMatchObject({ twoFactorRequired: true });
    return sessionCookie(res) as string;
  }

  it('registers a passkey from a real ceremony and lists it without any key', async () => {
    const laptop = new SoftwareAuthenticator();
    const optionsRes = await call('POST', '/api/account/passkeys/registration-options', {}, cookie);
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const options = optionsRes.json();
    expect(options).toMatchObject({
      rp: { name: 'Omega', id: 'localhost' },
      user: { name: 'ann', displayName: 'ann' },
      timeout: 5 * MINUTE,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      pubKeyCredParams: expect.arrayContaining([{ alg: -7, type: 'public-key' }]),
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    // The WebAuthn user id is random, not the username.
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toContain('ann');

    const add = await call(
      'POST',
      '/api/account/passkeys',
      { response: laptop.register(options) },
      cookie,
    );
    expect(add.statusCode, add.body).toBe(200);
    const first = {
      id: expect.any(Number),
      name: 'Passkey 1',
      createdAt: iso(T0),
      lastUsedAt: null,
      backedUp: false,
    };
    expect(add.json()).toEqual({
      ok: true,
      message: 'Passkey added: you can sign in with it.',
      passkey: first,
    });
    const credentialId = laptop.credentials[0]?.id as string;
    const listed = await call('GET', '/api/account/passkeys', undefined, cookie);
    expect(listed.json()).toEqual([first]);
    expect(listed.body).not.toContain(credentialId);

    // The next registration excludes it, so the same authenticator is not registered twice;
    // another one is, named as asked, under the same user id.
    t.advance(MINUTE);
    const again = (
      await call('POST', '/api/account/passkeys/registration-options', {}, cookie)
    ).json();
    expect(again.excludeCredentials).toEqual([
      { id: credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    expect(again.user.id).toBe(options.user.id);
    expect(() => laptop.register(again)).toThrow('InvalidStateError');
    const phone = new SoftwareAuthenticator({ backedUp: true });
    const second = { request: phone.register(again) };
    const added = await call(
      'POST',
      '/api/account/passkeys',
      { response: second.request, name: '  My phone  ' },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().passkey).toMatchObject({ name: 'My phone', backedUp: true });
    expect((await list()).map((p: { name: string }) => p.name)).toEqual(['Passkey 1', 'My phone']);
    expect(await actions()).toEqual(['passkey_added', 'passkey_added']);
    const stored = await t.app.database.db
      .selectFrom('passkeys')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.user_handle)).toEqual([options.user.id, options.user.id]);

    // A registration answer carries no signature over the challenge ('none' attestation): a
    // client can replay Ann's phone's answer under a challenge of its own. The credential id is
    // stored once, so Bob cannot take Ann's passkey.
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    const bobOptions = (
      await call('POST', '/api/account/passkeys/registration-options', {}, bobCookie)
    ).json();
    const annsPhone = stored[1];
    const replayed = await call(
      'POST',
      '/api/account/passkeys',
      {
        response: {
          ...second.request,
          response: {
            ...second.request.response,
            clientDataJSON: Buffer.from(
              JSON.stringify({
                type: 'webauthn.create',
                challenge: bobOptions.challenge,
                origin: 'http://localhost:80',
                crossOrigin: false,
              }),
            ).toString('base64url'),
          },
        },
      },
      bobCookie,
    );
    expect(replayed.statusCode, replayed.body).toBe(409);
    expect(replayed.json()).toEqual({ message: passkeyMessages.alreadyRegistered });
    expect(await list(bobCookie)).toEqual([]);
    expect(annsPhone?.user_id).toBe(ann.id);
  });

  it('signs in with a passkey alone: a new session, no two-factor step, its use recorded', async () => {
    const laptop = new SoftwareAuthenticator();
    expect((await register(laptop)).statusCode).toBe(200);
    await turnOnTotp();
    t.advance(MINUTE);
    const { options, session } = await signInOptions();
    expect(options).toEqual({
      rpId: 'localhost',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      timeout: 5 * MINUTE,
      allowCredentials: [],
      userVerification: 'required',
    });
    // The challenge's session is anonymous: it opens nothing.
    expect((await me(session)).statusCode).toBe(401);
    const res = await call(
      'POST',
      '/api/login/passkey',
      { response: laptop.assert(options) },
      session,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      message: 'Logged in successfully',
      user: { username: 'ann', lastLogin: iso(t.now()) },
    });
    const signedIn = sessionCookie(res) as string;
    expect(signedIn).not.toBe(session);
    expect((await me(signedIn)).json()).toMatchObject({ username: 'ann' });
    expect((await me(session)).statusCode).toBe(401);
    // This browser is now known to the account, as after a password sign-in.
    expect(res.cookies.map((c) => c.name)).toContain('omega.device');
    expect(await list()).toEqual([expect.objectContaining({ lastUsedAt: iso(t.now()) })]);
    const row = await t.app.database.db.selectFrom('passkeys').select('counter').executeTakeFirst();
    expect(row?.counter).toBe(1);
    expect(await actions()).toEqual([
      'passkey_added',
      'two_factor_enabled',
      'passkey_used',
      'login',
    ]);
  });

  it('answers each challenge once and for 5 minutes by the server’s clock', async () => {
    const laptop = new SoftwareAuthenticator({ counter: false });
    const options = (
      await call('POST', '/api/account/passkeys/registration-options', {}, cookie)
    ).json();
    const response = laptop.register(options);
    expect((await call('POST', '/api/account/passkeys', { response }, cookie)).statusCode).toBe(
      200,
    );
    const replayedAdd = await call('POST', '/api/account/passkeys', { response }, cookie);
    expect(replayedAdd.statusCode).toBe(400);
    expect(replayedAdd.json()).toEqual({ message: passkeyMessages.noChallenge });

    const first = await signInOptions();
    const assertion = laptop.assert(first.options);
    const ok = await call('POST', '/api/login/passkey', { response: assertion }, first.session);
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await call('POST', '/api/login/passkey', { response: assertion }, first.session);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: passkeyMessages.noChallenge });

    // Two answers to one challenge at once: one signs in.
    const both = await signInOptions();
    const twice = laptop.assert(both.options);
    const answers = await Promise.all(
      [0, 1].map(() => call('POST', '/api/login/passkey', { response: twice }, both.session)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    // An answer to an older challenge of the same session is refused: a new one replaced it.
    const older = await signInOptions();
    const newer = await signInOptions(older.session);
    expect(newer.session).toBe(older.session);
    const stale = await call(
      'POST',
      '/api/login/passkey',
      { response: laptop.assert(older.options) },
      older.session,
    );
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(
      /^The passkey's answer could not be verified: .*challenge/,
    );

    const late = await signInOptions();
    t.advance(5 * MINUTE);
    const expired = await call(
      'POST',
      '/api/login/passkey',
      { response: laptop.assert(late.options) },
      late.session,
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: passkeyMessages.noChallenge });
    const inTime = await signInOptions();
    t.advance(5 * MINUTE - 1);
    const justInTime = await call(
      'POST',
      '/api/login/passkey',
      { response: laptop.assert(inTime.options) },
      inTime.session,
    );
    expect(justInTime.statusCode, justInTime.body).toBe(200);
    // An authenticator without a counter (0 every time) signs in again and again.
    const row = await t.app.database.db.selectFrom('passkeys').select('counter').executeTakeFirst();
    expect(row?.counter).toBe(0);
  });

  it('refuses a counter that went backwards, and records it', async () => {
    const key = new SoftwareAuthenticator();
    expect((await register(key)).statusCode).toBe(200);
    expect((await signIn(key)).statusCode).toBe(200);
    const copy = key.cloneCredential(key.credentials[0]?.id as string);
    expect((await signIn(key)).statusCode).toBe(200);
    // The copy's counter (2) is not past the stored one (2).
    const refused = await signIn(copy);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: passkeyMessages.counterWentBack });
    const row = await t.app.database.db.selectFrom('passkeys').select('counter').executeTakeFirst();
    expect(row?.counter).toBe(2);
    const entries = await t.app.database.db
      .selectFrom('activity_logs')
      .select(['action', 'details'])
      .where('action', 'in', ['passkey_counter_rejected', 'login_failed'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        action: 'passkey_counter_rejected',
        details:
          'the passkey "Passkey 1" of ann answered signature counter 2 where 2 was stored: refused, it may have been copied',
      },
      {
        action: 'login_failed',
        details: `failed passkey sign-in from 127.0.0.1: ${passkeyMessages.counterWentBack}`,
      },
    ]);
  });

  it('refuses a user the authenticator did not verify, and a disabled account', async () => {
    const key = new SoftwareAuthenticator();
    expect((await register(key)).statusCode).toBe(200);
    key.userVerified = false;
    const unverified = await signIn(key);
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().message).toBe(
      "The passkey's answer could not be verified: User verification required, but user could not be verified",
    );
    key.userVerified = true;
    await t.app.repos.users.setDisabled(ann.id, true);
    const disabled = await signIn(key);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual({ message: messages.accountDisabled });
    expect(await actions()).toEqual(['passkey_added', 'login_failed', 'login_failed']);
  });

  it('answers the second step of a password sign-in with a passkey of that account only', async () => {
    const annKey = new SoftwareAuthenticator();
    expect((await register(annKey)).statusCode).toBe(200);
    const bob = await createUser(t.app, 'bob');
    const bobKey = new SoftwareAuthenticator();
    expect((await register(bobKey, await sessionFor(t.app, bob.id))).statusCode).toBe(200);

    // Without a pending sign-in there is no second step to answer.
    const none = await call('POST', '/api/login/2fa/passkey/options');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      'Sign in with your username and password first (or again: it lasts 5 minutes)',
    );
    await turnOnTotp();
    const pending = await pendingSignIn();
    const optionsRes = await call('POST', '/api/login/2fa/passkey/options', undefined, pending);
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const options = optionsRes.json();
    expect(options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      allowCredentials: [
        { id: annKey.credentials[0]?.id, type: 'public-key', transports: ['internal'] },
      ],
    });
    // Bob's passkey, signing Ann's challenge: refused, and the pending sign-in opens nothing.
    const bobs = bobKey.assert(options, bobKey.credentials[0]?.id);
    const refused = await call('POST', '/api/login/2fa', { passkey: bobs }, pending);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: passkeyMessages.notThisAccount });
    expect((await me(pending)).statusCode).toBe(401);
    // A passkey and a code together are one factor too many.
    const again = (await call('POST', '/api/login/2fa/passkey/options', undefined, pending)).json();
    const both = await call(
      'POST',
      '/api/login/2fa',
      { passkey: annKey.assert(again), code: '123456' },
      pending,
    );
    expect(both.json()).toEqual({ message: passkeyMessages.oneFactor });
    const fresh = (await call('POST', '/api/login/2fa/passkey/options', undefined, pending)).json();
    const done = await call('POST', '/api/login/2fa', { passkey: annKey.assert(fresh) }, pending);
    expect(done.statusCode, done.body).toBe(200);
    const signedIn = sessionCookie(done) as string;
    expect((await me(signedIn)).json()).toMatchObject({ username: 'ann' });
    expect(await actions()).toEqual([
      'passkey_added',
      'two_factor_enabled',
      'login_second_factor',
      'login_failed',
      'passkey_used',
      'login',
    ]);

    // An account with two-factor on and no passkey is told so.
    const bobCookie = await sessionFor(t.app, bob.id);
    await turnOnTotp(bobCookie);
    await call(
      'DELETE',
      `/api/account/passkeys/${(await list(bobCookie))[0].id}`,
      undefined,
      bobCookie,
    );
    const bobPending = await pendingSignIn('bob');
    const noPasskey = await call('POST', '/api/login/2fa/passkey/options', undefined, bobPending);
    expect(noPasskey.statusCode).toBe(400);
    expect(noPasskey.json()).toEqual({ message: passkeyMessages.noneOnAccount });
  });

  it('renames and removes, audited; another account’s passkey is the same 404 as none', async () => {
    const key = new SoftwareAuthenticator();
    const { id } = (await register(key)).json().passkey;
    const bob = await createUser(t.app, 'bob');
    const bobCookie = await sessionFor(t.app, bob.id);
    const bobsId = (await register(new SoftwareAuthenticator(), bobCookie)).json().passkey.id;

    const renamed = await call(
      'PATCH',
      `/api/account/passkeys/${id}`,
      { name: ' Work laptop ' },
      cookie,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      ok: true,
      message: 'Passkey renamed.',
      passkey: { id, name: 'Work laptop' },
    });
    for (const [method, payload] of [
      ['PATCH', { name: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await call(method, `/api/account/passkeys/${bobsId}`, payload, cookie);
      const unknown = await call(method, '/api/account/passkeys/999999', payload, cookie);
      expect([theirs.statusCode, unknown.statusCode]).toEqual([404, 404]);
      expect(theirs.json()).toEqual({ message: 'No such passkey on your account' });
      expect(unknown.json()).toEqual(theirs.json());
    }
    expect((await list(bobCookie))[0].name).toBe('Passkey 1');

    const removed = await call('DELETE', `/api/account/passkeys/${id}`, undefined, cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      ok: true,
      message: 'Passkey removed: it no longer signs in to your account.',
    });
    expect(await list()).toEqual([]);
    const gone = await signIn(key);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: passkeyMessages.notRegistered });
    expect(await actions()).toEqual(['passkey_added', 'passkey_renamed', 'passkey_removed']);
    const details = await t.app.database.db
      .selectFrom('activity_logs')
      .select('details')
      .where('action', '=', 'passkey_renamed')
      .executeTakeFirst();
    expect(details?.details).toBe('ann renamed the passkey "Passkey 1" to "Work laptop"');
  });

  it('answers bad input with a 400 naming the problem, and writes nothing', async () => {
    const key = new SoftwareAuthenticator();
    const { id } = (await register(key)).json().passkey;
    const rename = async (payload: object, url = `/api/account/passkeys/${id}`) =>
      call('PATCH', url, payload, cookie);
    const cases: Array<[LightMyRequestResponse, string]> = [
      [await rename({ name: '   ' }), 'name must not be empty'],
      [await rename({ name: '\u200b\u200d' }), 'name must not be empty'],
      [await rename({ name: 'x'.repeat(65) }), 'name must be at most 64 characters (got 65)'],
      [await rename({ name: 'x'.repeat(257) }), 'name must be at most 64 characters'],
      [
        await rename({ name: 'bell\u0007' }),
        'name must be plain printable text: it contains U+0007, a control character',
      ],
      [await rename({}), 'name is required'],
      [
        await rename({ name: 'ok' }, '/api/account/passkeys/abc'),
        'id must be the id of one of your passkeys',
      ],
      [
        await rename({ name: 'ok' }, '/api/account/passkeys/0'),
        'id must be the id of one of your passkeys',
      ],
    ];
    for (const [res, message] of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await list())[0].name).toBe('Passkey 1');

    const options = (
      await call('POST', '/api/account/passkeys/registration-options', {}, cookie)
    ).json();
    const genuine = new SoftwareAuthenticator().register(options);
    const add = (body: object) => call('POST', '/api/account/passkeys', body, cookie);
    expect((await add({})).json()).toEqual({ message: 'response is required' });
    expect((await add({ response: { ...genuine, type: 'password' } })).json()).toEqual({
      message: "response.type must be 'public-key'",
    });
    expect(
      (
        await add({
          response: { ...genuine, response: { ...genuine.response, clientDataJSON: 'a b' } },
        })
      ).json(),
    ).toEqual({
      message: 'response.response.clientDataJSON must be base64url text of 1 to 4096 characters',
    });
    // A bad name is refused before the challenge is spent: the same answer, named, is added.
    expect((await add({ response: genuine, name: '' })).json()).toEqual({
      message: 'name must not be empty',
    });
    expect((await add({ response: genuine, name: 'Spare' })).statusCode).toBe(200);
    const next = (
      await call('POST', '/api/account/passkeys/registration-options', {}, cookie)
    ).json();
    const answer = new SoftwareAuthenticator().register(next);
    const garbage = await add({
      response: { ...answer, response: { ...answer.response, attestationObject: 'bm90LWNib3I' } },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toMatch(/^The passkey could not be added: /);
    // Found by an audit: bytes that are no attestation at all came back with the library's
    // internal failure ('decodedAttestationObject.get is not a function').
    const notAttestation = new SoftwareAuthenticator().register(
      (await call('POST', '/api/account/passkeys/registration-options', {}, cookie)).json(),
    );
    const internal = await add({
      response: {
        ...notAttestation,
        response: {
          ...notAttestation.response,
          attestationObject: Buffer.from('garbage-bytes').toString('base64url'),
        },
      },
    });
    expect(internal.json()).toEqual({
      message: 'The passkey could not be added: its answer could not be read',
    });
    // The refused answer spent the challenge: the genuine one now needs a new one.
    expect((await add({ response: answer })).json()).toEqual({
      message: passkeyMessages.noChallenge,
    });
    // Client data that does not decode: said so, without quoting its bytes (NULs here).
    const undecodable = new SoftwareAuthenticator().register(
      (await call('POST', '/api/account/passkeys/registration-options', {}, cookie)).json(),
    );
    const nul = await add({
      response: { ...undecodable, response: { ...undecodable.response, clientDataJSON: 'AAAA' } },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      message: 'The passkey could not be added: its client data is not readable JSON',
    });
    const elsewhere = new SoftwareAuthenticator({ origin: 'https://evil.example' });
    const wrongOrigin = await add({
      response: elsewhere.register(
        (await call('POST', '/api/account/passkeys/registration-options', {}, cookie)).json(),
      ),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().message).toBe(
      'The passkey could not be added: Unexpected registration response origin "https://evil.example", expected "http://localhost:80"',
    );
    // What the stored passkey must fit: WebAuthn's 1023-byte credential ids, a few transports.
    const longId = new SoftwareAuthenticator({ credentialIdBytes: 1024 }).register(
      (await call('POST', '/api/account/passkeys/registration-options', {}, cookie)).json(),
    );
    expect((await add({ response: longId })).json()).toEqual({
      message: 'response.id must be base64url text of 1 to 1364 characters',
    });
    // The id inside the attestation is not the one beside it: it is checked too.
    const again = (
      await call('POST', '/api/account/passkeys/registration-options', {}, cookie)
    ).json();
    const hidden = new SoftwareAuthenticator({ credentialIdBytes: 1024 }).register(again);
    expect(
      (await add({ response: { ...hidden, id: 'c2hvcnQ', rawId: 'c2hvcnQ' } })).json(),
    ).toEqual({
      message: 'The passkey could not be added: its credential id is longer than 1023 bytes',
    });
    const manyWays = {
      ...genuine,
      response: { ...genuine.response, transports: Array(9).fill('internal') },
    };
    expect((await add({ response: manyWays })).json()).toEqual({
      message: 'response.response.transports must NOT have more than 8 items',
    });
    expect(await list()).toHaveLength(2);

    const signInRes = await call('POST', '/api/login/passkey', {});
    expect(signInRes.json()).toEqual({ message: 'response is required' });
    const { options: signInOpts, session } = await signInOptions();
    const assertion = key.assert(signInOpts);
    const forged = await call(
      'POST',
      '/api/login/passkey',
      { response: { ...assertion, response: { ...assertion.response, signature: 'AAAA' } } },
      session,
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/^The passkey's answer could not be verified: /);
    expect(await actions()).toEqual(['passkey_added', 'passkey_added', 'login_failed']);
  });

  it('counts refused passkey sign-ins in the sign-in throttle by address', async () => {
    const key = new SoftwareAuthenticator();
    expect((await register(key)).statusCode).toBe(200);
    // Passkeys no account has, a new one each time: only the address ties them together.
    const stranger = () => {
      const auth = new SoftwareAuthenticator();
      auth.register({
        challenge: 'AAAA',
        rp: { name: 'Omega', id: 'localhost' },
        user: { id: 'c3RyYW5nZXI', name: 'x', displayName: 'x' },
        pubKeyCredParams: [],
      });
      return auth;
    };
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      const res = await signIn(stranger(), ip);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: passkeyMessages.notRegistered });
    }
    const waits = await signIn(key, ip);
    expect(waits.statusCode).toBe(429);
    expect(waits.headers['retry-after']).toBeDefined();
    // Another address is not held up.
    expect((await signIn(key, '203.0.113.10')).statusCode).toBe(200);
  });

  it('serves a view-as administrator the user’s passkeys read-only', async () => {
    expect((await register(new SoftwareAuthenticator())).statusCode).toBe(200);
    const admin = await createUser(t.app, 'boss', 'admin');
    const adminCookie = await sessionFor(t.app, admin.id);
    expect(
      (await call('POST', `/api/admin/users/${ann.id}/view-as`, {}, adminCookie)).statusCode,
    ).toBe(200);
    const seen = await list(adminCookie);
    expect(seen).toEqual([expect.objectContaining({ name: 'Passkey 1' })]);
    const readOnly = 'Read-only view as ann: changes are not allowed.';
    for (const [method, url, payload] of [
      ['POST', '/api/account/passkeys/registration-options', {}],
      ['POST', '/api/account/passkeys', {}],
      ['PATCH', `/api/account/passkeys/${seen[0].id}`, { name: 'x' }],
      ['DELETE', `/api/account/passkeys/${seen[0].id}`, undefined],
    ] as const) {
      const res = await call(method, url, payload, adminCookie);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: readOnly });
    }
    expect(await list()).toEqual(seen);
  });

  it('keeps passkey sign-in open during maintenance, and caps an account at 20 passkeys', async () => {
    const key = new SoftwareAuthenticator();
    expect((await register(key)).statusCode).toBe(200);
    await t.app.maintenance.write(true);
    t.app.maintenance.remember(true);
    expect((await signIn(key)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/account/passkeys/registration-options', {}, cookie)).statusCode,
    ).toBe(503);
    await t.app.maintenance.write(false);
    t.app.maintenance.remember(false);

    await storePasskeys(t, ann.id, 2, 20);
    const full = await call('POST', '/api/account/passkeys/registration-options', {}, cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: passkeyMessages.tooMany });
  });

  it('signs in again on the same session with a passkey of the account, verified, once', async () => {
    const annKey = new SoftwareAuthenticator();
    expect((await register(annKey)).statusCode).toBe(200);
    const bob = await createUser(t.app, 'bob');
    const bobKey = new SoftwareAuthenticator();
    expect((await register(bobKey, await sessionFor(t.app, bob.id))).statusCode).toBe(200);
    t.advance(10 * MINUTE + 1);
    const makeToken = () =>
      call('POST', '/api/account/tokens', { name: 'ci', scopes: ['read'] }, cookie);
    expect((await makeToken()).statusCode).toBe(403);
    const againOptions = async () => {
      const res = await call('POST', '/api/account/sign-in-again/passkey/options', {}, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const answer = (response: object) =>
      call('POST', '/api/account/sign-in-again/passkey', { response }, cookie);

    // Nothing asked for: nothing to answer.
    const unasked = await answer(annKey.assert({ challenge: 'AAAA', rpId: 'localhost' }));
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json()).toEqual({ message: passkeyMessages.noChallenge });

    // Only the account's own passkeys are offered, and user verification is asked for.
    const options = await againOptions();
    expect(options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [
        { id: annKey.credentials[0]?.id, type: 'public-key', transports: ['internal'] },
      ],
    });
    const bobs = await answer(bobKey.assert(options, bobKey.credentials[0]?.id));
    expect(bobs.statusCode).toBe(400);
    expect(bobs.json()).toEqual({ message: passkeyMessages.notThisAccount });
    annKey.userVerified = false;
    const unverified = await answer(annKey.assert(await againOptions()));
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toMatch(/^The passkey's answer could not be verified/);
    annKey.userVerified = true;
    expect((await makeToken()).statusCode).toBe(403);

    const options2 = await againOptions();
    const done = await answer(annKey.assert(options2));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true, message: accountMessages.signedInAgain });
    // The same session (a cookie, when re-sent, names the same one).
    const named = decodeURIComponent(sessionCookie(done) ?? cookie);
    expect(named).toBe(decodeURIComponent(cookie));
    // The challenge was taken: the same answer again is refused.
    expect((await answer(annKey.assert(options2))).json()).toEqual({
      message: passkeyMessages.noChallenge,
    });
    expect((await makeToken()).statusCode).toBe(200);
    expect((await actions()).filter((a) => a.startsWith('sign_in_again'))).toEqual([
      'sign_in_again_failed',
      'sign_in_again_failed',
      'sign_in_again',
    ]);

    // An account without a passkey is told to use its password.
    const carl = await createUser(t.app, 'carl');
    const none = await call(
      'POST',
      '/api/account/sign-in-again/passkey/options',
      {},
      await sessionFor(t.app, carl.id),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: passkeyMessages.noneToSignInAgain });
  });
});

describeEachDatabase('passkeys added at once', (database) => {
  let t: TestApp;
  afterEach(() => t.close());

  // Two browsers of one account finishing their ceremonies together, at 19 passkeys: the cap
  // is checked and the row written in one transaction, which on PostgreSQL both passed.
  it('keeps an account at 20 passkeys when several ceremonies finish at once', async () => {
    t = await createTestApp(database);
    const ann = await createUser(t.app, 'ann');
    await storePasskeys(t, ann.id, 1, 19);
    const browsers = await Promise.all([1, 2, 3, 4].map(() => sessionFor(t.app, ann.id)));
    const call = (url: string, cookie: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const ceremonies = await Promise.all(
      browsers.map(async (cookie) => {
        const options = await call('/api/account/passkeys/registration-options', cookie, {});
        expect(options.statusCode, options.body).toBe(200);
        return { cookie, response: new SoftwareAuthenticator().register(options.json()) };
      }),
    );
    const answers = await Promise.all(
      ceremonies.map(({ cookie, response }) => call('/api/account/passkeys', cookie, { response })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: passkeyMessages.tooMany });
    }
    const kept = await t.app.database.db
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', ann.id)
      .execute();
    expect(kept).toHaveLength(20);
  });
});

describeEachDatabase('passkeys with a configured relying party', (database) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('uses OMEGA_WEBAUTHN_RP_ID and OMEGA_WEBAUTHN_ORIGIN whatever the request’s host', async () => {
    t = await createTestApp(database, {
      webauthn: { rpId: 'omega.example', origin: 'https://app.omega.example' },
    });
    const ann = await createUser(t.app, 'ann');
    const cookie = await sessionFor(t.app, ann.id);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    /** A registration from start to end by `auth`: the add call's answer. */
    const register = async (auth: SoftwareAuthenticator) => {
      const options = (await post('/api/account/passkeys/registration-options', {})).json();
      expect(options.rp).toEqual({ name: 'Omega', id: 'omega.example' });
      return post('/api/account/passkeys', { response: auth.register(options) });
    };
    const derived = await register(new SoftwareAuthenticator());
    expect(derived.statusCode).toBe(400);
    expect(derived.json().message).toBe(
      'The passkey could not be added: Unexpected registration response origin "http://localhost:80", expected "https://app.omega.example"',
    );
    const res = await register(new SoftwareAuthenticator({ origin: 'https://app.omega.example' }));
    expect(res.statusCode, res.body).toBe(200);
  });
});
