// 'View as user' (issue 19, decision 021): an admin's read-only view of a normal user's pages
// for at most 15 minutes. Every write route in the route table is refused while it lasts,
// except ending the view; reads answer as the user; admins and supergods cannot be viewed as;
// the start and the end are in the activity log under the admin's own id.
import { routeList } from '@omega/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildHelpFirst,
  createTestApp,
  createUser,
  saveCard,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from './helpers/app.js';
import { describeEachDatabase } from './helpers/databases.js';

// These tests ask the assistant (a read the view lets through): its help is built once, before them.
buildHelpFirst();

const MINUTE = 60_000;
const READ_ONLY = 'Read-only view as ann: changes are not allowed.';
const isWrite = (r: (typeof routeList)[number]) => r.method !== 'GET' && !r.readOnly;

describeEachDatabase('view as user', (database) => {
  let t: TestApp;
  let admin: { id: number; username: string };
  let ann: { id: number; username: string };
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(database, {
      ussdGateway: { secret: 'a-gateway-secret-for-tests', cidrs: [] },
    });
    admin = await createUser(t.app, 'boss', 'admin');
    ann = await createUser(t.app, 'ann');
    cookie = await sessionFor(t.app, admin.id);
  });
  afterEach(() => t.close());

  const call = (method: string, url: string, payload?: object, as = cookie) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: as },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });
  const start = (id = ann.id, as = cookie) =>
    call('POST', `/api/admin/users/${id}/view-as`, {}, as);
  const end = () => call('POST', '/api/view-as/end');
  const me = async () => (await call('GET', '/api/user')).json();
  const activity = () =>
    t.app.database.db.selectFrom('activity_logs').selectAll().orderBy('id').execute();

  it('starts a view that answers as the user, says so on /api/user, and audits start and end', async () => {
    const res = await start();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: 'Viewing as ann (read-only) for 15 minutes at most.',
      user: { id: ann.id, username: 'ann' },
      endsAt: new Date(t.now() + 15 * MINUTE).toISOString(),
    });
    expect(await me()).toMatchObject({
      id: ann.id,
      username: 'ann',
      role: 'user',
      impersonating: {
        by: { id: admin.id, username: 'boss' },
        startedAt: new Date(t.now()).toISOString(),
        endsAt: new Date(t.now() + 15 * MINUTE).toISOString(),
      },
    });
    // The user's own reads are hers: her subscription, not the admin's.
    await saveCard(t.app, ann.id);
    await call(
      'POST',
      '/api/subscription/change-plan',
      { planId: 'pro' },
      await sessionFor(t.app, ann.id),
    );
    const current = await call('GET', '/api/subscription/current');
    expect(current.statusCode).toBe(200);
    expect(current.json().planId).toBe('pro');
    // Admin reads stay the admin's.
    const page = await call('GET', `/api/admin/users/${ann.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().user.username).toBe('ann');
    const adminPage = (await call('GET', `/api/admin/users/${admin.id}`)).json();
    expect(adminPage.sessions[0].viewingAs).toEqual({ id: ann.id, username: 'ann' });

    t.advance(3 * MINUTE);
    const ended = await end();
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({
      ok: true,
      message: 'The view as ann has ended.',
      viewed: { id: ann.id, username: 'ann' },
    });
    const after = await me();
    expect(after).toMatchObject({ id: admin.id, username: 'boss', role: 'admin' });
    expect(after.impersonating).toBeUndefined();
    const audit = (await activity()).filter((a) => a.action.startsWith('view_as'));
    expect(audit).toEqual([
      expect.objectContaining({
        user_id: admin.id,
        action: 'view_as_start',
        details: `boss started a read-only view as ann (user ${ann.id}), for 15 minutes at most`,
        created_at: t.now() - 3 * MINUTE,
      }),
      expect.objectContaining({
        user_id: admin.id,
        action: 'view_as_end',
        details: `boss ended the read-only view as ann (user ${ann.id}) after 3 min: ended by the administrator`,
        created_at: t.now(),
      }),
    ]);
    // Ending again is harmless.
    expect((await end()).json()).toMatchObject({ ok: true, viewed: null });
  });

  it('signs out during a view: the view ends with the session, both on record', async () => {
    expect((await start()).statusCode).toBe(200);
    t.advance(2 * MINUTE);
    const out = await call('POST', '/api/logout');
    expect(out.statusCode, out.body).toBe(200);
    expect((await call('GET', '/api/user')).statusCode).toBe(401);
    const audit = (await activity()).filter((a) => a.created_at === t.now());
    expect(audit).toEqual([
      expect.objectContaining({
        user_id: admin.id,
        action: 'view_as_end',
        details: `boss ended the read-only view as ann (user ${ann.id}) after 2 min: the administrator signed out`,
      }),
      expect.objectContaining({ user_id: admin.id, action: 'logout', details: 'boss signed out' }),
    ]);
  });

  it('refuses every write route in the route table, except ending the view and signing out', async () => {
    expect((await start()).statusCode).toBe(200);
    const before = await activity();
    const writes = routeList.filter(isWrite);
    expect(writes.length).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const route of writes) {
      if (route.url === '/api/view-as/end' || route.url === '/api/logout') continue;
      const res = await call(route.method, route.url.replace(/:(\w+)/g, '1'));
      if (route.url === '/api/admin/users/:id/view-as') {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('Already viewing as ann: end that view first.');
        continue;
      }
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ message: READ_ONLY });
      refused.push(`${route.method} ${route.url}`);
    }
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST /api/subscription/change-plan',
        'POST /api/admin/logs/clear',
        'POST /api/supergod/execute',
        'POST /api/ussd/transaction',
        'DELETE /api/admin/users/:id/sessions/:handle',
        'POST /api/account/password',
        'DELETE /api/account/sessions/:id',
        'POST /api/account/sessions/sign-out-others',
        'POST /api/account/2fa/totp/setup',
        'POST /api/account/2fa/totp/enable',
        'POST /api/account/2fa/disable',
      ]),
    );
    // Nothing was written, and the view is still on.
    expect(await activity()).toEqual(before);
    expect((await me()).impersonating).toBeDefined();
  });

  it('lets every read through: GET routes and POSTs the route table marks read-only', async () => {
    expect((await start()).statusCode).toBe(200);
    for (const route of routeList.filter((r) => !isWrite(r))) {
      // Routes above the admin's own role, or for wallets and the gateway, refuse anyway.
      if (!['public', 'user', 'admin'].includes(route.access)) continue;
      const res = await call(route.method, route.url.replace(/:(\w+)/g, String(ann.id)), {
        query: 'How do I change my plan?',
        planId: 'pro',
      });
      expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  // Found by an audit: decision 033 shows a session's address and browser to its owner only,
  // but the view answered the account page's session list with the user's.
  it("shows the user's sessions during a view without their addresses or browsers", async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ann', password: TEST_PASSWORD },
      remoteAddress: '203.0.113.77',
      headers: { 'user-agent': 'AnnPhone/1.0 (home)' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await start()).statusCode).toBe(200);
    const listed = await call('GET', '/api/account/sessions');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ current: false, ip: null, userAgent: null }),
    ]);
    expect(listed.body).not.toContain('203.0.113.77');
    expect(listed.body).not.toContain('AnnPhone');
  });

  it("answers the assistant during a view but keeps nothing: a question it declines is not put down as the user's", async () => {
    const kept = async () => (await call('GET', '/api/admin/unanswered-questions')).json().total;
    const offTopic = { query: 'zzqqxx florp blarg, what is the capital of Mars?' };
    expect((await start()).statusCode).toBe(200);
    const asked = await call('POST', '/api/ai/ai-assistant', offTopic);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await end()).toMatchObject({ statusCode: 200 });
    expect(await kept()).toBe(0);
    // The same question asked outside a view is declined and kept.
    expect((await call('POST', '/api/ai/ai-assistant', offTopic)).statusCode).toBe(200);
    expect(await kept()).toBe(1);
  });

  it('refuses to view as an admin, a supergod, a disabled user or oneself, and 404s an unknown id', async () => {
    const peer = await createUser(t.app, 'peer', 'admin');
    const god = await createUser(t.app, 'zeus', 'supergod');
    const gone = await createUser(t.app, 'gone');
    await t.app.repos.users.setDisabled(gone.id, true);
    const cases: Array<[number, number, string]> = [
      [peer.id, 403, 'peer is an admin: only normal users can be viewed as.'],
      [god.id, 403, 'zeus is a supergod: only normal users can be viewed as.'],
      [gone.id, 403, 'gone is disabled and cannot be viewed as.'],
      [admin.id, 403, 'You cannot view as yourself.'],
      [999_999, 404, 'No user with id 999999.'],
    ];
    for (const [id, status, message] of cases) {
      const res = await start(id);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    // A supergod cannot view as an admin either; nobody below admin can start a view.
    const godCookie = await sessionFor(t.app, god.id);
    expect((await start(peer.id, godCookie)).statusCode).toBe(403);
    expect((await start(ann.id, await sessionFor(t.app, ann.id))).statusCode).toBe(403);
    expect((await me()).impersonating).toBeUndefined();
    expect((await activity()).filter((a) => a.action === 'view_as_start')).toEqual([]);
  });

  it('ends by itself at 15 minutes by the injected clock, audited', async () => {
    expect((await start()).statusCode).toBe(200);
    t.advance(15 * MINUTE - 1);
    expect((await me()).username).toBe('ann');
    t.advance(1);
    const after = await me();
    expect(after).toMatchObject({ id: admin.id, username: 'boss' });
    expect(after.impersonating).toBeUndefined();
    expect((await activity()).at(-1)).toMatchObject({
      user_id: admin.id,
      action: 'view_as_end',
      details: `boss ended the read-only view as ann (user ${ann.id}) after 15 min: the 15 minutes ran out`,
    });
    // Writes are the admin's own again.
    const clear = await call('POST', '/api/admin/logs/clear');
    expect(clear.statusCode).toBe(200);
  });

  it("refuses the write that arrives as the view runs out, so it never lands on the admin's account", async () => {
    expect((await start()).statusCode).toBe(200);
    t.advance(15 * MINUTE);
    const change = await call('POST', '/api/subscription/change-plan', { planId: 'pro' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({
      message:
        'The read-only view as a user has ended: nothing was changed. Reload to go on as yourself.',
    });
    expect(await t.app.repos.subscriptions.find(admin.id)).toBeUndefined();
    expect((await me()).username).toBe('boss');
    const clear = await call('POST', '/api/admin/logs/clear');
    expect(clear.statusCode).toBe(200);
  });

  it('ends when the viewed account stops being a normal user', async () => {
    expect((await start()).statusCode).toBe(200);
    await t.app.repos.users.setRole(ann.id, 'admin');
    expect((await me()).username).toBe('boss');
    expect((await activity()).at(-1)).toMatchObject({
      action: 'view_as_end',
      details: expect.stringMatching(/the account is no longer a normal, enabled user$/),
    });
  });

  describe('the user page', () => {
    it('offers the view only for normal users', async () => {
      const page = (await call('GET', `/api/admin/users/${ann.id}`)).json();
      expect(page.can.viewAs).toBe(true);
      const own = (await call('GET', `/api/admin/users/${admin.id}`)).json();
      expect(own.can.viewAs).toBe(false);
    });
  });
});
