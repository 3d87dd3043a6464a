// The account's own security notices (decision 033). A sign-in from a browser that had not signed
// in to the account before leaves the account an announcement saying when, from what and where,
// and what to do if it was not them — written with the sign-in, whichever way it completed (a
// password, a password and a code, a passkey). A browser the account knows (its device cookie),
// an account's very first sign-in, and a password step still waiting for its code leave none.
// Each change that adds a way past the password or the second factor, or takes the second
// factor away, leaves one too; changes that take a way in away leave none.
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../src/services/device-trust.js';
import { NEW_SIGN_IN_TITLE, SECURITY_CHANGE_TITLE } from '../src/services/security-notices.js';
import {
  createTestApp,
  createUser,
  sessionCookie,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
  turnOnTwoFactor,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';
import { SoftwareAuthenticator } from './helpers/software-authenticator.js';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describeEachDatabase('the new sign-in notice', (database) => {
  let t: TestApp;
  let ann: { id: number; username: string };
  beforeEach(async () => {
    t = await createTestApp(database);
    ann = await createUser(t.app, 'ann');
  });
  afterEach(() => t.close());

  /** A password sign-in from a browser holding `device` (its device cookie), if any. */
  const login = (opts: { device?: string; agent?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: opts.ip ?? '203.0.113.7',
      payload: { username: 'ann', password: TEST_PASSWORD },
      headers: {
        'user-agent': opts.agent ?? CHROME_ON_LINUX,
        ...(opts.device ? { cookie: `${DEVICE_COOKIE}=${opts.device}` } : {}),
      },
    });
  const deviceOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
  /** The account's announcements, as its bell lists them. */
  const notices = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { cookie: await sessionFor(t.app, ann.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { title: string; content: string }[];
  };
  const signInNotices = async () => (await notices()).filter((n) => n.title === NEW_SIGN_IN_TITLE);

  it('tells the account of a browser that had not signed in to it, once per browser', async () => {
    // The account's first sign-in (made by an administrator or the CLI): nothing to compare.
    const first = await login();
    expect(first.statusCode, first.body).toBe(200);
    expect(await notices()).toEqual([]);
    // The same browser again: known by its device cookie.
    t.advance(60_000);
    expect((await login({ device: deviceOf(first) })).statusCode).toBe(200);
    expect(await notices()).toEqual([]);

    // Another browser: told, with when, what and where.
    t.advance(60_000);
    const other = await login({ agent: FIREFOX_ON_WINDOWS, ip: '198.51.100.23' });
    expect(other.statusCode, other.body).toBe(200);
    const when = new Date(t.now()).toISOString().slice(0, 16).replace('T', ' ');
    expect(await notices()).toEqual([
      expect.objectContaining({
        title: NEW_SIGN_IN_TITLE,
        content: `Your account was signed in on ${when} UTC from Firefox on Windows at 198.51.100.23, a browser that had not signed in to it before. If this was you, there is nothing to do. If not, change your password on Account security: that signs out every other session.`,
      }),
    ]);
    // That browser is known from now on; another account's device cookie does not make it so.
    expect((await login({ device: deviceOf(other) })).statusCode).toBe(200);
    expect(await notices()).toHaveLength(1);
    const bob = await createUser(t.app, 'bob');
    const bobs = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'bob', password: TEST_PASSWORD },
    });
    expect((await login({ device: deviceOf(bobs) })).statusCode).toBe(200);
    expect(await notices()).toHaveLength(2);
    // Only the account's own: Bob's bell shows none of Ann's.
    const bobsBell = await t.app.inject({
      method: 'GET',
      url: '/api/messages',
      headers: { cookie: await sessionFor(t.app, bob.id) },
    });
    expect(bobsBell.json()).toEqual([]);
  });

  it('is written when a two-factor sign-in completes, not at its password step', async () => {
    await login();
    const totp = await turnOnTwoFactor(t.app, await sessionFor(t.app, ann.id));
    t.advance(30_000);

    const pending = await login({ agent: FIREFOX_ON_WINDOWS });
    expect(pending.json()).toMatchObject({ twoFactorRequired: true });
    expect(await signInNotices()).toEqual([]);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/login/2fa',
      payload: { code: totp.generate({ timestamp: t.now() }) },
      headers: { cookie: sessionCookie(pending) as string, 'user-agent': FIREFOX_ON_WINDOWS },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await signInNotices()).map((n) => n.content)).toEqual([
      expect.stringContaining('from Firefox on Windows'),
    ]);
  });

  it('is written for a passkey sign-in from a new browser too', async () => {
    await login();
    const key = new SoftwareAuthenticator();
    const cookie = await sessionFor(t.app, ann.id);
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/account/passkeys/registration-options',
      headers: { cookie },
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/account/passkeys',
      headers: { cookie },
      payload: { response: key.register(options.json()) },
    });
    expect(added.statusCode, added.body).toBe(200);

    const asked = await t.app.inject({ method: 'POST', url: '/api/login/passkey/options' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      payload: { response: key.assert(asked.json()) },
      headers: { cookie: sessionCookie(asked) as string, 'user-agent': CHROME_ON_LINUX },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await signInNotices()).toHaveLength(1);
  });

  it('tells the account of each change that adds a way in or takes its second factor away', async () => {
    const cookie = await sessionFor(t.app, ann.id);
    const post = (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const changes = async () =>
      (await notices())
        .filter((n) => n.title === SECURITY_CHANGE_TITLE)
        .map((n) => n.content.slice(0, n.content.indexOf(' (20')))
        .reverse();

    const { secret } = (await post('/api/account/2fa/totp/setup')).json();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    expect(await changes()).toEqual([]);
    const on = await post('/api/account/2fa/totp/enable', {
      code: totp.generate({ timestamp: t.now() }),
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await post('/api/account/2fa/recovery-codes')).statusCode).toBe(200);
    const key = new SoftwareAuthenticator();
    const options = (await post('/api/account/passkeys/registration-options')).json();
    const added = await post('/api/account/passkeys', {
      response: key.register(options),
      name: 'Work laptop',
    });
    expect(added.statusCode, added.body).toBe(200);
    const token = await post('/api/account/tokens', { name: 'ci', scopes: ['read', 'write'] });
    expect(token.statusCode, token.body).toBe(200);
    // Taking a way in away is not announced: renaming or removing a passkey, revoking a token.
    const passkeyId = added.json().passkey.id;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/account/passkeys/${passkeyId}`,
      headers: { cookie },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${token.json().id}`,
      headers: { cookie },
    });
    t.advance(30_000);
    const off = await post('/api/account/2fa/disable', {
      password: TEST_PASSWORD,
      code: totp.generate({ timestamp: t.now() }),
    });
    expect(off.statusCode, off.body).toBe(200);

    expect(await changes()).toEqual([
      'Two-factor sign-in with an authenticator app was turned on',
      'New two-factor recovery codes were made (the old ones no longer work)',
      'The passkey "Work laptop" was added to your account',
      "The personal access token 'ci' (read, write) was made for your account",
      'Two-factor sign-in was turned off',
    ]);
    const when = new Date(t.now()).toISOString().slice(0, 16).replace('T', ' ');
    expect((await notices())[0]?.content).toBe(
      `Two-factor sign-in was turned off (${when} UTC). If this was you, there is nothing to do. If not, someone else can use your account: change your password on Account security (that signs out every other session) and remove there what you do not recognise.`,
    );
  });

  it('tells the account when an operator resets its two-factor', async () => {
    await turnOnTwoFactor(t.app, await sessionFor(t.app, ann.id));
    await t.app.twoFactor.resetFromCli('ann');
    expect((await notices())[0]?.content).toMatch(
      /^Two-factor sign-in was turned off by an administrator \(/,
    );
  });
});
