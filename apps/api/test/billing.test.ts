// Payments on each database (issue 39, decision 038): the demo provider's test cards, an
// upgrade charged before the plan changes (declined: nothing changes), a paid plan that asks
// for a card first, the authentication step, failed renewals run through the dunning schedule
// by the clock to the move to Free, pay-now, a lost answer resolved once, webhook outcomes
// written once, and what operators see.
import { Writable } from 'node:stream';
import { GRACE_DAYS } from '@omega/domain';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { build } from '../src/app.js';
import { CHARGE_LEASE_MS, UNKNOWN_RETRY_MS } from '../src/services/billing.js';
import { DemoPaymentProvider } from '../src/services/payments/demo-provider.js';
import type { ChargeRequest, PaymentProvider } from '../src/services/payments/provider.js';
import {
  cookieForRole,
  createTestApp,
  createUser,
  instancesOn,
  renewAndCollect,
  saveCard,
  sessionFor,
  T0,
  TEST_CARD,
  type TestApp,
  testConfig,
} from './helpers/app.js';
import { describeEachDatabase, type TestDatabase } from './helpers/databases.js';

const DAY = 86_400_000;
const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  authenticate: '4000 0025 0000 3155',
} as const;

/** The app's tables a plan change writes, for 'nothing changed'. */
async function snapshot(t: TestApp, userId: number) {
  const db = t.app.database.db;
  return {
    subscription: await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    invoices: await db.selectFrom('invoices').selectAll().where('user_id', '=', userId).execute(),
    revenue: await db.selectFrom('revenue_day_shards').selectAll().orderBy('plan_id').execute(),
    changes: await db
      .selectFrom('activity_logs')
      .select('details')
      .where('user_id', '=', userId)
      .where('action', '=', 'plan_change')
      .execute(),
  };
}

function billingSuite(database: TestDatabase) {
  let t: TestApp;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    userId = (await createUser(t.app, 'payer')).id;
  });
  afterEach(() => t.close());

  /** A request as the user, with a fresh session (the clock moves by days here). */
  const as = async (id: number, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: await sessionFor(t.app, id) },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    as(userId, method, url, payload);
  const save = (cardNumber: string, over: object = {}) =>
    call('POST', '/api/billing/payment-method', { ...TEST_CARD, cardNumber, ...over });
  const current = async () => (await call('GET', '/api/subscription/current')).json();
  const history = async () => (await call('GET', '/api/subscription/billing-history')).json();
  const charges = () =>
    t.app.database.db.selectFrom('demo_charges').selectAll().orderBy('created_at').execute();

  /**
   * Starts the app again, with a new payer, on a demo provider that holds the charges of
   * requests sent at once until all of them have arrived (`gather`), so each request has read the
   * subscription before any of them writes. A delay stood in for that, and on a starved machine
   * one copy read the subscription after another had changed it.
   */
  async function withGatheringProvider() {
    await t.close();
    const provider = new GatheringProvider();
    t = await createTestApp(database, {}, undefined, { paymentProvider: provider });
    provider.inner = new DemoPaymentProvider(t.app.database.db, () => t.now());
    userId = (await createUser(t.app, 'payer')).id;
    return provider;
  }

  /** On Starter, paid with the 4242 card: its trial ended and its first period was charged. */
  async function onPaidStarter() {
    expect((await save(CARDS.succeeds)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/subscription/change-plan', { planId: 'starter' })).statusCode,
    ).toBe(200);
    t.advance(7 * DAY);
    expect(await renewAndCollect(t.app)).toBe(1);
    expect(await current()).toMatchObject({ planId: 'starter', status: 'active' });
  }

  /** On Starter with a card that now fails, and its renewal charged (and failed) at the period end. */
  async function renewalFailedWith(card: string) {
    await onPaidStarter();
    expect((await save(card)).statusCode).toBe(200);
    t.advance(Date.parse((await current()).currentPeriodEnd) - t.now());
    expect(await renewAndCollect(t.app)).toBe(1);
    return t.now();
  }

  it("saves each of Stripe's test cards, keeping only the brand, last 4 and expiry", async () => {
    expect((await call('GET', '/api/billing/payment-method')).json()).toBeNull();
    expect((await call('GET', '/api/billing/config')).json()).toEqual({
      provider: 'demo',
      publishableKey: null,
    });
    for (const [behaviour, number] of Object.entries(CARDS)) {
      const res = await save(number, { expMonth: 3, expYear: 2031 });
      expect(res.statusCode, `${behaviour}: ${res.body}`).toBe(200);
      const card = { brand: 'visa', last4: number.slice(-4), expMonth: 3, expYear: 2031 };
      expect(res.json()).toEqual(card);
      expect((await call('GET', '/api/billing/payment-method')).json()).toEqual(card);
      const [row] = await t.app.database.db.selectFrom('payment_methods').selectAll().execute();
      // The provider's reference names how the card behaves, never its number.
      expect(row?.provider_ref).toMatch(new RegExp(`^demo_pm_${behaviour}_`));
      expect(JSON.stringify(row)).not.toContain(number.replaceAll(' ', ''));
    }
    const mastercard = await save('5555 5555 5555 4444');
    expect(mastercard.json()).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const activity = await t.app.database.db
      .selectFrom('activity_logs')
      .select('details')
      .where('action', '=', 'payment_method_saved')
      .execute();
    expect(activity).toHaveLength(5);
    expect(activity[0]?.details).toBe('visa ending 4242, expires 3/2031');
  });

  it('refuses a bad card with a 400 naming the problem, and saves nothing', async () => {
    const cases: Array<[object, string]> = [
      [
        { cardNumber: '4242 4242 4242 4241' },
        'cardNumber is not a valid card number (check the digits)',
      ],
      [{ cardNumber: '4242' }, 'cardNumber must have 12 to 19 digits'],
      // The injected clock says November 2026.
      [{ expMonth: 10, expYear: 2026 }, 'The card has expired (check expMonth and expYear)'],
      [{ cvc: '12' }, 'cvc must be 3 digits'],
      [{ cvc: undefined }, 'cvc is required'],
      [{ cardNumber: undefined }, 'cardNumber is required'],
      [{ expMonth: 13 }, 'expMonth must be a month from 1 to 12'],
      [{ cardNumber: '4242-4242-abcd' }, 'cardNumber must hold digits only'],
    ];
    for (const [over, message] of cases) {
      const res = await save(CARDS.succeeds, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toContain(message);
    }
    // A number that passes Luhn but is no test card: refused like Stripe's test mode does.
    const real = await save('4111 1111 1111 1111');
    expect(real.statusCode).toBe(402);
    expect(real.json()).toMatchObject({ code: 'card_declined' });
    // The Stripe form's field is not what the demo provider takes.
    const stripeShaped = await call('POST', '/api/billing/payment-method', {
      paymentMethodId: 'pm_card_visa',
    });
    expect(stripeShaped.statusCode).toBe(400);
    expect(stripeShaped.json().message).toBe('cardNumber is required');
    expect(await t.app.database.db.selectFrom('payment_methods').selectAll().execute()).toEqual([]);
    // The demo provider has no Stripe set-up step.
    expect((await call('POST', '/api/billing/setup-intent')).statusCode).toBe(409);
  });

  it('asks for a card before a paid plan starts, its trial included', async () => {
    for (const planId of ['starter', 'pro']) {
      const res = await call('POST', '/api/subscription/change-plan', { planId });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        message: 'Add a payment method to start a paid plan',
        code: 'no_payment_method',
      });
    }
    expect(await current()).toMatchObject({ planId: 'free', status: 'active' });
    expect((await save(CARDS.succeeds)).statusCode).toBe(200);
    const trial = await call('POST', '/api/subscription/change-plan', { planId: 'starter' });
    expect(trial.statusCode).toBe(200);
    expect(trial.json().subscription).toMatchObject({ planId: 'starter', status: 'trialing' });
    // A trial charges nothing yet.
    expect(await charges()).toEqual([]);
  });

  it('charges an upgrade before the plan changes: exactly one charge for one paid invoice', async () => {
    await onPaidStarter();
    t.advance(10 * DAY);
    const res = await call('POST', '/api/subscription/change-plan', { planId: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    const [upgrade, renewal] = await history();
    expect(upgrade).toMatchObject({
      description: 'Upgrade to Pro (pro-rated)',
      amount: res.json().preview.chargedNow,
      status: 'paid',
      attempts: 1,
      failureMessage: null,
      nextAttemptAt: null,
    });
    expect(renewal).toMatchObject({ amount: 900, status: 'paid', attempts: 1 });
    const all = await charges();
    expect(all.map((c) => [c.amount, c.status])).toEqual([
      [900, 'succeeded'],
      [upgrade.amount, 'succeeded'],
    ]);
    expect(all[1]?.idempotency_key).toMatch(new RegExp(`^change:${userId}:\\d+:pro:month$`));
  });

  for (const [card, message, code] of [
    [CARDS.declined, 'Your card was declined', 'card_declined'],
    [CARDS.insufficient, 'Your card has insufficient funds', 'insufficient_funds'],
  ] as const) {
    it(`answers a declined upgrade (${code}) with 402 and changes nothing`, async () => {
      await onPaidStarter();
      expect((await save(card)).statusCode).toBe(200);
      t.advance(10 * DAY);
      const before = await snapshot(t, userId);
      const res = await call('POST', '/api/subscription/change-plan', { planId: 'pro' });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ message, code });
      expect(await snapshot(t, userId)).toEqual(before);
      expect(await current()).toMatchObject({ planId: 'starter', status: 'active' });
      // The provider refused it once; nothing was collected.
      expect((await charges()).filter((c) => c.status === 'declined')).toHaveLength(1);
    });
  }

  it('has the user confirm a card that asks for authentication, then changes the plan once', async () => {
    await onPaidStarter();
    expect((await save(CARDS.authenticate)).statusCode).toBe(200);
    t.advance(10 * DAY);
    const before = await snapshot(t, userId);
    const asked = await call('POST', '/api/subscription/change-plan', { planId: 'pro' });
    expect(asked.statusCode).toBe(402);
    const body = asked.json();
    expect(body).toMatchObject({
      code: 'authentication_required',
      requiresAction: { paymentId: expect.stringMatching(/^demo_ch_/), clientSecret: null },
    });
    expect(body.requiresAction.amount).toBeGreaterThan(0);
    // Nothing changes while the bank waits for the user.
    expect(await snapshot(t, userId)).toEqual(before);
    // Another user cannot finish it.
    const stranger = await createUser(t.app, 'stranger');
    const stolen = await as(stranger.id, 'POST', '/api/billing/confirm', {
      paymentId: body.requiresAction.paymentId,
      approve: true,
    });
    expect(stolen.statusCode).toBe(404);
    // A confirmation that gives no answer (approve is optional) finds it still waiting; it used
    // to decline the payment (found by a payments audit).
    const unanswered = await call('POST', '/api/billing/confirm', {
      paymentId: body.requiresAction.paymentId,
    });
    expect(unanswered.statusCode, unanswered.body).toBe(402);
    expect(unanswered.json()).toMatchObject({
      code: 'authentication_required',
      message: 'The payment is still waiting for your confirmation',
    });
    const done = await call('POST', '/api/billing/confirm', {
      paymentId: body.requiresAction.paymentId,
      approve: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'You are now on the Pro plan',
      subscription: { planId: 'pro', status: 'active' },
    });
    const [upgrade] = await history();
    expect(upgrade).toMatchObject({ status: 'paid', amount: body.requiresAction.amount });
    // One charge, approved: the confirmation asked the provider again with the same key.
    expect((await charges()).filter((c) => c.idempotency_key.startsWith('change:'))).toEqual([
      expect.objectContaining({ status: 'succeeded', amount: body.requiresAction.amount }),
    ]);
  });

  it("leaves a user's payment waiting for them when another user answers its authentication", async () => {
    await onPaidStarter();
    expect((await save(CARDS.authenticate)).statusCode).toBe(200);
    t.advance(10 * DAY);
    const asked = (await call('POST', '/api/subscription/change-plan', { planId: 'pro' })).json();
    const paymentId = asked.requiresAction.paymentId;
    const stranger = await createUser(t.app, 'stranger');
    const refused = await as(stranger.id, 'POST', '/api/billing/confirm', {
      paymentId,
      approve: false,
    });
    expect(refused.statusCode).toBe(404);
    // The stranger's answer reached nothing: the payment still waits for its owner.
    expect((await charges()).find((c) => c.ref === paymentId)?.status).toBe('requires_action');
    const done = await call('POST', '/api/billing/confirm', { paymentId, approve: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subscription).toMatchObject({ planId: 'pro' });
  });

  it('keeps a payment confirmed for a change the subscription no longer allows as credit, with its invoice', async () => {
    await onPaidStarter();
    expect((await save(CARDS.authenticate)).statusCode).toBe(200);
    t.advance(10 * DAY);
    const asked = (
      await call('POST', '/api/subscription/change-plan', {
        planId: 'enterprise',
        interval: 'year',
      })
    ).json();
    const paymentId = asked.requiresAction.paymentId;
    // Another tab cancels while the bank's dialog is open; then the user approves the payment.
    expect((await call('POST', '/api/subscription/cancel')).statusCode).toBe(200);
    const confirmed = await call('POST', '/api/billing/confirm', { paymentId, approve: true });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(
      'Your subscription changed since this payment was asked for: the amount charged was added to your credit. Choose the plan again',
    );
    const taken = (await charges()).find((c) => c.ref === paymentId);
    expect(taken?.status).toBe('succeeded');
    const [kept] = await history();
    expect(kept).toMatchObject({
      amount: taken?.amount,
      status: 'paid',
      description: expect.stringContaining('not applied: added to your credit'),
    });
    expect(await current()).toMatchObject({ planId: 'starter', creditBalance: taken?.amount });
    // Confirming again takes nothing more and credits nothing more.
    const again = await call('POST', '/api/billing/confirm', { paymentId, approve: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Your subscription changed since this payment was asked for: choose the plan again',
    );
    expect((await current()).creditBalance).toBe(taken?.amount);
  });

  it('keeps the money of an upgrade overtaken by another sent at once as credit, with its invoice', async () => {
    const provider = await withGatheringProvider();
    await onPaidStarter();
    t.advance(10 * DAY);
    provider.gather(2);
    const answers = await Promise.all([
      call('POST', '/api/subscription/change-plan', { planId: 'pro' }),
      call('POST', '/api/subscription/change-plan', { planId: 'enterprise' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(
      'The subscription changed meanwhile: the amount charged was added to your credit. Please try again.',
    );
    const { planId, creditBalance } = await current();
    const taken = (await charges()).filter((c) => c.idempotency_key.startsWith('change:'));
    expect(taken.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    // Every cent taken is in an invoice; what did not apply is credit.
    const upgrades = (await history()).filter((i: { description: string }) =>
      i.description.startsWith('Upgrade'),
    );
    expect(upgrades.map((i: { amount: number }) => i.amount).sort()).toEqual(
      taken.map((c) => c.amount).sort(),
    );
    const overtaken = taken.find((c) => !c.idempotency_key.includes(`:${planId}:`));
    expect(creditBalance).toBe(overtaken?.amount);
  });

  it('tells the copies of one upgrade sent at once that nothing more was charged', async () => {
    const provider = await withGatheringProvider();
    await onPaidStarter();
    t.advance(10 * DAY);
    provider.gather(3);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/subscription/change-plan', { planId: 'pro' })),
    );
    // Each copy shares the first one's charge (its key), made and written once: each is told
    // the change was made. They were told 'The subscription changed meanwhile. Please try
    // again.', and trying again answered that they were on Pro already.
    for (const copy of answers) {
      expect(copy.statusCode, copy.body).toBe(200);
      expect(copy.json().message).toBe('You are now on the Pro plan');
    }
    expect((await charges()).filter((c) => c.idempotency_key.startsWith('change:'))).toHaveLength(
      1,
    );
    expect(await current()).toMatchObject({ planId: 'pro', creditBalance: 0 });
    // A copy that arrives once the change is made is told so, and asks the provider nothing.
    const count = (await charges()).length;
    const late = await call('POST', '/api/subscription/change-plan', { planId: 'pro' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('You are already on the Pro plan');
    expect((await charges()).length).toBe(count);
  });

  it('waits OMEGA_PAYMENTS_DEMO_DELAY_MS for the demo provider to answer a charge, as a slow provider would', async () => {
    await t.close();
    t = await createTestApp(database, {
      payments: { provider: 'demo', demoDelayMs: 200, stripe: null },
    });
    userId = (await createUser(t.app, 'payer')).id;
    await onPaidStarter();
    t.advance(10 * DAY);
    const started = performance.now();
    const upgrade = await call('POST', '/api/subscription/change-plan', { planId: 'pro' });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(await current()).toMatchObject({ planId: 'pro', creditBalance: 0 });
  });

  it('changes nothing when the user refuses the authentication', async () => {
    await onPaidStarter();
    expect((await save(CARDS.authenticate)).statusCode).toBe(200);
    const before = await snapshot(t, userId);
    const asked = (await call('POST', '/api/subscription/change-plan', { planId: 'pro' })).json();
    const refused = await call('POST', '/api/billing/confirm', {
      paymentId: asked.requiresAction.paymentId,
      approve: false,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      message: 'The payment was not confirmed',
      code: 'authentication_failed',
    });
    expect(await snapshot(t, userId)).toEqual(before);
    const unknown = await call('POST', '/api/billing/confirm', { paymentId: 'demo_ch_nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a declined upgrade again with another card, and a refused authentication when tried again', async () => {
    await onPaidStarter();
    expect((await save(CARDS.declined)).statusCode).toBe(200);
    const upgrade = () => call('POST', '/api/subscription/change-plan', { planId: 'pro' });
    expect((await upgrade()).statusCode).toBe(402);
    // The same card again is asked again (and declined again), not answered from the first try.
    expect((await upgrade()).statusCode).toBe(402);
    expect((await charges()).filter((c) => c.status === 'declined')).toHaveLength(2);
    // Another card: the change goes through, charged once.
    expect((await save(CARDS.authenticate)).statusCode).toBe(200);
    const asked = (await upgrade()).json();
    expect(asked.code).toBe('authentication_required');
    const refused = await call('POST', '/api/billing/confirm', {
      paymentId: asked.requiresAction.paymentId,
      approve: false,
    });
    expect(refused.statusCode).toBe(402);
    // Tried again after refusing: asked again, and this time confirmed.
    const again = (await upgrade()).json();
    expect(again.code).toBe('authentication_required');
    expect(again.requiresAction.paymentId).not.toBe(asked.requiresAction.paymentId);
    const confirmed = await call('POST', '/api/billing/confirm', {
      paymentId: again.requiresAction.paymentId,
      approve: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await current()).toMatchObject({ planId: 'pro', status: 'active' });
    expect((await charges()).filter((c) => c.status === 'succeeded')).toHaveLength(2);
    expect((await history()).filter((i: { status: string }) => i.status === 'paid')).toHaveLength(
      2,
    );
  });

  it('runs a failed renewal through the dunning schedule by the clock, to Free with a notice', async () => {
    const failedAt = await renewalFailedWith(CARDS.declined);
    const pastDue = await current();
    // Past due: the plan and its features are kept through the grace period.
    expect(pastDue).toMatchObject({
      planId: 'starter',
      status: 'past_due',
      pastDue: {
        amountDue: 900,
        attempts: 1,
        failureMessage: 'Your card was declined',
        nextRetryAt: new Date(failedAt + DAY).toISOString(),
        graceEndsAt: new Date(failedAt + 7 * DAY).toISOString(),
      },
    });
    const [invoice] = await history();
    expect(invoice).toMatchObject({
      status: 'failed',
      attempts: 1,
      failureMessage: 'Your card was declined',
      nextAttemptAt: new Date(failedAt + DAY).toISOString(),
    });
    const attempts = async () =>
      (
        await t.app.database.db
          .selectFrom('invoices')
          .select('attempts')
          .where('id', '=', invoice.id)
          .executeTakeFirstOrThrow()
      ).attempts;
    for (const [day, tries] of [
      [1, 2],
      [3, 3],
      [5, 4],
    ] as const) {
      // Not a millisecond early.
      t.advance(failedAt + day * DAY - 1 - t.now());
      await renewAndCollect(t.app);
      expect(await attempts(), `before day ${day}`).toBe(tries - 1);
      t.advance(1);
      await renewAndCollect(t.app);
      expect(await attempts(), `day ${day}`).toBe(tries);
      expect((await current()).status).toBe('past_due');
    }
    expect((await current()).pastDue).toMatchObject({ attempts: 4, nextRetryAt: null });
    // The grace period ends: Free, with an activity entry and a notice to this user only.
    t.advance(failedAt + 7 * DAY - t.now());
    await renewAndCollect(t.app);
    expect(await current()).toMatchObject({ planId: 'free', status: 'active', pastDue: null });
    expect((await history())[0]).toMatchObject({
      id: invoice.id,
      status: 'failed',
      nextAttemptAt: null,
    });
    const ended = await t.app.database.db
      .selectFrom('activity_logs')
      .select(['details', 'request_id'])
      .where('action', '=', 'subscription_unpaid_ended')
      .execute();
    expect(ended).toEqual([
      {
        details: `invoice ${invoice.id} unpaid after every retry: starter -> free`,
        request_id: null,
      },
    ]);
    const notices = (await call('GET', '/api/messages')).json();
    expect(notices.map((n: { title: string }) => n.title)).toEqual([
      'Your subscription moved to the Free plan',
    ]);
    expect((await call('GET', '/api/messages/unread-count')).json()).toEqual({ unread: 1 });
    const other = await createUser(t.app, 'bystander');
    expect((await as(other.id, 'GET', '/api/messages')).json()).toEqual([]);
    expect((await as(other.id, 'GET', '/api/messages/unread-count')).json()).toEqual({ unread: 0 });
    // Four charges in all, one per attempt, each with its own key; nothing more later.
    expect(
      (await charges()).filter((c) => c.status === 'declined').map((c) => c.idempotency_key),
    ).toEqual([1, 2, 3, 4].map((n) => `invoice:${invoice.id}:${n}`));
    t.advance(40 * DAY);
    await renewAndCollect(t.app);
    expect((await charges()).length).toBe(5);
  });

  it('restores active at once when the user pays during the grace period, and retries no more', async () => {
    await renewalFailedWith(CARDS.insufficient);
    expect((await call('POST', '/api/billing/pay-now')).json()).toEqual({
      message: 'Your card has insufficient funds',
      code: 'insufficient_funds',
    });
    // A failed pay-now keeps the schedule where it was.
    expect((await current()).pastDue.nextRetryAt).toBe(new Date(t.now() + DAY).toISOString());
    t.advance(DAY / 2);
    expect((await save(CARDS.succeeds)).statusCode).toBe(200);
    const paid = await call('POST', '/api/billing/pay-now');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: 'Payment received: your subscription is active',
      subscription: { planId: 'starter', status: 'active', pastDue: null },
    });
    expect((await history())[0]).toMatchObject({
      status: 'paid',
      attempts: 3,
      nextAttemptAt: null,
    });
    const count = (await charges()).length;
    t.advance(10 * DAY);
    await renewAndCollect(t.app);
    expect((await charges()).length).toBe(count);
    expect((await current()).status).toBe('active');
    // Nothing is owed now.
    const again = await call('POST', '/api/billing/pay-now');
    expect(again.statusCode).toBe(409);
  });

  it('ends a past-due subscription at once when its user cancels, voids what it owed and charges nothing more', async () => {
    // Its period was never paid: "active until the period end" would keep charging for a period
    // the user has just said they do not want.
    await renewalFailedWith(CARDS.insufficient);
    const count = (await charges()).length;
    const res = await call('POST', '/api/subscription/cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Subscription Cancelled',
      subscription: { planId: 'free', status: 'active', cancelAtPeriodEnd: false, pastDue: null },
    });
    expect((await history())[0]).toMatchObject({ status: 'void', nextAttemptAt: null });
    const cancelled = await t.app.database.db
      .selectFrom('activity_logs')
      .select('details')
      .where('user_id', '=', userId)
      .where('action', '=', 'subscription_cancel')
      .execute();
    expect(cancelled).toEqual([
      { details: 'starter plan, past due: ended now, its unpaid invoice voided' },
    ]);
    // Past every retry and the grace period: nothing more is asked of the card.
    t.advance(10 * DAY);
    await renewAndCollect(t.app);
    expect((await charges()).length).toBe(count);
    expect(await current()).toMatchObject({ planId: 'free', status: 'active', pastDue: null });
    expect((await call('POST', '/api/billing/pay-now')).statusCode).toBe(409);
  });

  it('keeps a past-due subscription past due until it is paid: no change of plan turns the unpaid period into credit', async () => {
    // A card that saves but declines every charge, and a yearly plan whose trial ends unpaid.
    expect((await save(CARDS.insufficient)).statusCode).toBe(200);
    const trial = await call('POST', '/api/subscription/change-plan', {
      planId: 'enterprise',
      interval: 'year',
    });
    expect(trial.statusCode, trial.body).toBe(200);
    t.advance(14 * DAY);
    await renewAndCollect(t.app);
    const owed = await current();
    expect(owed).toMatchObject({ planId: 'enterprise', status: 'past_due', creditBalance: 0 });
    const before = await snapshot(t, userId);
    // A cheaper plan or the same plan in another interval: each would start a new period, with
    // the unused part of a year that was never paid for as credit.
    for (const target of [
      { planId: 'starter', interval: 'month' },
      { planId: 'enterprise', interval: 'month' },
    ]) {
      for (const url of ['/api/subscription/preview-change', '/api/subscription/change-plan']) {
        const res = await call('POST', url, target);
        expect(res.statusCode, `${url} ${JSON.stringify(target)}: ${res.body}`).toBe(409);
        expect(res.json().message).toBe('Pay the unpaid invoice first (Pay now), then change plan');
      }
    }
    expect(await snapshot(t, userId)).toEqual(before);
    // Through the grace period with the card still declining: Free, and no credit from the year.
    t.advance(8 * DAY);
    await renewAndCollect(t.app);
    expect(await current()).toMatchObject({ planId: 'free', creditBalance: 0, pastDue: null });
  });

  // Found by a payments audit: after a Pay now the bank asked about, a new card could not pay
  // for 30 minutes (409 'in progress'), and then Pay now answered the old payment's 402 again.
  it('pays with a card saved after Pay now asked for the bank, and keeps the first payment as credit if it is finished too', async () => {
    await renewalFailedWith(CARDS.declined);
    expect((await save(CARDS.authenticate)).statusCode).toBe(200);
    const asked = await call('POST', '/api/billing/pay-now');
    expect(asked.statusCode, asked.body).toBe(402);
    const first = asked.json().requiresAction.paymentId;
    expect((await save(CARDS.succeeds)).statusCode).toBe(200);
    t.advance(5 * 60_000);
    const paid = await call('POST', '/api/billing/pay-now');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().subscription).toMatchObject({ status: 'active', pastDue: null });
    // The bank's step for the first payment is finished afterwards: its money becomes credit.
    const late = await call('POST', '/api/billing/confirm', { paymentId: first, approve: true });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(
      'This invoice was paid already: the amount charged was added to your credit',
    );
    expect(await current()).toMatchObject({ status: 'active', creditBalance: 900 });
  });

  it('takes a past-due move to Free at the period end, and keeps what is owed owed', async () => {
    await renewalFailedWith(CARDS.declined);
    const res = await call('POST', '/api/subscription/change-plan', { planId: 'free' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({
      planId: 'starter',
      status: 'past_due',
      scheduledChange: { planId: 'free', interval: 'month' },
      pastDue: { amountDue: 900 },
    });
  });

  it('refuses to cancel a past-due subscription, or to set its plan, while a charge for it is being settled', async () => {
    await renewalFailedWith(CARDS.insufficient);
    // A retry asked the provider and its answer is not in yet (in flight, or lost until the
    // next run asks again by its key): voiding now could leave a charge with no invoice.
    await t.app.database.db
      .updateTable('invoices')
      .set({ charging_key: 'retry-in-flight', claimed_until: t.now() + 60_000 })
      .where('user_id', '=', userId)
      .execute();
    const before = await snapshot(t, userId);
    const res = await call('POST', '/api/subscription/cancel');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'A payment for this subscription is being settled right now. Try again in a minute.',
    );
    // An administrator's plan would void it the same way.
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/override',
      headers: { cookie: (await cookieForRole(t.app, 'admin')) ?? '' },
      payload: { userId, planId: 'pro' },
    });
    expect(set.statusCode, set.body).toBe(409);
    expect(await snapshot(t, userId)).toEqual(before);
  });

  it('takes one charge for several simultaneous Pay now of one invoice, and makes no credit of it', async () => {
    await renewalFailedWith(CARDS.insufficient);
    expect((await save(CARDS.succeeds)).statusCode).toBe(200);
    const before = (await charges()).filter((c) => c.status === 'succeeded').length;
    const cookie = await sessionFor(t.app, userId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/billing/pay-now', headers: { cookie } }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes, JSON.stringify(answers.map((a) => a.body))).toContain(200);
    for (const code of codes) expect([200, 409]).toContain(code);
    const succeeded = (await charges()).filter((c) => c.status === 'succeeded');
    expect(succeeded.length - before).toBe(1);
    const invoice = (await history())[0];
    expect(invoice).toMatchObject({ status: 'paid' });
    expect(await current()).toMatchObject({ status: 'active', creditBalance: 0, pastDue: null });
  });

  it('fails a renewal that needs authentication, and takes it through pay-now with confirmation', async () => {
    await renewalFailedWith(CARDS.authenticate);
    expect((await current()).pastDue).toMatchObject({
      failureMessage: 'Your bank asks you to confirm this payment: use Pay now',
    });
    const asked = await call('POST', '/api/billing/pay-now');
    expect(asked.statusCode).toBe(402);
    const { requiresAction } = asked.json();
    expect(requiresAction).toMatchObject({ amount: 900, clientSecret: null });
    const done = await call('POST', '/api/billing/confirm', {
      paymentId: requiresAction.paymentId,
      approve: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subscription).toMatchObject({ status: 'active', pastDue: null });
    expect((await history())[0]).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('shows operators past-due accounts, MRR at risk, the card and the invoice attempts', async () => {
    await renewalFailedWith(CARDS.declined);
    const admin = (await cookieForRole(t.app, 'admin')) ?? '';
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health/detailed',
      headers: { cookie: admin },
    });
    expect(health.json().components.subscriptions.stats).toMatchObject({
      pastDueAccounts: 1,
      mrrAtRisk: 900,
      amountPastDue: 900,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${userId}`,
      headers: { cookie: admin },
    });
    expect(page.json().paymentMethod).toEqual({
      brand: 'visa',
      last4: '0002',
      expMonth: TEST_CARD.expMonth,
      expYear: TEST_CARD.expYear,
    });
    expect(page.json().invoices[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      failureMessage: 'Your card was declined',
    });
    // An administrator's plan waives what was owed: void, and the subscription is active.
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/override',
      headers: { cookie: admin },
      payload: { userId, planId: 'pro' },
    });
    expect(set.statusCode).toBe(200);
    expect(await current()).toMatchObject({ planId: 'pro', status: 'active', pastDue: null });
    expect((await history())[0]).toMatchObject({ status: 'void', nextAttemptAt: null });
  });

  it('writes a webhook-reported outcome once, and ignores one for an attempt already settled', async () => {
    await renewalFailedWith(CARDS.declined);
    // The next retry is claimed and its answer lost: the attempt is in flight.
    const [invoice] = await history();
    await t.app.database.db
      .updateTable('invoices')
      .set({ charging_key: `invoice:${invoice.id}:2`, attempts: 2 })
      .where('id', '=', invoice.id)
      .execute();
    const found = {
      status: 'succeeded' as const,
      ref: 'ch_from_webhook',
      amountCents: 900,
      idempotencyKey: `invoice:${invoice.id}:2`,
    };
    expect(await t.app.billing.recordOutcome(found)).toBe('settled');
    expect(await t.app.billing.recordOutcome(found)).toBe('ignored');
    expect(
      await t.app.billing.recordOutcome({
        ...found,
        status: 'declined',
        code: 'card_declined',
        message: 'late',
      }),
    ).toBe('ignored');
    expect(await t.app.billing.recordOutcome({ ...found, idempotencyKey: 'something:else' })).toBe(
      'ignored',
    );
    expect((await history())[0]).toMatchObject({ status: 'paid', attempts: 2 });
    expect((await current()).status).toBe('active');
  });
}

describeEachDatabase('payments', billingSuite);

/** The demo provider behind a test's wrapper: every call but a charge goes straight to it. */
class WrappedDemo implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly publishableKey = null;
  /** Made once the app (and its database) exists. */
  inner: DemoPaymentProvider | undefined;
  protected get demo(): DemoPaymentProvider {
    if (!this.inner) throw new Error('the provider is not set up yet');
    return this.inner;
  }
  createCustomer(...args: Parameters<PaymentProvider['createCustomer']>) {
    return this.demo.createCustomer(...args);
  }
  savePaymentMethod(...args: Parameters<PaymentProvider['savePaymentMethod']>) {
    return this.demo.savePaymentMethod(...args);
  }
  retrieveCharge(...args: Parameters<PaymentProvider['retrieveCharge']>) {
    return this.demo.retrieveCharge(...args);
  }
  completeAction(...args: Parameters<PaymentProvider['completeAction']>) {
    return this.demo.completeAction(...args);
  }
  charge(request: ChargeRequest) {
    return this.demo.charge(request);
  }
}

/**
 * The demo provider, whose answer to the first charge of each key is lost after the charge is
 * made (a timeout, a dropped connection): the caller sees an error, the provider has the charge.
 */
class LosingProvider extends WrappedDemo {
  private readonly lost = new Set<string>();
  override async charge(request: ChargeRequest) {
    const outcome = await this.demo.charge(request);
    if (!this.lost.has(request.idempotencyKey)) {
      this.lost.add(request.idempotencyKey);
      throw new Error('socket hang up (the answer was lost)');
    }
    return outcome;
  }
}

describeEachDatabase('payments whose answer was lost', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    const provider = new LosingProvider();
    t = await createTestApp(database, {}, undefined, { paymentProvider: provider });
    provider.inner = new DemoPaymentProvider(t.app.database.db, () => t.now());
  });
  afterEach(() => t.close());

  it('resolves a renewal charge whose answer was lost by its key: charged once, paid once', async () => {
    const user = await createUser(t.app, 'lost');
    await saveCard(t.app, user.id);
    await t.app.subscriptions.change(user.id, { planId: 'starter' }, null);
    t.advance(7 * DAY);
    expect(await renewAndCollect(t.app)).toBe(1);
    const db = t.app.database.db;
    const [invoice] = await db.selectFrom('invoices').selectAll().execute();
    // Charged at the provider, not known here: the attempt stays in flight under its key.
    expect(invoice).toMatchObject({
      status: 'open',
      attempts: 1,
      charging_key: `invoice:${invoice?.id}:1`,
    });
    expect(await db.selectFrom('demo_charges').selectAll().execute()).toHaveLength(1);
    // Asked again only once its wait is over, with the same key: the first charge's outcome.
    t.advance(UNKNOWN_RETRY_MS - 1);
    await t.app.billing.collectDue();
    expect((await db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow()).status).toBe(
      'open',
    );
    t.advance(1);
    await t.app.billing.collectDue();
    const settled = await db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ status: 'paid', attempts: 1, charging_key: null });
    const charges = await db.selectFrom('demo_charges').selectAll().execute();
    expect(charges).toEqual([
      expect.objectContaining({
        idempotency_key: `invoice:${settled.id}:1`,
        ref: settled.provider_ref,
      }),
    ]);
  });

  /**
   * A Starter subscriber whose renewal was declined (its answer lost once, then asked again),
   * 30 s before the end of the grace period; answers the user and when the grace period ends.
   */
  async function pastDueAtGraceEnd(name: string) {
    const user = await createUser(t.app, name);
    await saveCard(t.app, user.id, '4000 0000 0000 0002');
    await t.app.subscriptions.change(user.id, { planId: 'starter' }, null);
    t.advance(7 * DAY);
    await renewAndCollect(t.app);
    t.advance(UNKNOWN_RETRY_MS);
    await t.app.billing.collectDue();
    const failed = await t.app.database.db
      .selectFrom('invoices')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'failed', charging_key: null });
    const graceEnds = Number(failed.first_failed_at) + GRACE_DAYS * DAY;
    t.advance(graceEnds - 30_000 - t.now());
    return { user, graceEnds };
  }

  it('asks about a charge in flight before the grace period ends the plan: a Pay now at the last minute whose answer was lost is paid, not dropped', async () => {
    const { user, graceEnds } = await pastDueAtGraceEnd('last-minute');
    const db = t.app.database.db;
    // The user pays with a card that works; the provider takes the money and its answer is lost.
    await saveCard(t.app, user.id);
    await expect(t.app.billing.payNow(user.id, null)).rejects.toMatchObject({ statusCode: 503 });
    expect(await db.selectFrom('demo_charges').selectAll().execute()).toEqual([
      expect.objectContaining({ status: 'declined' }),
      expect.objectContaining({ status: 'succeeded', amount: 900 }),
    ]);
    // The grace period ends before the charge is asked about again: its outcome decides.
    t.advance(UNKNOWN_RETRY_MS);
    expect(t.now()).toBeGreaterThan(graceEnds);
    expect(await t.app.billing.collectDue()).toEqual({ charged: 1, ended: 0 });
    const paid = await db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ status: 'paid', charging_key: null, next_attempt_at: null });
    expect(await t.app.subscriptions.view(user.id)).toMatchObject({
      planId: 'starter',
      status: 'active',
      pastDue: null,
    });
    expect(
      (await db.selectFrom('demo_charges').selectAll().execute()).filter(
        (c) => c.status === 'succeeded',
      ),
    ).toHaveLength(1);
  });

  it('moves to Free once a charge in flight at the end of the grace period turns out declined', async () => {
    const { user } = await pastDueAtGraceEnd('still-declined');
    const db = t.app.database.db;
    await expect(t.app.billing.payNow(user.id, null)).rejects.toMatchObject({ statusCode: 503 });
    t.advance(UNKNOWN_RETRY_MS);
    // Asked by its key (declined), then past the grace period: Free, in the same run.
    expect(await t.app.billing.collectDue()).toEqual({ charged: 1, ended: 1 });
    expect(await db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      status: 'failed',
      charging_key: null,
      next_attempt_at: null,
    });
    expect(await t.app.subscriptions.view(user.id)).toMatchObject({ planId: 'free' });
    expect(await db.selectFrom('demo_charges').select('status').execute()).toEqual([
      { status: 'declined' },
      { status: 'declined' },
    ]);
  });

  it('answers an upgrade whose answer was lost with 503 and charges it once when tried again', async () => {
    const user = await createUser(t.app, 'upgrader');
    await saveCard(t.app, user.id);
    const cookie = () => sessionFor(t.app, user.id);
    const change = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscription/change-plan',
        payload: { planId: 'pro' },
        headers: { cookie: await cookie() },
      });
    // From Free straight to a paid period: the user had a trial before.
    await t.app.subscriptions.current(user.id);
    await t.app.database.db.updateTable('subscriptions').set({ had_trial: 1 }).execute();
    const lost = await change();
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toContain('you will not be charged twice');
    expect((await t.app.subscriptions.view(user.id)).planId).toBe('free');
    const again = await change();
    expect(again.statusCode, again.body).toBe(200);
    const db = t.app.database.db;
    expect(await db.selectFrom('demo_charges').selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('invoices').select(['amount', 'status']).execute()).toEqual([
      { amount: 2900, status: 'paid' },
    ]);
  });
});

/**
 * The demo provider; after `gather(n)`, the next n charges are held
 * until all n have arrived, as when n requests sent at once reach the provider together.
 */
class GatheringProvider extends WrappedDemo {
  private held: { left: number; arrived: Promise<void>; all: () => void } | undefined;
  gather(n: number) {
    let all: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      all = resolve;
    });
    this.held = { left: n, arrived, all };
  }
  override async charge(request: ChargeRequest) {
    const held = this.held;
    if (held) {
      held.left -= 1;
      if (held.left === 0) {
        this.held = undefined;
        held.all();
      }
      await held.arrived;
    }
    return this.demo.charge(request);
  }
}

/** The demo provider, its charges held until the test lets them go (none lost): a slow provider. */
class SlowProvider extends WrappedDemo {
  private letGo: () => void = () => {};
  private readonly gate = new Promise<void>((resolve) => {
    this.letGo = resolve;
  });
  /** Settles when the first charge has reached the provider. */
  readonly asked: Promise<void>;
  private markAsked: () => void = () => {};
  constructor() {
    super();
    this.asked = new Promise<void>((resolve) => {
      this.markAsked = resolve;
    });
  }
  answer() {
    this.letGo();
  }
  override async charge(request: ChargeRequest) {
    this.markAsked();
    await this.gate;
    return this.demo.charge(request);
  }
}

describeEachDatabase('a charge the provider is slow to answer', (database) => {
  const instances = instancesOn(database);

  it('stays claimed by its instance however long it takes: another instance asks nothing', async () => {
    const shared = await instances.database();
    const slow = new SlowProvider();
    // Two instances on one database, renewing their claims every 20 ms of real time.
    const a = await instances.app(shared, { paymentProvider: slow, chargeLeaseRenewMs: 20 });
    slow.inner = new DemoPaymentProvider(a.app.database.db, () => a.now());
    const b = await instances.app(shared, { chargeLeaseRenewMs: 20 });
    const advance = (ms: number) => {
      a.advance(ms);
      b.advance(ms);
    };
    const user = await createUser(a.app, 'patient');
    await saveCard(a.app, user.id);
    await a.app.subscriptions.change(user.id, { planId: 'starter' }, null);
    advance(7 * DAY);
    expect(await a.app.subscriptions.renewDue()).toBe(1);
    const collecting = a.app.billing.collectDue();
    await slow.asked;
    const db = a.app.database.db;
    const invoice = () => db.selectFrom('invoices').selectAll().executeTakeFirstOrThrow();
    // Six minutes at the provider, by the clock, 20 s at a time: each time, instance a renews
    // its claim to a lease from now, and instance b finds nothing to ask about.
    for (let waited = 0; waited < 6 * 60_000; waited += 20_000) {
      advance(20_000);
      // The renewal comes within 20 ms of real time; the limit is a ceiling for a starved
      // machine, not a measure (the suite's limits are ceilings: vitest.config.ts).
      await vi.waitFor(
        async () => expect(Number((await invoice()).claimed_until)).toBe(a.now() + CHARGE_LEASE_MS),
        { timeout: 15_000, interval: 5 },
      );
      expect(await b.app.billing.collectDue()).toEqual({ charged: 0, ended: 0 });
    }
    slow.answer();
    expect(await collecting).toEqual({ charged: 1, ended: 0 });
    expect(await invoice()).toMatchObject({
      status: 'paid',
      attempts: 1,
      charging_key: null,
      claimed_until: null,
    });
    expect(await db.selectFrom('demo_charges').selectAll().execute()).toHaveLength(1);
  });
});

describeEachDatabase('payments and the logs', (database) => {
  it('never logs a card number or CVC, even at trace level', async () => {
    let out = '';
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        out += String(chunk);
        done();
      },
    });
    const { url, drop } = await database.create();
    const app = await build({
      config: testConfig({ databaseUrl: url, logLevel: 'trace' }),
      clock: () => T0,
      logDestination: stdout,
    });
    try {
      await app.ready();
      const user = await createUser(app, 'careful');
      const cookie = await sessionFor(app, user.id);
      for (const card of [
        { ...TEST_CARD, cardNumber: '4000 0025 0000 3155', cvc: '987' },
        { ...TEST_CARD, cardNumber: '4000002500003155', cvc: '987', expYear: 2001 },
        { ...TEST_CARD, cardNumber: '4000002500003156', cvc: '987' },
      ]) {
        await app.inject({
          method: 'POST',
          url: '/api/billing/payment-method',
          headers: { cookie },
          payload: card,
        });
      }
      // Even a line that quotes the body is redacted.
      app.log.info({ body: { cardNumber: '4000002500003155', cvc: '987' } }, 'a careless line');
      await new Promise<void>((resolve) => setImmediate(resolve));
      await app.systemLogs.flush();
      expect(out).toContain('a careless line');
      expect(out.length).toBeGreaterThan(1000);
      for (const secret of [
        '4000002500003155',
        '4000 0025 0000 3155',
        '4000002500003156',
        '"987"',
      ]) {
        expect(out).not.toContain(secret);
      }
      const rows = JSON.stringify(
        await app.database.db.selectFrom('system_logs').selectAll().execute(),
      );
      expect(rows).not.toContain('4000002500003155');
    } finally {
      await app.close();
      await drop();
    }
  });
});
