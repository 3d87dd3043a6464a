// The admin console's API on each database: the system log (filters, cursor pages, cheap
// polls, clearing, retention, redaction), the activity log, detailed health from known data,
// announcements, and the users table's search and paging.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { type LogFilter, SystemLogsRepository } from '../src/repositories/system-logs.js';
import { redactSecrets } from '../src/services/system-log.js';
import {
  ADMIN_KEY,
  createTestApp,
  createUser,
  SESSION_SECRET,
  saveCard,
  sessionFor,
  type TestApp,
} from './helpers/app.js';
import { atMigration, describeEachDatabase } from './helpers/databases.js';

describeEachDatabase('admin console', (database) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    const row = await createUser(t.app, 'root-admin', 'admin');
    adminId = row.id;
    admin = await sessionFor(t.app, row.id);
    // Start each test from an empty log (migrations and start-up write to it).
    await t.app.systemLogs.flush();
    await t.app.repos.systemLogs.clear();
  });
  afterEach(() => t.close());

  const get = (url: string, cookie = admin, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  const post = (url: string, payload: object = {}, cookie = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const postForm = (url: string, form: Record<string, string>, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(form).toString(),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });

  async function writeLogs(
    entries: { level: 'INFO' | 'WARNING' | 'ERROR'; source: string; message: string }[],
  ) {
    await t.app.repos.systemLogs.insertMany(
      entries.map((e) => ({ ...e, stackTrace: null, at: t.now() })),
    );
  }

  it('keeps warnings and errors the server logs, with the stack trace, and notable events', async () => {
    t.app.log.info('an ordinary request line that is not kept');
    t.app.log.warn({ source: 'renewals' }, 'renewal took longer than a minute');
    t.app.log.error({ err: new Error('disk on fire') }, 'job failed');
    t.app.systemLogs.notable('server', 'Omega started', null);
    const res = await get('/api/admin/logs');
    expect(res.statusCode).toBe(200);
    const { logs } = res.json();
    expect(logs.map((l: { level: string }) => l.level)).toEqual(['INFO', 'ERROR', 'WARNING']);
    expect(logs[0]).toMatchObject({ source: 'server', message: 'Omega started' });
    expect(logs[1].message).toBe('job failed: disk on fire');
    expect(logs[1].stackTrace).toContain('Error: disk on fire');
    expect(logs[2]).toMatchObject({
      source: 'renewals',
      message: 'renewal took longer than a minute',
    });
    expect(logs[2].stackTrace).toBeUndefined();
    expect(Date.parse(logs[0].timestamp)).toBe(t.now());
  });

  it('records a 500 with its stack trace but answers the client without one', async () => {
    t.app.log.error({ err: new TypeError('x is undefined'), reqId: 'r1' }, 'request failed');
    const { logs } = (await get('/api/admin/logs?level=ERROR')).json();
    expect(logs[0]).toMatchObject({ source: 'http', message: 'request failed: x is undefined' });
    expect(logs[0].stackTrace).toMatch(/TypeError: x is undefined\n\s+at /);
  });

  it('never stores secrets: configured keys, passwords, PINs, tokens, bearer headers', async () => {
    t.app.log.warn(`login with password=hunter22 and key ${ADMIN_KEY}`);
    t.app.log.warn(`session secret ${SESSION_SECRET} leaked; {"pin":"1234","otp": "5678"}`);
    t.app.log.error({ err: new Error('Authorization: Bearer abc.def.ghi failed token=xyz') }, 'x');
    const { logs } = (await get('/api/admin/logs')).json();
    const text = JSON.stringify(logs);
    for (const secret of [
      'hunter22',
      ADMIN_KEY,
      SESSION_SECRET,
      '1234',
      '5678',
      'abc.def.ghi',
      'xyz',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
    expect(redactSecrets('pin: 4321, amount: 10')).toBe('pin: [redacted], amount: 10');
  });

  it('filters by level and by text in the message or source, ignoring case', async () => {
    await writeLogs([
      { level: 'INFO', source: 'server', message: 'Omega started' },
      { level: 'ERROR', source: 'renewals', message: 'Card declined for user 7' },
      { level: 'WARNING', source: 'http', message: 'slow request: 2.3 s' },
      { level: 'ERROR', source: 'database', message: 'connection reset' },
      { level: 'INFO', source: 'rate-limit', message: '100% of tries used' },
      { level: 'WARNING', source: 'auth', message: 'sign-in refused for 😀xyz' },
    ]);
    const messages = async (query: string) =>
      (await get(`/api/admin/logs${query}`)).json().logs.map((l: { message: string }) => l.message);
    expect(await messages('?level=ERROR')).toEqual([
      'connection reset',
      'Card declined for user 7',
    ]);
    expect(await messages('?search=CARD')).toEqual(['Card declined for user 7']);
    expect(await messages('?search=database')).toEqual(['connection reset']);
    expect(await messages('?level=INFO&search=omega')).toEqual(['Omega started']);
    // % is a character to find, not a wildcard.
    expect(await messages('?search=100%25')).toEqual(['100% of tries used']);
    expect(await messages('?search=0%25')).toEqual(['100% of tries used']);
    expect(await messages('?search=nothing-like-this')).toEqual([]);
    // Two characters, though the emoji is two UTF-16 units: found as any short search is.
    expect(await messages(`?search=${encodeURIComponent('😀x')}`)).toEqual([
      'sign-in refused for 😀xyz',
    ]);
    expect(await messages(`?search=${encodeURIComponent('😀xy')}`)).toEqual([
      'sign-in refused for 😀xyz',
    ]);
  });

  it('pages newest first with a cursor until the last page says so', async () => {
    await writeLogs(
      Array.from({ length: 7 }, (_, i) => ({
        level: 'INFO' as const,
        source: 's',
        message: `m${i}`,
      })),
    );
    const seen: string[] = [];
    let cursor: number | null | undefined;
    let pages = 0;
    do {
      const res = await get(`/api/admin/logs?limit=3${cursor ? `&before=${cursor}` : ''}`);
      const body = res.json();
      seen.push(...body.logs.map((l: { message: string }) => l.message));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0']);
  });

  it('refuses bad filters with a 400 naming them', async () => {
    for (const [query, field] of [
      ['?level=DEBUG', 'level'],
      ['?limit=0', 'limit'],
      ['?limit=1000', 'limit'],
      ['?before=abc', 'before'],
    ] as const) {
      const res = await get(`/api/admin/logs${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('answers a poll that finds nothing new with 304, and a changed log with 200', async () => {
    await writeLogs([{ level: 'INFO', source: 's', message: 'one' }]);
    const first = await get('/api/admin/logs');
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const again = await get('/api/admin/logs', admin, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await writeLogs([{ level: 'INFO', source: 's', message: 'two' }]);
    const changed = await get('/api/admin/logs', admin, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
  });

  it('clears the log and writes who did it to the activity log', async () => {
    await writeLogs([
      { level: 'ERROR', source: 's', message: 'a' },
      { level: 'INFO', source: 's', message: 'b' },
    ]);
    const res = await post('/api/admin/logs/clear');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, cleared: 2 });
    expect((await get('/api/admin/logs')).json().logs).toEqual([]);
    // The search index was emptied with the table, and keeps working for new entries.
    await writeLogs([{ level: 'INFO', source: 's', message: 'after the clear' }]);
    const search = async (text: string) =>
      (await get(`/api/admin/logs?search=${encodeURIComponent(text)}`)).json().logs;
    expect(await search('after the')).toHaveLength(1);
    await t.app.repos.systemLogs.clear();
    expect(await search('after the')).toEqual([]);
    const activity = (await get('/api/admin/activity-logs')).json();
    expect(activity[0]).toMatchObject({
      userId: adminId,
      action: 'logs_clear',
      details: 'cleared 2 log entries',
    });
  });

  it('finds entries written before migration 0020 by level and text, and keeps them in step', async () => {
    await atMigration(database, '0019-access-tokens', async (handle) => {
      // The rows as 0019's server wrote them (on SQLite, into the single search index).
      const rows = (['INFO', 'WARNING', 'ERROR', 'WARNING', 'NOTICE'] as const).map((level, i) => ({
        level,
        source: i === 2 ? 'renewals' : 'database',
        message: `slow query on ledger_entries took ${i} ms`,
        stack_trace: null,
        created_at: i,
      }));
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was, with a level the app never writes.
      const db = handle.db as any;
      await db.insertInto('system_logs').values(rows).execute();
      await migrateToLatest(handle.db, handle.schema);
      const logs = new SystemLogsRepository(handle.db, handle.dialect);
      const found = async (filter: Omit<LogFilter, 'limit'>) =>
        (await logs.page({ ...filter, limit: 10 })).map((r) => `${r.level} ${r.message}`);
      expect(await found({ level: 'WARNING', search: 'SLOW QUERY' })).toEqual([
        'WARNING slow query on ledger_entries took 3 ms',
        'WARNING slow query on ledger_entries took 1 ms',
      ]);
      expect(await found({ level: 'ERROR', search: 'renewals' })).toEqual([
        'ERROR slow query on ledger_entries took 2 ms',
      ]);
      expect(await found({ level: 'ERROR', search: 'database' })).toEqual([]);
      const newest = await logs.newestId();
      expect(await found({ level: 'WARNING', search: 'took', before: newest - 1 })).toEqual([
        'WARNING slow query on ledger_entries took 1 ms',
      ]);
      // A level the app never writes is still found by a search without a level.
      expect(await found({ search: 'ledger' })).toEqual(
        rows.map((r) => `${r.level} ${r.message}`).reverse(),
      );
      // Written and deleted after the migration: the index follows the table.
      await logs.insertMany([
        { level: 'WARNING', source: 'http', message: 'slow query again', stackTrace: null, at: 9 },
      ]);
      expect(await found({ level: 'WARNING', search: 'query again' })).toEqual([
        'WARNING slow query again',
      ]);
      await logs.prune(1);
      expect(await found({ search: 'slow query' })).toEqual(['WARNING slow query again']);
      expect(await logs.clear()).toBe(1);
      expect(await found({ search: 'slow query' })).toEqual([]);
    });
  });

  it('keeps the table within its retention cap, dropping the oldest entries', async () => {
    await t.close();
    t = await createTestApp(database, { logRetention: 100 });
    for (let i = 0; i < 250; i++) t.app.log.warn(`warning ${i}`);
    await t.app.systemLogs.flush();
    const count = await t.app.repos.systemLogs.count();
    expect(count).toBeLessThanOrEqual(100);
    const newest = await t.app.repos.systemLogs.page({ limit: 1 });
    expect(newest[0]?.message).toBe('warning 249');
  });

  it('pages the activity log newest first', async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.repos.activity.record({
        userId: adminId,
        action: 'feature_added',
        details: `f${i}`,
        at: t.now() + i,
        requestId: null,
      });
    }
    const first = (await get('/api/admin/activity-logs?limit=2')).json();
    expect(first.map((a: { details: string }) => a.details)).toEqual(['f4', 'f3']);
    const next = (await get(`/api/admin/activity-logs?limit=2&before=${first[1].id}`)).json();
    expect(next.map((a: { details: string }) => a.details)).toEqual(['f2', 'f1']);
    expect(next[0]).toMatchObject({ userId: adminId, action: 'feature_added' });
    expect(Date.parse(next[0].timestamp)).toBe(t.now() + 2);
  });

  it('reports detailed health from the real figures', async () => {
    const u1 = await createUser(t.app, 'payer-one');
    const u2 = await createUser(t.app, 'payer-two');
    await createUser(t.app, 'free-rider');
    await saveCard(t.app, u1.id);
    await post('/api/subscription/change-plan', { planId: 'pro' }, await sessionFor(t.app, u1.id));
    await post('/api/subscription/override', { userId: u2.id, planId: 'starter' });
    await t.app.repos.activity.record({
      userId: null,
      action: 'login',
      details: '',
      at: t.now(),
      requestId: null,
    });
    const activities = await t.app.repos.activity.count();

    const res = await get('/api/health/detailed');
    expect(res.statusCode).toBe(200);
    const health = res.json();
    expect(health.status).toBe('healthy');
    expect(health.components.server.status).toBe('healthy');
    expect(health.components.server.uptime).toBeGreaterThanOrEqual(0);
    expect(health.components.database).toMatchObject({
      status: 'healthy',
      tables: { users: { count: 4 }, activityLogs: { count: activities } },
    });
    expect(health.components.auth.status).toBe('healthy');
    expect(health.components.subscriptions.stats).toEqual({
      activeSubscriptions: 2,
      totalSubscriptions: 4,
      planDistribution: { Free: 2, Starter: 1, Pro: 1 },
      // Nobody's renewal has failed (test/billing.test.ts covers past-due figures).
      pastDueAccounts: 0,
      mrrAtRisk: 0,
      amountPastDue: 0,
    });
    const plugins = health.components.plugins.loaded.map((p: { name: string }) => p.name);
    for (const name of [
      'database',
      'session',
      'services',
      'access',
      'renewal-job',
      'adminRoutes',
    ]) {
      expect(plugins).toContain(name);
    }
    const renewal = health.components.plugins.loaded.find(
      (p: { name: string }) => p.name === 'renewal-job',
    );
    expect(renewal.status).toBe('idle (jobs off)');
    expect(Date.parse(renewal.loadedAt)).toBe(t.now());
  });

  it('publishes an announcement from a form post, trimmed, and shows it to every user', async () => {
    const res = await postForm('/api/messages', {
      title: '  Maintenance  ',
      content: ' Sunday 2am ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Maintenance', content: 'Sunday 2am' });
    const user = await sessionFor(t.app, (await createUser(t.app, 'reader')).id);
    const list = (await get('/api/messages', user)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Maintenance', content: 'Sunday 2am' });
    const activity = (await get('/api/admin/activity-logs')).json();
    expect(activity[0]).toMatchObject({ userId: adminId, action: 'announcement' });
  });

  it('refuses an empty title or content with a 400 naming it, writing nothing', async () => {
    for (const [form, field] of [
      [{ title: '   ', content: 'x' }, 'title'],
      [{ title: '\u200b', content: 'x' }, 'title'],
      [{ title: 'x', content: '\u00ad\u2060' }, 'content'],
      [{ title: 'x', content: '' }, 'content'],
      [{ content: 'x' }, 'title'],
    ] as const) {
      const res = await postForm('/api/messages', form);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect((await get('/api/messages')).json()).toEqual([]);
  });

  it('limits an announcement to 200 characters of title and 10,000 of content, counting characters', async () => {
    const long = await postForm('/api/messages', { title: 'x'.repeat(201), content: 'c' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'title is too long: at most 200 characters' });
    const body = await postForm('/api/messages', { title: 't', content: 'c'.repeat(10_001) });
    expect(body.json()).toEqual({ message: 'content is too long: at most 10000 characters' });
    // An emoji is one character, as a person counts it (it is two UTF-16 units).
    const emoji = await postForm('/api/messages', {
      title: '📣'.repeat(200),
      content: `${'🎉'.repeat(100)}${'c'.repeat(9_900)}`,
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect((await get('/api/messages')).json()).toHaveLength(1);
  });

  it('counts unread announcements per user and marks them read', async () => {
    const reader = await sessionFor(t.app, (await createUser(t.app, 'reader')).id);
    const unread = async () => (await get('/api/messages/unread-count', reader)).json().unread;
    expect(await unread()).toBe(0);
    await postForm('/api/messages', { title: 'One', content: '1' });
    await postForm('/api/messages', { title: 'Two', content: '2' });
    expect(await unread()).toBe(2);
    const [newest] = (await get('/api/messages', reader)).json();
    expect((await post('/api/messages/read', { lastId: newest.id }, reader)).statusCode).toBe(200);
    expect(await unread()).toBe(0);
    // An older mark never moves it back.
    await post('/api/messages/read', { lastId: 0 }, reader);
    expect(await unread()).toBe(0);
    await postForm('/api/messages', { title: 'Three', content: '3' });
    expect(await unread()).toBe(1);
    // Another user's mark is their own.
    expect((await get('/api/messages/unread-count')).json().unread).toBe(3);
  });

  it.runIf(database.name === 'PostgreSQL')(
    'counts an announcement saved after a later one was read as unread: ids are seen in their order',
    async () => {
      const reader = await sessionFor(t.app, (await createUser(t.app, 'reader')).id);
      const unread = async () => (await get('/api/messages/unread-count', reader)).json().unread;
      let later: Promise<unknown> | undefined;
      const seen: number[] = [];
      // One announcement's save still open (another instance's, or billing's notice) while a
      // later one is published and the reader's bell reads the list and marks it.
      await t.app.database.db.transaction().execute(async (trx) => {
        const first = { title: 'First', content: '1', authorId: adminId, at: t.now() };
        await t.app.repos.announcements.create(first, trx);
        later = postForm('/api/messages', { title: 'Later', content: '2' });
        await Promise.race([later, new Promise((r) => setTimeout(r, 500))]);
        const listed: Array<{ id: number }> = (await get('/api/messages', reader)).json();
        seen.push(...listed.map((a) => a.id));
        if (seen.length > 0)
          await post('/api/messages/read', { lastId: Math.max(...seen) }, reader);
      });
      await later;
      const all: Array<{ id: number }> = (await get('/api/messages', reader)).json();
      expect(all).toHaveLength(2);
      // Whatever the reader had not seen when it marked is still unread.
      expect(await unread()).toBe(all.filter((a) => !seen.includes(a.id)).length);
    },
  );

  it('marks read only what exists: a mark past the newest announcement hides none sent later', async () => {
    const reader = await sessionFor(t.app, (await createUser(t.app, 'reader')).id);
    const unread = async () => (await get('/api/messages/unread-count', reader)).json().unread;
    await postForm('/api/messages', { title: 'One', content: '1' });
    const marked = await post('/api/messages/read', { lastId: 2_147_483_647 }, reader);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await unread()).toBe(0);
    await postForm('/api/messages', { title: 'Two', content: '2' });
    expect(await unread()).toBe(1);
    // Before any announcement, a mark reads nothing either.
    const early = await sessionFor(t.app, (await createUser(t.app, 'early')).id);
    await t.app.database.db.deleteFrom('announcements').execute();
    await post('/api/messages/read', { lastId: 99 }, early);
    await postForm('/api/messages', { title: 'Three', content: '3' });
    expect((await get('/api/messages/unread-count', early)).json().unread).toBe(1);
  });

  it('searches and pages the users table with the total in X-Total-Count', async () => {
    for (const name of ['alice', 'alfred', 'bob', 'Alina']) await createUser(t.app, name);
    const page = await get('/api/users/with-subscriptions?search=AL&limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((u: { username: string }) => u.username)).toEqual(['alice', 'alfred']);
    const rest = await get('/api/users/with-subscriptions?search=al&limit=2&offset=2');
    expect(rest.json().map((u: { username: string }) => u.username)).toEqual(['Alina']);
    const all = await get('/api/users/with-subscriptions');
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json()[0]).toMatchObject({
      username: 'root-admin',
      subscription: { planId: 'free', status: 'active' },
    });
  });
});
