// The assistant's unanswered questions on each database: what it declined (with the asker's role
// and the article it was nearest to) and answers rated 'no' (with the articles the server finds
// it showed, never a client's list) are kept, nothing else is; the admin view groups them by
// wording, newest first; the periodic job deletes them past the retention period; an admin
// clears them (audited); nobody else reads or clears them.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { runDueJobs } from '../src/plugins/app/renewal-job.js';
import {
  buildHelpFirst,
  createTestApp,
  createUser,
  sessionFor,
  type TestApp,
} from './helpers/app.js';
import { atMigration, describeEachDatabase } from './helpers/databases.js';

// These tests ask the assistant: its help is built once, before them.
buildHelpFirst();

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Group {
  wording: string;
  count: number;
  lastAskedAt: string;
  roles: string[];
  kind: { declined: number; ratedNo: number };
  closestArticle: { slug: string; title: string; path: string } | null;
  examples: string[];
}

describeEachDatabase('unanswered questions', (database) => {
  let t: TestApp;
  let user: string;
  let admin: string;
  let adminId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    user = await sessionFor(t.app, (await createUser(t.app, 'alice')).id);
    const a = await createUser(t.app, 'root', 'admin');
    adminId = a.id;
    admin = await sessionFor(t.app, a.id);
  });
  afterEach(() => t.close());

  const ask = async (cookie: string, query: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/ai-assistant',
      headers: { cookie },
      payload: { query },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const rate = async (cookie: string, query: string, helpful: boolean, extra: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/feedback',
      headers: { cookie },
      payload: {
        responseId: 'V1StGXR8_Z5jdHi6B-myT',
        rating: helpful ? 5 : 1,
        helpful,
        query,
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const view = (cookie = admin, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/unanswered-questions${query}`,
      headers: { cookie },
    });
  const groups = async (): Promise<Group[]> => {
    const res = await view();
    expect(res.statusCode, res.body).toBe(200);
    return res.json().groups;
  };
  const rows = () =>
    t.app.database.db.selectFrom('unanswered_questions').selectAll().orderBy('id').execute();
  const article = (slug: string) => {
    const found = t.app.help.articles.find((a) => a.kind === 'help' && a.slug === slug);
    if (!found) throw new Error(`no help article ${slug}`);
    return { slug, title: found.title, path: found.path };
  };

  it('keeps a declined question, trimmed, with the role and the article it was nearest to', async () => {
    const body = await ask(user, '  how do I cancel my netflix subscription  ');
    expect(body.sources).toEqual([]);
    await ask(admin, 'what is the weather in Paris?');
    expect(await rows()).toEqual([
      {
        id: expect.any(Number),
        kind: 'declined',
        question: 'how do I cancel my netflix subscription',
        role: 'user',
        articles_shown: '[]',
        closest_article: 'cancelling-and-resuming',
        asked_at: t.now(),
      },
      // Nothing in the help shares a word with it: no nearest article.
      expect.objectContaining({
        kind: 'declined',
        question: 'what is the weather in Paris?',
        role: 'admin',
        closest_article: null,
      }),
    ]);
    // Neither the account nor anything else the asker sent is kept.
    expect(Object.keys((await rows())[0] ?? {}).sort()).toEqual([
      'articles_shown',
      'asked_at',
      'closest_article',
      'id',
      'kind',
      'question',
      'role',
    ]);
  });

  // The decline was kept when it was asked; a 'no' for it says nothing more, and counted again it
  // showed one question asked once as 'Asked 2 times (1 declined, 1 rated no)'.
  it("keeps a declined question once when its answer is also rated 'no'", async () => {
    const q = 'what is the weather in Paris?';
    expect((await ask(user, q)).sources).toEqual([]);
    await rate(user, q, false);
    expect((await rows()).map((r) => [r.kind, r.question])).toEqual([['declined', q]]);
    const [group] = await groups();
    expect(group).toMatchObject({ count: 1, kind: { declined: 1, ratedNo: 0 } });
  });

  it("keeps an answer rated 'no' with the articles the server finds it showed", async () => {
    const q = 'how do I cancel my subscription?';
    const answer = await ask(user, q);
    // An answered question is not kept.
    expect(await rows()).toEqual([]);
    // A list of articles from the client is not a field of the call, and is not kept.
    await rate(user, `  ${q} `, false, { articles: ['supergod-commands'] });
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      kind: 'rated-no',
      question: q,
      role: 'user',
      closest_article: null,
    });
    const shown = JSON.parse(row?.articles_shown ?? '[]') as string[];
    expect(shown[0]).toBe('cancelling-and-resuming');
    expect(shown.map((s) => article(s).title).sort()).toEqual(
      answer.sources.map((s: { title: string }) => s.title).sort(),
    );
    // The rating itself is stored as before.
    const feedback = await t.app.database.db.selectFrom('assistant_feedback').selectAll().execute();
    expect(feedback).toEqual([expect.objectContaining({ rating: 1, helpful: 0, query: q })]);
  });

  it("keeps nothing for a 'yes', an answered question, or a 'no' without the question", async () => {
    await ask(user, 'how do I cancel my subscription?');
    await rate(user, 'how do I cancel my subscription?', true);
    await rate(user, 'what is the weather in Paris?', true);
    await rate(user, '   ', false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/feedback',
      headers: { cookie: user },
      payload: { responseId: 'V1StGXR8_Z5jdHi6B-myT', rating: 1, helpful: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await rows()).toEqual([]);
    expect((await view()).json()).toEqual({ groups: [], total: 0, grouped: 0, retentionDays: 90 });
  });

  // A client that sends a rating again (a double click, a retry after a lost answer) rates the
  // answer once: the list counts what people asked, not how often their client sent it.
  it('keeps a rating sent again, or twice at once, once', async () => {
    const feedback = () =>
      t.app.database.db.selectFrom('assistant_feedback').select(['user_id', 'query']).execute();
    await rate(user, 'How do I cancel?', false);
    await rate(user, 'How do I cancel?', false);
    await Promise.all([rate(user, 'how to cancel', false), rate(user, 'how to cancel', false)]);
    // The same words rated by someone else, or under another answer's id, are ratings of their own.
    await rate(admin, 'How do I cancel?', false);
    await rate(user, 'How do I cancel?', false, { responseId: 'a-later-answer-of-21ch' });
    expect(await feedback()).toHaveLength(4);
    expect((await rows()).map((r) => r.question).sort()).toEqual([
      'How do I cancel?',
      'How do I cancel?',
      'How do I cancel?',
      'how to cancel',
    ]);
  });

  it('merges the copies of a rating stored before ratings were kept once, keeping the earliest', async () => {
    await atMigration(database, '0030-ussd-session-claims', async (handle) => {
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was before 0031.
      const db = handle.db as any;
      const { id } = await db
        .insertInto('users')
        .values({
          username: 'rater',
          username_key: 'rater',
          password_hash: 'x',
          role: 'user',
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rating = (userId: number | null, query: string, at: number) => ({
        response_id: 'V1StGXR8_Z5jdHi6B-myT',
        user_id: userId,
        rating: 1,
        helpful: 0,
        query,
        created_at: at,
      });
      await db
        .insertInto('assistant_feedback')
        .values([
          rating(id, 'How do I cancel?', 10),
          rating(id, 'How do I cancel?', 11),
          rating(id, 'How do I cancel?', 12),
          rating(id, 'how to cancel', 13),
          rating(null, 'How do I cancel?', 14),
          rating(null, 'How do I cancel?', 15),
        ])
        .execute();
      await migrateToLatest(handle.db, handle.schema);
      const kept = await handle.db
        .selectFrom('assistant_feedback')
        .select(['user_id', 'query', 'created_at'])
        .orderBy('id')
        .execute();
      expect(kept).toEqual([
        { user_id: id, query: 'How do I cancel?', created_at: 10 },
        { user_id: id, query: 'how to cancel', created_at: 13 },
        // A deleted account's ratings are left alone.
        { user_id: null, query: 'How do I cancel?', created_at: 14 },
        { user_id: null, query: 'How do I cancel?', created_at: 15 },
      ]);
    });
  });

  it('groups similar wording with counts, roles and kinds, the most recently asked first', async () => {
    await ask(user, 'what is the weather in Paris?');
    t.advance(MINUTE);
    await ask(admin, 'Weather in paris');
    t.advance(MINUTE);
    await rate(user, 'How do I cancel?', false);
    t.advance(MINUTE);
    await rate(user, 'how to cancel', false);
    t.advance(MINUTE);
    await ask(user, 'how do I cancel my netflix subscription');
    await rate(user, 'how do I cancel my netflix subscription', false);
    const res = await view();
    expect(res.json()).toMatchObject({ total: 5, grouped: 5, retentionDays: 90 });
    expect(await groups()).toEqual([
      {
        wording: 'how do I cancel my netflix subscription',
        // Declined when asked; its 'no' adds nothing: asked once.
        count: 1,
        lastAskedAt: new Date(t.now()).toISOString(),
        roles: ['user'],
        kind: { declined: 1, ratedNo: 0 },
        closestArticle: article('cancelling-and-resuming'),
        examples: [],
      },
      {
        wording: 'how to cancel',
        count: 2,
        lastAskedAt: new Date(t.now() - MINUTE).toISOString(),
        roles: ['user'],
        kind: { declined: 0, ratedNo: 2 },
        // The article both answers showed.
        closestArticle: article('cancelling-and-resuming'),
        examples: ['How do I cancel?'],
      },
      {
        wording: 'Weather in paris',
        count: 2,
        lastAskedAt: new Date(t.now() - 3 * MINUTE).toISOString(),
        roles: ['user', 'admin'],
        kind: { declined: 2, ratedNo: 0 },
        closestArticle: null,
        examples: ['what is the weather in Paris?'],
      },
    ]);
    // A smaller limit groups only the newest questions; the total still counts all of them.
    const newest = (await view(admin, '?limit=2')).json();
    expect(newest).toMatchObject({ total: 5, grouped: 2 });
    expect(newest.groups.map((g: Group) => [g.wording, g.count])).toEqual([
      ['how do I cancel my netflix subscription', 1],
      ['how to cancel', 1],
    ]);
  });

  it('deletes questions past the configured retention in the periodic job', async () => {
    await t.close();
    t = await createTestApp(database, { assistantRetentionDays: 7 });
    const bob = (await createUser(t.app, 'bob')).id;
    const root = (await createUser(t.app, 'root', 'admin')).id;
    // Sessions end after 30 idle minutes: each step after days signs in again.
    await ask(await sessionFor(t.app, bob), 'what is the weather in Paris?');
    t.advance(3 * DAY);
    await ask(await sessionFor(t.app, bob), 'how do I cancel my netflix subscription');
    t.advance(4 * DAY + MINUTE);
    // Past the period, a question is not shown even before the job has run...
    expect((await view(await sessionFor(t.app, root))).json()).toMatchObject({
      total: 1,
      grouped: 1,
      retentionDays: 7,
    });
    expect(await rows()).toHaveLength(2);
    // ...and the job deletes it, by the app's clock (and the two sessions of days ago, ended).
    expect(await runDueJobs(t.app)).toEqual({
      renewed: 0,
      charged: 0,
      ended: 0,
      purged: 1,
      sessionsCleared: 2,
      walletTokensCleared: 0,
    });
    expect((await rows()).map((r) => r.question)).toEqual([
      'how do I cancel my netflix subscription',
    ]);
    t.advance(3 * DAY);
    expect((await runDueJobs(t.app)).purged).toBe(1);
    expect(await rows()).toEqual([]);
  });

  it('clears every question for an admin and records who did it', async () => {
    await ask(user, 'what is the weather in Paris?');
    await ask(user, 'how do I cancel my netflix subscription');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/unanswered-questions/clear',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Cleared 2 questions' });
    expect(await rows()).toEqual([]);
    expect(await groups()).toEqual([]);
    const activity = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/activity-logs',
        headers: { cookie: admin },
      })
    ).json();
    expect(activity[0]).toMatchObject({
      userId: adminId,
      action: 'assistant_questions_clear',
      details: 'cleared 2 unanswered assistant questions',
    });
  });

  it('is for admins and supergods only', async () => {
    await ask(user, 'what is the weather in Paris?');
    const supergod = await sessionFor(t.app, (await createUser(t.app, 'sg', 'supergod')).id);
    expect((await view(supergod)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/unanswered-questions' });
    expect(anonymous.statusCode).toBe(401);
    expect((await view(user)).statusCode).toBe(403);
    for (const headers of [{}, { cookie: user }]) {
      const clear = await t.app.inject({
        method: 'POST',
        url: '/api/admin/unanswered-questions/clear',
        headers,
      });
      expect(clear.statusCode).toBe('cookie' in headers ? 403 : 401);
      expect(clear.json().message).toBeTruthy();
    }
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a bad limit with a 400 naming it', async () => {
    for (const query of ['?limit=0', '?limit=1001', '?limit=abc', '?limit=1.5']) {
      const res = await view(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/^limit /);
    }
  });
});
