// The question model (learned.ts): naive Bayes and a classifier over the index's own terms,
// trained on labelled questions, re-ranking the index's hits and deciding with them whether to
// answer (relevance.ts `judge`).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Classified,
  DECISION,
  DECISION_FEATURES,
  decide,
  featuresOf,
  findDocsRoot,
  HelpIndex,
  HITS,
  type Hit,
  judge,
  LEARNED_WEIGHTS,
  learnedOpinion,
  loadArticles,
  loadTrainingQuestions,
  QuestionModel,
  rerank,
  type SearchScope,
  softmax,
  TrainedWeightsCache,
  type TrainingQuestions,
  withLikeliest,
} from '@omega/assistant';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import helpPlugin, { helpFor } from '../src/plugins/app/help.js';

const articles = loadArticles();
const index = new HelpIndex(articles);
const analyse = (text: string) => index.analyse(text);
const user: SearchScope = { audience: 'user', architecture: false };
const admin: SearchScope = { audience: 'admin', architecture: true };
const NONE: TrainingQuestions = { onTopic: [], offTopic: [] };
const training = loadTrainingQuestions(findDocsRoot());
/**
 * The shipped model, as the server builds it: its classifier's weights are read from the cache
 * the global setup wrote (training it here again would take seconds per test on a loaded CI).
 */
function shipped(): QuestionModel {
  const { model } = helpFor();
  if (!model) throw new Error('docs/assistant/training-questions.json is missing');
  return model;
}

/** The first article answered, or 'declined'. */
function first(q: string, model?: QuestionModel, scope: SearchScope = user): string {
  const decision = decide(index, q, scope, undefined, model);
  return decision.decline ? 'declined' : (decision.hits[0]?.passage.slug ?? 'declined');
}

describe('question model', () => {
  it('learns a wording seen only in its training questions', () => {
    // The index alone puts the transfer article first; questions in other words about the same
    // thing, labelled with their article, move the right one first.
    const q = 'transfer stuck pending';
    expect(first(q)).toBe('keypad-transfer');
    expect(first(q, new QuestionModel(analyse, articles, NONE))).toBe('keypad-transfer');
    const taught = new QuestionModel(analyse, articles, {
      onTopic: ['my transfer is stuck', 'payment still pending after an hour'].map((text) => ({
        q: text,
        role: 'user',
        articles: ['keypad-failures-and-offline'],
        set: 'test',
      })),
    });
    expect(first(q, taught)).toBe('keypad-failures-and-offline');
  });

  it('with the shipped training questions, ranks paraphrases the index alone gets wrong', () => {
    const model = shipped();
    // (Until the ninth round this was 'does ussd work without internet'; with the fourth to
    // seventh training sets the model sides with the index on it, and the widget article's
    // section on real phones, which dial USSD without internet, answers it too.)
    // (The index alone took billing-history for it until the payments article, about paying,
    // joined the help; wrong either way.)
    expect(first('no internet can i still pay')).toBe('payment-method-and-failed-payments');
    expect(first('no internet can i still pay', model)).toBe('keypad-failures-and-offline');
    expect(first('wifi dropped while sending money')).toBe('keypad-send-to-phone');
    expect(first('wifi dropped while sending money', model)).toBe('keypad-failures-and-offline');
    expect(first('invoice shows 0 dollars why')).toBe('keypad-buy');
    expect(first('invoice shows 0 dollars why', model)).toBe('billing-history');
  });

  it('knows how close the nearest on-topic and off-topic labelled questions are', () => {
    const row = (q: string) => ({ q, role: 'user' as const, set: 'test' });
    const model = new QuestionModel(analyse, articles, {
      onTopic: [{ ...row('how do i check my wallet balance'), articles: ['keypad-balance'] }],
      offTopic: [row('how do i check the weather forecast')],
    });
    const near = (q: string) => model.classify(analyse(q), q)?.nearest;
    // Word for word, a labelled question is its own nearest; in other words, the closer one wins.
    expect(near('how do i check my wallet balance')?.onTopic).toBe(1);
    expect(near('how do i check the weather forecast')?.offTopic).toBe(1);
    const balance = near('check wallet balance please');
    expect(balance?.onTopic).toBeGreaterThan(balance?.offTopic ?? 1);
    const weather = near('weather forecast for tomorrow');
    expect(weather?.offTopic).toBeGreaterThan(weather?.onTopic ?? 1);
    // And per article: how close the nearest labelled question answered by each one is.
    expect(balance?.byArticle.get('keypad-balance')).toBe(balance?.onTopic);
    expect(balance?.byArticle.has('plans')).toBe(false);
  });

  it('is deterministic: the same data gives the same scores and order', () => {
    // A tenth of the shipped questions, trained twice without the cache: the seeded shuffle,
    // not the data's size, is what makes training repeatable (a third took 7 s of CPU, 23 s
    // while other suites shared the machine).
    const tenth = <T>(list: readonly T[] = []) => list.filter((_, i) => i % 10 === 0);
    const data = { onTopic: tenth(training?.onTopic), offTopic: tenth(training?.offTopic) };
    const a = new QuestionModel(analyse, articles, data);
    const b = new QuestionModel(analyse, articles, data);
    expect(a.classifierSource).toBe('trained');
    expect(b.classifierSource).toBe('trained');
    const slugs = articles.map((x) => x.slug);
    for (const q of ['how do i sign in', 'my wallet is frozen', 'pro rata upgrade charge']) {
      const words = analyse(q);
      expect([...a.articleLogLikelihoods(words, slugs)]).toEqual([
        ...b.articleLogLikelihoods(words, slugs),
      ]);
      expect(decide(index, q, admin, undefined, a)).toEqual(decide(index, q, admin, undefined, b));
    }
  });

  it('does not pull off-topic questions on-topic', () => {
    const model = shipped();
    for (const q of [
      'what is the weather in paris',
      'how do i cancel netflix',
      'recommend a good pizza place',
      'how many legs does a millipede have',
      'explain compound interest',
    ]) {
      expect(first(q, model, admin)).toBe('declined');
    }
    // Every off-topic training question is declined with the model, whatever the index finds.
    const pulled = (training?.offTopic ?? [])
      .map(({ q, role }) => ({ q, scope: role === 'user' ? user : admin }))
      .filter(({ q, scope }) => first(q, model, scope) !== 'declined')
      .map(({ q }) => q);
    expect(pulled).toEqual([]);
  });

  it('counts a word the help never uses like a known word once on-topic questions use it', () => {
    // 'everybody' is in no article, so it counted in full against the announcements article's
    // coverage of a question that scores 214 on it.
    const q = 'how do i post an announcement to everybody';
    const on = { q: 'tell everybody about the outage', role: 'admin' as const, set: 'test' };
    const off = { q: 'everybody loves raymond cast', role: 'user' as const, set: 'test' };
    const onTopic = [{ ...on, articles: ['admin-communications'] }];
    expect(first(q, new QuestionModel(analyse, articles, NONE), admin)).toBe('declined');
    expect(first(q, new QuestionModel(analyse, articles, { onTopic }), admin)).toBe(
      'admin-communications',
    );
    // A word off-topic questions use too is not evidence either way: it counts against the
    // coverage in full again. (Whether this question is then answered is the classifier's call,
    // which learns from that off-topic question too: asserted on the vocabulary itself.)
    const words = analyse(q);
    expect([...new QuestionModel(analyse, articles, { onTopic }).familiar(words)]).toEqual([
      'everybody',
    ]);
    expect([
      ...new QuestionModel(analyse, articles, { onTopic, offTopic: [off] }).familiar(words),
    ]).toEqual([]);
  });

  it('counts a word only off-topic questions use, twice or more, as another topic', () => {
    const q = 'exodus wallet transaction pending';
    const off = (texts: string[]) =>
      texts.map((text) => ({ q: text, role: 'user' as const, set: 't' }));
    const twice = off(['exodus wallet seed phrase', 'exodus app crashed on startup']);
    expect(first(q, new QuestionModel(analyse, articles, NONE))).toBe(
      'keypad-failures-and-offline',
    );
    expect(first(q, new QuestionModel(analyse, articles, { onTopic: [], offTopic: twice }))).toBe(
      'declined',
    );
    // Once is not enough, and an on-topic use clears it. (Whether a model trained on one or two
    // questions then answers is its tiny classifier's call: asserted on the vocabulary itself,
    // as for familiar words above.)
    const words = analyse(q);
    const foreign = (data: ConstructorParameters<typeof QuestionModel>[2]) => [
      ...new QuestionModel(analyse, articles, data).foreign(words),
    ];
    expect(foreign({ onTopic: [], offTopic: twice })).toEqual(['exodus']);
    expect(foreign({ onTopic: [], offTopic: twice.slice(0, 1) })).toEqual([]);
    const onTopic = [
      {
        q: 'exodus of users after the price change',
        role: 'user' as const,
        articles: ['keypad-failures-and-offline'],
        set: 't',
      },
    ];
    expect(foreign({ onTopic, offTopic: twice })).toEqual([]);
  });

  it('re-ranks by article and keeps the article whose phrasing the question is first', () => {
    const { hits } = index.retrieve('transfer stuck pending', user);
    const slugs = [...new Set(hits.map((h) => h.passage.slug))];
    const [top = '', second = ''] = slugs;
    // A model certain of the second article moves it (and its passages) first.
    const logs = new Map(slugs.map((s) => [s, s === second ? 0 : -50]));
    const weights = { rankWeight: 0.9, temperature: 1 };
    const reranked = rerank(hits, logs, weights);
    expect(reranked[0]?.passage.slug).toBe(second);
    expect(reranked).toHaveLength(hits.length);
    expect(rerank(hits, logs, weights, top)[0]?.passage.slug).toBe(top);
    expect(rerank(hits, logs, { rankWeight: 0, temperature: 1 })).toEqual(hits);
  });

  it('re-ranks a longer list than the index offers, and offers no more than it', () => {
    const q = 'where are the keypad transactions kept on the server side';
    const { words, hits } = index.retrieve(q, admin, 32);
    const within = (pool: number) =>
      new Set(hits.slice(0, Math.max(HITS, pool)).map((h) => h.passage.slug));
    const outside = [...within(32)].find((s) => !within(HITS).has(s)) ?? '';
    expect(outside).not.toBe('');
    // A model certain of an article beyond the index's first eight passages brings it up only
    // when its pool reaches that far.
    const model = new QuestionModel(analyse, articles, NONE);
    const opinion = learnedOpinion(model, words, hits, q, { ...LEARNED_WEIGHTS, pool: 32 });
    const logs = new Map([...opinion.logs].map(([s]) => [s, s === outside ? 0 : -50]));
    const top = (pool: number) =>
      judge(words, hits, undefined, {
        ...opinion,
        logs,
        weights: { ...LEARNED_WEIGHTS, rankWeight: 0.9, temperature: 1, pool },
      });
    expect(top(32).hits[0]?.passage.slug).toBe(outside);
    expect(top(32).hits.length).toBeLessThanOrEqual(HITS);
    expect(top(HITS).hits[0]?.passage.slug).not.toBe(outside);
    // The weights in use re-rank more than the index offers: a decision still offers eight.
    expect(LEARNED_WEIGHTS.pool).toBeGreaterThan(HITS);
    const decision = decide(index, q, admin, undefined, model);
    expect(decision.hits.length).toBeLessThanOrEqual(HITS);
  });

  it('has features from the index terms and neighbouring pairs', () => {
    const features = featuresOf(analyse('cancel subscription'));
    expect(features.get('cancel')).toBe(1);
    expect([...features.keys()].some((f) => f.includes(' '))).toBe(true);
    const p = softmax(
      new Map([
        ['a', -1],
        ['b', -2],
      ]),
      LEARNED_WEIGHTS.temperature,
    );
    expect((p.get('a') ?? 0) + (p.get('b') ?? 0)).toBeCloseTo(1);
    expect(p.get('a') ?? 0).toBeGreaterThan(p.get('b') ?? 0);
  });
});

describe('training questions', () => {
  it('are exported under docs/ from the training sets, the retired v1-v10 and the sets written blind s1-s12 only', () => {
    expect(training).toBeDefined();
    const sets = new Set([
      ...(training?.onTopic ?? []).map((x) => x.set),
      ...(training?.offTopic ?? []).map((x) => x.set),
    ]);
    // Never the blind held-out set (v11): a model trained on it would make its figures meaningless.
    expect([...sets].sort()).toEqual([
      's1',
      's10',
      's11',
      's12',
      's2',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
      's9',
      'training',
      'training-2',
      'training-3',
      'training-4',
      'training-5',
      'training-6',
      'training-7',
      'v1',
      'v10',
      'v2',
      'v3',
      'v4',
      'v5',
      'v6',
      'v7',
      'v8',
      'v9',
    ]);
    // The sets written blind teach the classifier what is not about Omega, but their near-misses
    // (written to share Omega's words) do not mark those words as another topic's.
    const spec = (training?.offTopic ?? []).filter((x) => /^s\d+$/.test(x.set));
    expect(spec.length).toBeGreaterThan(0);
    expect(spec.every((x) => x.vocabulary === false)).toBe(true);
    const slugs = new Set(articles.map((a) => a.slug));
    for (const x of training?.onTopic ?? [])
      expect(x.articles.every((s) => slugs.has(s))).toBe(true);
  });
});

describe('the learned decision to answer (decision 006, tenth round)', () => {
  // Shipped training data, so the classifier has its off-topic label; the same on-topic questions
  // without any off-topic ones train no classifier, and the thresholds decide as before.
  const model = shipped();
  const thresholdsOnly = new QuestionModel(analyse, articles, {
    onTopic: training?.onTopic ?? [],
  });

  it('declines near-misses the thresholds answered, which name no other product', () => {
    // None of these is in the training data (the word-for-word rule does not decide them).
    const asked = new Set([...(training?.offTopic ?? [])].map(({ q }) => q.toLowerCase()));
    for (const q of [
      'how many people use mobile money in africa',
      'how do i block spam calls',
      'my message was not delivered to my friend',
      'how do i report a lost phone',
      // 'what happens to my money when i die' was here; since the thirteenth round a rule on a
      // person's death declines it first (assistant-retrieval.test.ts), as the classifier,
      // reading 'what happens to my money', no longer does.
    ]) {
      expect(asked.has(q)).toBe(false);
      expect(first(q, thresholdsOnly)).not.toBe('declined');
      expect(first(q, model)).toBe('declined');
    }
  });

  it('answers an indirect question about moving crypto with the transfer article', () => {
    // The thresholds alone declined this question until issue 37's passkeys and tokens grew the
    // account-security article (the index's term statistics moved; they now answer it too, with
    // the same article). No question outside the training data was found that they decline and
    // the model answers: what users rely on, the model's answer, is what stays asserted.
    const q = 'can i move my crypto somewhere else';
    expect(first(q, model)).toBe('keypad-transfer');
  });

  it('needs off-topic questions to learn from: without them there is no classifier', () => {
    const q = 'how do i buy usdc';
    const words = analyse(q);
    expect(thresholdsOnly.classify(words, q)).toBeUndefined();
    const classified = model.classify(words, q);
    expect(classified?.offTopic).toBeLessThan(0.5);
    expect([...(classified?.articles ?? [])].sort((a, b) => b[1] - a[1])[0]?.[0]).toBe(
      'keypad-buy',
    );
  });

  it('has one weight per feature', () => {
    expect(DECISION.weights).toHaveLength(DECISION_FEATURES.length);
  });
});

describe("the classifier's own answers (decision 006, thirteenth round)", () => {
  const slugsOf = (hits: readonly Hit[]) => [...new Set(hits.map((h) => h.passage.slug))];
  const classified = (articles: Array<[string, number]>, offTopic = 0.01): Classified => ({
    offTopic,
    articles: new Map(articles),
    nearest: { onTopic: 0, offTopic: 0, byArticle: new Map() },
  });

  it('puts its likeliest article third when the index ranked it lower or did not find it', () => {
    const { words, hits } = index.retrieve('how do i check my balance', user, HITS);
    const found = slugsOf(hits);
    const missing = articles.find(
      (a) => a.kind === 'help' && a.audience === 'user' && !found.includes(a.slug),
    );
    if (!missing) throw new Error('every user article was found');
    const joined = withLikeliest(index, hits, classified([[missing.slug, 0.9]]), words, user);
    expect(slugsOf(joined).slice(0, 3)).toEqual([found[0], found[1], missing.slug]);
    expect(joined.length).toBeLessThanOrEqual(HITS);
    // Its passage is the article's own, not a copy of another article's.
    expect(joined.find((h) => h.passage.slug === missing.slug)?.passage.id).toMatch(
      new RegExp(`^help/${missing.slug}#`),
    );
    // Ranked fifth by the index: moved up to third, listed once.
    const fifth = found[4];
    if (!fifth) throw new Error('fewer than five articles found');
    const moved = slugsOf(withLikeliest(index, hits, classified([[fifth, 0.9]]), words, user));
    expect(moved.slice(0, 3)).toEqual([found[0], found[1], fifth]);
    expect(moved.filter((s) => s === fifth)).toHaveLength(1);
  });

  it('leaves the answers alone when its likeliest article is already among the first three', () => {
    const { words, hits } = index.retrieve('how do i check my balance', user, HITS);
    const second = slugsOf(hits)[1] ?? '';
    expect(withLikeliest(index, hits, classified([[second, 0.9]]), words, user)).toEqual(hits);
  });

  it("never offers an article outside the asker's scope", () => {
    const { words, hits } = index.retrieve('how do i check my balance', user, HITS);
    const found = slugsOf(hits);
    const joined = withLikeliest(
      index,
      hits,
      classified([
        ['admin-logs', 0.8],
        ['sessions', 0.1],
      ]),
      words,
      user,
    );
    expect(slugsOf(joined)).not.toContain('admin-logs');
    expect(slugsOf(joined)).not.toContain('sessions');
    expect(slugsOf(joined).slice(0, 2)).toEqual(found.slice(0, 2));
    expect(index.articleHit('admin-logs', words, user)).toBeUndefined();
    expect(index.articleHit('admin-logs', words, admin)?.passage.slug).toBe('admin-logs');
  });

  it('answers alone, when the index finds nothing, only what it learned is about Omega', () => {
    // Words no article uses: the index finds nothing, so without the model each is declined.
    const taught = new QuestionModel(analyse, articles, {
      onTopic: [
        ...['flumbergast', 'my flumbergast', 'show flumbergast', 'flumbergast now'].map((q) => ({
          q,
          role: 'user' as const,
          articles: ['keypad-balance'],
          set: 'test',
        })),
        ...['zorbleflux', 'open zorbleflux', 'zorbleflux please'].map((q) => ({
          q,
          role: 'admin' as const,
          articles: ['admin-logs'],
          set: 'test',
        })),
      ],
      offTopic: ['snorkwobble', 'a snorkwobble', 'snorkwobble recipe', 'best snorkwobble'].map(
        (q) => ({ q, role: 'user' as const, set: 'test' }),
      ),
    });
    for (const q of ['flumbergasts', 'zorblefluxes', 'snorkwobbles']) {
      expect(index.retrieve(q, admin).hits).toEqual([]);
      expect(first(q, undefined, admin)).toBe('declined');
    }
    expect(first('flumbergasts', taught)).toBe('keypad-balance');
    expect(first('zorblefluxes', taught, admin)).toBe('admin-logs');
    // An admin article the user may not read is not answered with some other article instead.
    expect(first('zorblefluxes', taught, user)).toBe('declined');
    expect(first('snorkwobbles', taught)).toBe('declined');
  });
});

describe('the loaded help (plugins/app/help.ts)', () => {
  it('is loaded once per process while its articles, labelled questions and artifact are unchanged', () => {
    const root = mkdtempSync(join(tmpdir(), 'omega-help-'));
    try {
      cpSync(findDocsRoot(), root, { recursive: true });
      const first = helpFor(root);
      expect(first.model?.classifierSource).toBe('artifact');
      expect(helpFor(root)).toBe(first);
      // An edited article needs the artifact built again: the server says so rather than
      // answering from a model of other articles…
      const article = join(root, 'help', 'modules.md');
      const text = readFileSync(article, 'utf8');
      writeFileSync(article, `${text}\nModules can be renamed.\n`);
      expect(() => helpFor(root)).toThrow(/other articles or labelled questions .*`pnpm build`/);
      writeFileSync(article, text);
      expect(helpFor(root)).toBe(first);
      // …and so do new labelled questions.
      const training = join(root, 'assistant', 'training-questions.json');
      const data = JSON.parse(readFileSync(training, 'utf8')) as TrainingQuestions;
      data.onTopic.push({
        q: 'where is app central',
        role: 'user',
        articles: ['modules'],
        set: 't',
      });
      writeFileSync(training, JSON.stringify(data));
      expect(() => helpFor(root)).toThrow(/`pnpm build`/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is loaded at start, or when first asked for (test apps), and once either way', async () => {
    const built = helpFor();
    const count = async (atStart: boolean) => {
      let builds = 0;
      const app = Fastify();
      await app.register(helpPlugin, {
        atStart,
        build: () => {
          builds += 1;
          return built;
        },
      });
      await app.ready();
      const atReady = builds;
      expect(app.help).toBe(built);
      expect(app.help).toBe(built);
      await app.close();
      return [atReady, builds];
    };
    expect(await count(true)).toEqual([1, 1]);
    expect(await count(false)).toEqual([0, 1]);
  });
});

describe('trained classifier weights', () => {
  it('are read back from the cache exactly as training gave them, and trained again when damaged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'omega-weights-'));
    try {
      const cache = new TrainedWeightsCache(dir);
      const data: TrainingQuestions = {
        onTopic: (training?.onTopic ?? []).slice(0, 400),
        offTopic: (training?.offTopic ?? []).slice(0, 200),
      };
      const trained = new QuestionModel(analyse, articles, data, cache);
      expect(trained.classifierSource).toBe('trained');
      const read = new QuestionModel(analyse, articles, data, cache);
      expect(read.classifierSource).toBe('cache');
      for (const q of ['how do i buy bitcoin', 'whats the weather like', 'cancel my plan']) {
        const words = analyse(q);
        expect([...(read.classify(words, q)?.articles ?? [])]).toEqual([
          ...(trained.classify(words, q)?.articles ?? []),
        ]);
        expect(read.classify(words, q)?.offTopic).toBe(trained.classify(words, q)?.offTopic);
      }
      // Other data is another file, even of the same size: never another training's weights.
      const other = { ...data, offTopic: [...data.offTopic].reverse() };
      expect(new QuestionModel(analyse, articles, other, cache).classifierSource).toBe('trained');
      // A damaged file is trained again and rewritten.
      for (const f of readdirSync(dir)) writeFileSync(join(dir, f), 'not weights');
      expect(new QuestionModel(analyse, articles, data, cache).classifierSource).toBe('trained');
      expect(new QuestionModel(analyse, articles, data, cache).classifierSource).toBe('cache');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
