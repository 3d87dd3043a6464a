// Plans, features, their matrix, overrides, subscriptions and invoices.
import {
  FREE_PLAN_ID,
  type Interval,
  type Plan,
  type RevenueMove,
  type Subscription,
} from '@omega/domain';
import {
  type ExpressionBuilder,
  type Kysely,
  PostgresAdapter,
  type QueryCreator,
  sql,
} from 'kysely';
import type {
  Database,
  FeatureRow,
  RevenueDayShardsTable,
  SubscriptionRow,
  SubscriptionsTable,
} from '../db/schema.js';
import { contains } from '../lib/like-pattern.js';
import { expectWritten, guardedWrites, type Write } from '../lib/one-statement.js';
import { type Arg, allColumns, prepare } from '../lib/prepared-query.js';
import { now as readTime, TtlCache } from '../lib/ttl-cache.js';
import { type ActivityRow, activityInsert } from './activity.js';

/**
 * An override (aliased `o`) applies at `now` until its expiry passes, with no job needed to
 * remove it: the one rule every read of overrides uses.
 */
const inForce = (now: number) => sql<boolean>`(o.expires_at is null or o.expires_at > ${now})`;

/** Every keypad transaction runs this, so it is compiled once per database (lib/prepared-query.ts). */
const walletEntitlement = prepare<
  { phone: string; now: number },
  {
    owner_id: number | null;
    plan_id: string | null;
    feature_id: number | null;
    enabled: number | null;
  }
>((db, arg) =>
  db
    .selectFrom('wallets as w')
    .leftJoin('subscriptions as s', 's.user_id', 'w.owner_id')
    .leftJoin('user_feature_overrides as o', (join) =>
      join.onRef('o.user_id', '=', 'w.owner_id').on(inForce(arg('now'))),
    )
    .select(['w.owner_id', 's.plan_id', 'o.feature_id', 'o.enabled'])
    .where('w.phone', '=', arg('phone')),
);

const toOverride = (r: { feature_id: number; enabled: number }) => ({
  featureId: r.feature_id,
  enabled: r.enabled === 1,
});

export interface UserWithPlanRow {
  id: number;
  username: string;
  role: string;
  plan_id: string | null;
  status: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Rows a multi-row invoice insert writes at most: 8 parameters each, well below SQLite's 32,766
 * and PostgreSQL's 65,535 (a renewal that catches up on years of periods writes one per period).
 */
const INVOICES_PER_STATEMENT = 500;

/**
 * Not set aside from renewals: `renewal_claimed_until` holds a subscription whose renewal failed
 * until that time (and held one an older server claimed, until its claim ran out).
 */
const notHeld = (now: number) => (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
  eb.or([eb('renewal_claimed_until', 'is', null), eb('renewal_claimed_until', '<=', now)]);

const invoiceRow = (i: NewInvoice) => ({
  user_id: i.userId,
  description: i.description,
  amount: i.amount,
  status: i.charge.status,
  period_start: i.periodStart,
  period_end: i.periodEnd,
  dedupe_key: i.dedupeKey,
  created_at: i.createdAt,
  // Every row names the same columns: a multi-row insert takes one column list.
  attempts: i.charge.status === 'paid' ? 1 : 0,
  last_attempt_at: i.charge.status === 'paid' ? i.createdAt : null,
  provider_ref: i.charge.status === 'paid' ? i.charge.providerRef : null,
  paid_at: i.charge.status === 'paid' ? i.createdAt : null,
  next_attempt_at: i.charge.status === 'open' ? i.charge.dueAt : null,
});

type RevenueDayDelta = {
  accounts: number;
  mrr: number;
  new_mrr: number;
  expansion_mrr: number;
  contraction_mrr: number;
  churned_mrr: number;
};

export interface NewInvoice {
  userId: number;
  description: string;
  amount: number;
  periodStart: number;
  periodEnd: number;
  dedupeKey: string;
  createdAt: number;
  /**
   * Paid already (an upgrade's charge succeeded before the invoice was written), or open: to be
   * charged by the collector from `dueAt` (a renewal).
   */
  charge: { status: 'paid'; providerRef: string } | { status: 'open'; dueAt: number };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    planId: row.plan_id,
    interval: row.interval as Interval,
    status: row.status === 'trialing' || row.status === 'past_due' ? row.status : 'active',
    anchor: row.anchor,
    periodIndex: row.period_index,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    scheduledChange:
      row.scheduled_plan_id && row.scheduled_interval
        ? { planId: row.scheduled_plan_id, interval: row.scheduled_interval as Interval }
        : null,
    creditBalance: row.credit_balance,
    hadTrial: row.had_trial === 1,
    complimentary: row.complimentary === 1,
  };
}

function columns(s: Subscription) {
  return {
    plan_id: s.planId,
    interval: s.interval,
    status: s.status,
    anchor: s.anchor,
    period_index: s.periodIndex,
    current_period_start: s.currentPeriodStart,
    current_period_end: s.currentPeriodEnd,
    trial_end: s.trialEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd ? 1 : 0,
    scheduled_plan_id: s.scheduledChange?.planId ?? null,
    scheduled_interval: s.scheduledChange?.interval ?? null,
    credit_balance: s.creditBalance,
    had_trial: s.hadTrial ? 1 : 0,
    complimentary: s.complimentary ? 1 : 0,
  };
}

/**
 * The type each of `columns` is given in `updateMany`'s list of values: PostgreSQL types a
 * parameter there as text unless told (SQLite reads the casts as the columns' affinities).
 */
const COLUMN_TYPES: Record<keyof ReturnType<typeof columns>, 'bigint' | 'text'> = {
  plan_id: 'text',
  interval: 'text',
  status: 'text',
  anchor: 'bigint',
  period_index: 'bigint',
  current_period_start: 'bigint',
  current_period_end: 'bigint',
  trial_end: 'bigint',
  cancel_at_period_end: 'bigint',
  scheduled_plan_id: 'text',
  scheduled_interval: 'text',
  credit_balance: 'bigint',
  had_trial: 'bigint',
  complimentary: 'bigint',
};
const COLUMN_NAMES = Object.keys(COLUMN_TYPES) as Array<keyof typeof COLUMN_TYPES>;

/** Every column of a subscription row: the ones `columns` writes, and the row's bookkeeping. */
const SUBSCRIPTION_COLUMNS = allColumns<SubscriptionsTable>()([
  'user_id',
  ...COLUMN_NAMES,
  'version',
  'renewal_claimed_until',
  'updated_at',
]);

/** A user's subscription: every request about the plan reads it first. */
const subscriptionOf = prepare<{ userId: number }, SubscriptionRow>((db, arg) =>
  db.selectFrom('subscriptions').select(SUBSCRIPTION_COLUMNS).where('user_id', '=', arg('userId')),
);

/**
 * A user's subscription with the provider and reference of their saved card, if any: a plan
 * change reads both, in one round trip on PostgreSQL.
 */
const subscriptionWithCard = prepare<
  { userId: number },
  SubscriptionRow & { card_provider: string | null; card_ref: string | null }
>((db, arg) =>
  db
    .selectFrom('subscriptions as s')
    .leftJoin('payment_methods as pm', 'pm.user_id', 's.user_id')
    .select(SUBSCRIPTION_COLUMNS.map((c) => `s.${c}` as const))
    .select(['pm.provider as card_provider', 'pm.provider_ref as card_ref'])
    .where('s.user_id', '=', arg('userId')),
);

/** The versioned update of a subscription: applies only while its version is `version`. */
type UpdateValues = ReturnType<typeof columns> & { userId: number; version: number; at: number };

function updateStatement(v: UpdateValues, qc: QueryCreator<Database>) {
  const { userId, version, at, ...values } = v;
  return qc
    .updateTable('subscriptions')
    .set({
      ...values,
      version: sql<number>`version + 1`,
      renewal_claimed_until: null,
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .where('version', '=', version);
}

function invoiceInsert(row: ReturnType<typeof invoiceRow>, qc: QueryCreator<Database>) {
  return qc
    .insertInto('invoices')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing());
}

/**
 * How many rows a day's figures of a paid plan are spread over (decision 045). A change adds to
 * the row of its user's shard, so concurrent changes by different users seldom wait for one
 * row's lock; the charts sum the shards.
 */
export const REVENUE_SHARDS = 16;

const REVENUE_FIGURES = [
  'accounts',
  'mrr',
  'new_mrr',
  'expansion_mrr',
  'contraction_mrr',
  'churned_mrr',
] as const;

const revenueShard = (userId: number) => userId % REVENUE_SHARDS;

/**
 * A day's revenue figures moved per paid plan by these moves (decision 025), on the shard of
 * `userId` (the user changed, or for a batch any one user of it, decision 045), in plan order: on
 * PostgreSQL a change from A to B and one from B to A at once would otherwise lock the two rows
 * in opposite orders and deadlock. Empty when no paid plan's figures move.
 */
export function revenueRows(
  moves: RevenueMove | readonly RevenueMove[],
  at: number,
  userId: number,
) {
  const day = Math.floor(at / DAY_MS);
  const shard = revenueShard(userId);
  const rows = new Map<string, RevenueDayDelta>();
  const row = (planId: string) => {
    let r = rows.get(planId);
    if (!r) {
      r = {
        accounts: 0,
        mrr: 0,
        new_mrr: 0,
        expansion_mrr: 0,
        contraction_mrr: 0,
        churned_mrr: 0,
      };
      rows.set(planId, r);
    }
    return r;
  };
  for (const move of Array.isArray(moves) ? moves : [moves as RevenueMove]) {
    const from = row(move.fromPlan);
    from.accounts -= 1;
    from.mrr -= move.before;
    from.churned_mrr += move.churned;
    const to = row(move.toPlan);
    to.accounts += 1;
    to.mrr += move.after;
    to.new_mrr += move.newMrr;
    to.expansion_mrr += move.expansion;
    to.contraction_mrr += move.contraction;
  }
  const values = [...rows]
    .filter(([planId, delta]) => planId !== FREE_PLAN_ID && Object.values(delta).some((v) => v))
    .map(([planId, delta]) => ({ day, plan_id: planId, shard, ...delta }))
    // Always in plan order: on PostgreSQL a change from A to B and one from B to A at once
    // would otherwise lock the two rows in opposite orders and deadlock.
    .sort((a, b) => (a.plan_id < b.plan_id ? -1 : a.plan_id > b.plan_id ? 1 : 0));
  return values;
}

export type RevenueDayRow = ReturnType<typeof revenueRows>[number];

/** Adds the rows to the days' figures (one statement for both plans' rows of a change). */
function revenueInsert(values: readonly RevenueDayRow[], qc: QueryCreator<Database>) {
  return qc
    .insertInto('revenue_day_shards')
    .values([...values])
    .onConflict((oc) =>
      oc
        .columns(['day', 'plan_id', 'shard'])
        .doUpdateSet(
          Object.fromEntries(
            REVENUE_FIGURES.map((c) => [
              c,
              sql<number>`${sql.ref(`revenue_day_shards.${c}`)} + ${sql.ref(`excluded.${c}`)}`,
            ]),
          ),
        ),
    );
}

/** Each key of a row as the prepared query's argument `${prefix}${key}`. */
function argsOf(arg: Arg<Record<string, unknown>>, prefix: string, keys: readonly string[]) {
  return Object.fromEntries(keys.map((key) => [key, arg(`${prefix}${key}`)]));
}

const UPDATE_KEYS = [...COLUMN_NAMES, 'userId', 'version', 'at'];
const ACTIVITY_KEYS = ['user_id', 'action', 'details', 'created_at', 'request_id'];
/** Every column of a revenue row (a missing one does not compile). */
const REVENUE_KEYS = allColumns<RevenueDayShardsTable>()([
  'day',
  'plan_id',
  'shard',
  ...REVENUE_FIGURES,
]);
/** The invoice row's columns, whatever invoiceRow writes. */
const INVOICE_KEYS = Object.keys(
  invoiceRow({
    userId: 0,
    description: '',
    amount: 0,
    periodStart: 0,
    periodEnd: 0,
    dedupeKey: '',
    createdAt: 0,
    charge: { status: 'open', dueAt: 0 },
  }),
);

/** A change's revenue rows: a move from one plan to another touches two at most. */
const MAX_REVENUE_ROWS = 2;

/**
 * PostgreSQL: a subscription's change as one statement (decision 040), compiled once per shape:
 * the versioned update, guarded; its activity entry; its revenue rows (shape % 3 of them) and
 * its invoice (when shape >= 3).
 */
const changeStatement = prepare<Record<string, unknown>, { written: number }>((db, arg, shape) => {
  const revenueCount = shape % (MAX_REVENUE_ROWS + 1);
  const rest: Write[] = [
    (qc) => activityInsert([argsOf(arg, 'a_', ACTIVITY_KEYS) as unknown as ActivityRow], qc),
  ];
  if (revenueCount > 0) {
    const rows = Array.from({ length: revenueCount }, (_, i) =>
      argsOf(arg, `r${i}_`, REVENUE_KEYS),
    );
    rest.push((qc) => revenueInsert(rows as unknown as RevenueDayRow[], qc));
  }
  if (shape > MAX_REVENUE_ROWS) {
    const row = argsOf(arg, 'i_', INVOICE_KEYS) as unknown as ReturnType<typeof invoiceRow>;
    rest.push((qc) => invoiceInsert(row, qc));
  }
  const update = argsOf(arg, 's_', UPDATE_KEYS) as unknown as UpdateValues;
  return guardedWrites(db, (qc) => updateStatement(update, qc).returning('user_id'), rest);
});

/** Plans, features and which plan includes which: what every entitlement decision reads. */
export interface Catalogue {
  plans: readonly Plan[];
  features: readonly FeatureRow[];
  assignments: readonly { planId: string; featureId: number; enabled: boolean }[];
}

/**
 * How long a process answers the catalogue from memory. Writes through this process clear it at
 * once; another instance sees them within this time (like sessions, decision 007).
 */
export const CATALOGUE_CACHE_MS = 1000;

export class SubscriptionsRepository {
  private readonly catalogueCache = new TtlCache<'catalogue', Catalogue>(CATALOGUE_CACHE_MS, 1);

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The committed catalogue, from memory for up to a second: a keypad transaction checks the
   * wallet's flows against it, and reading it took three of a transfer's statements.
   */
  async catalogue(): Promise<Catalogue> {
    const cached = this.catalogueCache.get('catalogue');
    if (cached) return cached;
    const readAt = readTime();
    const [plans, features, assignments] = await Promise.all([
      this.plans(),
      this.features(),
      this.assignments(),
    ]);
    const catalogue = { plans, features, assignments };
    this.catalogueCache.set('catalogue', catalogue, readAt);
    return catalogue;
  }

  async plans(db = this.db): Promise<Plan[]> {
    const rows = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      monthlyPrice: r.monthly_price,
      annualPrice: r.annual_price,
      trialDays: r.trial_days,
      isPopular: r.is_popular === 1,
      perks: JSON.parse(r.perks) as string[],
    }));
  }

  features(db = this.db) {
    return db.selectFrom('features').selectAll().orderBy('category').orderBy('id').execute();
  }

  featureById(id: number, db = this.db) {
    return db.selectFrom('features').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The catalogue's own spelling of `name` and of `category`, matched ignoring case (the
   * catalogue is small; compared here, as SQLite's lower() knows only ASCII).
   */
  async spellingsOf(name: string, category: string, db = this.db) {
    const rows = await db.selectFrom('features').select(['name', 'category']).execute();
    return {
      name: rows.find((r) => featureNameKey(r.name) === featureNameKey(name))?.name,
      category: rows.find((r) => featureNameKey(r.category) === featureNameKey(category))?.category,
    };
  }

  /**
   * Adds a feature, unless its name is taken in any case (undefined then): the unique key
   * decides between two spellings added at once.
   */
  async addFeature(
    f: { name: string; category: string; description: string; at: number },
    db = this.db,
  ) {
    this.catalogueCache.clear();
    return db
      .insertInto('features')
      .values({
        name: f.name,
        name_key: featureNameKey(f.name),
        category: f.category,
        description: f.description,
        created_at: f.at,
      })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'name', 'category', 'description', 'created_at'])
      .executeTakeFirst();
  }

  async assignments(db = this.db) {
    const rows = await db.selectFrom('plan_features').selectAll().execute();
    return rows.map((r) => ({
      planId: r.plan_id,
      featureId: r.feature_id,
      enabled: r.enabled === 1,
    }));
  }

  async setAssignment(planId: string, featureId: number, enabled: boolean, db = this.db) {
    this.catalogueCache.clear();
    await db
      .insertInto('plan_features')
      .values({ plan_id: planId, feature_id: featureId, enabled: enabled ? 1 : 0 })
      .onConflict((oc) =>
        oc.columns(['plan_id', 'feature_id']).doUpdateSet({ enabled: enabled ? 1 : 0 }),
      )
      .execute();
  }

  /** The user's overrides in force at `now`. */
  async overrides(userId: number, now: number, db = this.db) {
    const rows = await db
      .selectFrom('user_feature_overrides as o')
      .select(['o.feature_id', 'o.enabled'])
      .where('o.user_id', '=', userId)
      .where(inForce(now))
      .execute();
    return rows.map(toOverride);
  }

  /**
   * What a keypad wallet's flows depend on, in one read: its owner, the owner's plan (null when
   * the owner has no subscription row yet) and the owner's overrides in force at `now`.
   * Undefined when there is no such wallet.
   */
  async walletEntitlement(phone: string, now: number, db = this.db) {
    const rows = await walletEntitlement.rows(db, { phone, now });
    const [first] = rows;
    if (!first) return undefined;
    return {
      ownerId: first.owner_id,
      planId: first.plan_id,
      overrides: rows.flatMap(({ feature_id, enabled }) =>
        feature_id === null || enabled === null ? [] : [toOverride({ feature_id, enabled })],
      ),
    };
  }

  /** `overrides` with who set each one (their username when the account still exists), and why. */
  overrideDetails(userId: number, now: number, db = this.db) {
    return db
      .selectFrom('user_feature_overrides as o')
      .leftJoin('users as admin', 'admin.id', 'o.set_by')
      .select([
        'o.feature_id',
        'o.enabled',
        'o.reason',
        'o.set_by',
        'admin.username as set_by_username',
        'o.updated_at',
        'o.expires_at',
      ])
      .where('o.user_id', '=', userId)
      .where(inForce(now))
      .orderBy('o.feature_id')
      .execute();
  }

  /** Sets (or replaces) one user's override of one feature. */
  async setOverride(
    o: {
      userId: number;
      featureId: number;
      enabled: boolean;
      reason: string | null;
      setBy: number;
      at: number;
      expiresAt: number | null;
    },
    db = this.db,
  ) {
    const values = {
      enabled: o.enabled ? 1 : 0,
      reason: o.reason,
      set_by: o.setBy,
      updated_at: o.at,
      expires_at: o.expiresAt,
    };
    await db
      .insertInto('user_feature_overrides')
      .values({ user_id: o.userId, feature_id: o.featureId, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'feature_id']).doUpdateSet(values))
      .execute();
  }

  find(userId: number, db = this.db): Promise<SubscriptionRow | undefined> {
    return subscriptionOf.first(db, { userId });
  }

  /** `find`, with the provider and reference of the user's saved card (null without one). */
  async findWithCard(userId: number, db = this.db) {
    const found = await subscriptionWithCard.first(db, { userId });
    if (!found) return undefined;
    const { card_provider: provider, card_ref: ref, ...row } = found;
    const card = provider !== null && ref !== null ? { provider, providerRef: ref } : null;
    return { row, card };
  }

  /**
   * `find`, with the row locked until the transaction `db` ends (PostgreSQL; SQLite runs one
   * write transaction at a time). A change to several users locks them in ascending id order,
   * so two such changes wait for each other instead of deadlocking (issue 35).
   */
  findLocked(userId: number, db: Kysely<Database>) {
    const query = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId);
    return (
      db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query
    ).executeTakeFirst();
  }

  /** Creates the row unless one exists (two first reads may race). */
  async insert(userId: number, s: Subscription, at: number, db = this.db) {
    await db
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        ...columns(s),
        version: 0,
        renewal_claimed_until: null,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Writes the new state if nobody else wrote since `version` was read; answers whether it did. */
  async update(userId: number, version: number, s: Subscription, at: number, db = this.db) {
    const result = await this.updateQuery(userId, version, s, at, db).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** `update`'s statement, unrun. */
  updateQuery(
    userId: number,
    version: number,
    s: Subscription,
    at: number,
    qc: QueryCreator<Database> = this.db,
  ) {
    return updateStatement({ ...columns(s), userId, version, at }, qc);
  }

  /**
   * `update` for many subscriptions in one statement (a batch of renewals): each is written if
   * its version is still the one read. Answers how many were written.
   */
  async updateMany(
    changes: ReadonlyArray<{ userId: number; version: number; subscription: Subscription }>,
    at: number,
    db = this.db,
  ): Promise<number> {
    if (changes.length === 0) return 0;
    const cast = (value: unknown, type: 'bigint' | 'text') =>
      sql`cast(${value} as ${sql.raw(type)})`;
    const rows = changes.map(({ userId, version, subscription }) => {
      const values = columns(subscription);
      return sql`(${sql.join([
        cast(userId, 'bigint'),
        cast(version, 'bigint'),
        ...COLUMN_NAMES.map((name) => cast(values[name], COLUMN_TYPES[name])),
      ])})`;
    });
    const result =
      await sql`with v (user_id, version, ${sql.join(COLUMN_NAMES.map((name) => sql.ref(name)))}) as (values ${sql.join(rows)})
      update subscriptions
      set ${sql.join(COLUMN_NAMES.map((name) => sql`${sql.ref(name)} = v.${sql.ref(name)}`))},
        version = subscriptions.version + 1, renewal_claimed_until = null, updated_at = ${at}
      from v
      where subscriptions.user_id = v.user_id and subscriptions.version = v.version`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
  }

  /**
   * Books a subscription change on its day (decision 025), in the row of `userId`'s shard
   * (decision 045): the plan it left loses the account and its MRR, the plan it joined gains
   * them, and the movement counts on the plan joined (churn on the plan left). The free plan has
   * no rows: its accounts are all the others. Adds to the row when there is one, so concurrent
   * changes never lose one. Several moves (a bulk change) are summed and booked in one
   * statement, after every subscription row they come from was locked: their rows are locked
   * last, in plan order.
   */
  async bookRevenue(
    moves: RevenueMove | readonly RevenueMove[],
    at: number,
    userId: number,
    db = this.db,
  ) {
    await this.revenueQuery(moves, at, userId, db)?.execute();
  }

  /**
   * `bookRevenue`'s statement, unrun (to join others in one statement), or null when the moves
   * change no paid plan's figures.
   */
  revenueQuery(
    moves: RevenueMove | readonly RevenueMove[],
    at: number,
    userId: number,
    qc: QueryCreator<Database> = this.db,
  ) {
    const values = revenueRows(moves, at, userId);
    return values.length === 0 ? null : revenueInsert(values, qc);
  }

  /** Users whose period has ended, oldest first, except those set aside after a failed renewal. */
  async dueForRenewal(now: number, limit: number, db = this.db) {
    const rows = await db
      .selectFrom('subscriptions')
      .select('user_id')
      .where('current_period_end', '<=', now)
      .where(notHeld(now))
      .orderBy('current_period_end')
      .limit(limit)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /**
   * Claims up to `limit` due subscriptions (or only `userId`'s) for the transaction `db`, oldest
   * first, and answers their rows. On PostgreSQL they are locked `FOR UPDATE SKIP LOCKED`: rows
   * another worker's transaction holds are passed over, not waited for, and a worker that dies
   * releases its rows with its connection. SQLite has one writer: its write transaction is the
   * claim.
   */
  claimDue(now: number, limit: number, db: Kysely<Database>, userId?: number) {
    let query = db
      .selectFrom('subscriptions')
      .selectAll()
      .where('current_period_end', '<=', now)
      .where(notHeld(now))
      .orderBy('current_period_end')
      .limit(limit);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return (
      db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().skipLocked() : query
    ).execute();
  }

  /** Sets a subscription aside from renewals until `until` (its renewal failed). */
  async holdFromRenewal(userId: number, until: number, db = this.db) {
    await db
      .updateTable('subscriptions')
      .set({ renewal_claimed_until: until })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Adds `amount` cents to the subscription's credit (a charge taken for a change that could not
   * be applied), as a write of its own: the version moves.
   */
  async addCredit(userId: number, amount: number, at: number, db = this.db) {
    await db
      .updateTable('subscriptions')
      .set({
        credit_balance: sql`credit_balance + ${amount}`,
        version: sql`version + 1`,
        updated_at: at,
      })
      .where('user_id', '=', userId)
      .execute();
  }

  /** The description of the invoice recorded under this dedupe key, if any. */
  async invoiceDescription(dedupeKey: string, db = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom('invoices')
      .select('description')
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirst();
    return row?.description;
  }

  /** Records an invoice; a second one with the same dedupe key is ignored. */
  async addInvoice(i: NewInvoice, db = this.db): Promise<boolean> {
    const inserted = await this.invoiceQuery(i, db).returning('id').executeTakeFirst();
    return inserted !== undefined;
  }

  /** `addInvoice`'s statement, unrun: to join others in one statement. */
  invoiceQuery(i: NewInvoice, qc: QueryCreator<Database> = this.db) {
    return invoiceInsert(invoiceRow(i), qc);
  }

  /**
   * PostgreSQL: writes a subscription's change — the versioned update, its activity entry, its
   * revenue rows and its invoice — as one prepared statement, all or none (decision 040); false
   * when the subscription's version moved on (nothing is written).
   */
  writeChange(change: {
    userId: number;
    version: number;
    subscription: Subscription;
    at: number;
    activity: ActivityRow;
    revenue: readonly RevenueDayRow[];
    invoice: NewInvoice | null;
  }): Promise<boolean> {
    const { userId, version, subscription, at, activity, revenue, invoice } = change;
    if (revenue.length > MAX_REVENUE_ROWS) {
      throw new Error(`A change moves ${MAX_REVENUE_ROWS} plans' revenue at most`);
    }
    const args: Record<string, unknown> = {};
    const put = (prefix: string, row: object) => {
      for (const [key, value] of Object.entries(row)) args[`${prefix}${key}`] = value;
    };
    put('s_', { ...columns(subscription), userId, version, at });
    put('a_', activity);
    for (const [i, row] of revenue.entries()) put(`r${i}_`, row);
    if (invoice) put('i_', invoiceRow(invoice));
    const shape = revenue.length + (invoice ? MAX_REVENUE_ROWS + 1 : 0);
    return expectWritten(changeStatement.execute(this.db, args, shape));
  }

  /** `addInvoice` for many, a few hundred to a statement. */
  async addInvoices(invoices: readonly NewInvoice[], db = this.db): Promise<void> {
    for (let from = 0; from < invoices.length; from += INVOICES_PER_STATEMENT) {
      await db
        .insertInto('invoices')
        .values(invoices.slice(from, from + INVOICES_PER_STATEMENT).map(invoiceRow))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    }
  }

  invoices(userId: number, db = this.db) {
    return db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  async recordOverride(
    o: { userId: number; planId: string; adminId: number; proRatedAmount: number; at: number },
    db = this.db,
  ) {
    await db
      .insertInto('subscription_overrides')
      .values({
        user_id: o.userId,
        plan_id: o.planId,
        admin_id: o.adminId,
        pro_rated_amount: o.proRatedAmount,
        created_at: o.at,
      })
      .execute();
  }

  lastOverride(userId: number, db = this.db) {
    return db
      .selectFrom('subscription_overrides')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The named users that exist, by id, each with their subscription row when they have one. */
  async subscribersByIds(ids: readonly number[], db = this.db) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('users')
      .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
      .selectAll('subscriptions')
      .select(['users.id as id', 'users.username as username'])
      .where('users.id', 'in', [...ids])
      .orderBy('users.id')
      .execute();
    return rows.map(({ id, username, ...sub }) => ({
      id,
      username,
      subscription: sub.user_id === null ? null : (sub as SubscriptionRow),
    }));
  }

  /** Live subscriptions (active, trialing or past due: its features are kept) per plan id. */
  async countsByPlan(db = this.db): Promise<Array<{ planId: string; count: number }>> {
    const rows = await db
      .selectFrom('subscriptions')
      .select(['plan_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', ['active', 'trialing', 'past_due'])
      .groupBy('plan_id')
      .execute();
    return rows.map((r) => ({ planId: r.plan_id, count: Number(r.n) }));
  }

  /** A page of users by id with their plan; `search` matches usernames ignoring case. */
  async usersWithPlans(
    page: { search?: string; offset: number; limit: number },
    db = this.db,
  ): Promise<{ rows: UserWithPlanRow[]; total: number }> {
    const term = page.search?.trim().toLowerCase();
    let users = db.selectFrom('users');
    // username_key is the lower-cased username: plain LIKE matches it on both dialects.
    if (term) users = users.where(contains(sql.ref('username_key'), term, 'sqlite'));
    const [rows, count] = await Promise.all([
      // The page of accounts first, then their subscriptions: joined before the offset,
      // PostgreSQL joined all 100,000 rows to skip most of them (75 ms p95, admin-scale bench).
      db
        .selectFrom(
          users
            .select(['users.id', 'users.username', 'users.role'])
            .orderBy('users.id')
            .limit(page.limit)
            .offset(page.offset)
            .as('u'),
        )
        .leftJoin('subscriptions', 'subscriptions.user_id', 'u.id')
        .select(['u.id', 'u.username', 'u.role', 'subscriptions.plan_id', 'subscriptions.status'])
        .orderBy('u.id')
        .execute(),
      users.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /**
   * The revenue figures summed per plan over the days before `fromDay` (where each plan stood
   * when the window opens), and per day and plan from `fromDay` on: the shards (decision 045)
   * and the rows booked before them, or by the previous release during a rolling one.
   */
  async revenueDays(fromDay: number, db = this.db) {
    const rows = db
      .with('r', (qc) =>
        qc
          .selectFrom('revenue_days')
          .select(['day', 'plan_id', ...REVENUE_FIGURES])
          .unionAll(
            qc.selectFrom('revenue_day_shards').select(['day', 'plan_id', ...REVENUE_FIGURES]),
          ),
      )
      .selectFrom('r');
    const sum = (column: (typeof REVENUE_FIGURES)[number]) =>
      sql<number>`sum(${sql.ref(column)})`.as(column);
    const [before, days] = await Promise.all([
      rows
        .select(['plan_id', sum('accounts'), sum('mrr')])
        .where('day', '<', fromDay)
        .groupBy('plan_id')
        .execute(),
      rows
        .select(['day', 'plan_id', ...REVENUE_FIGURES.map(sum)])
        .where('day', '>=', fromDay)
        .groupBy(['day', 'plan_id'])
        .execute(),
    ]);
    return {
      before: before.map((r) => ({
        planId: r.plan_id,
        accounts: Number(r.accounts),
        mrr: Number(r.mrr),
      })),
      days: days.map((d) => ({
        day: Number(d.day),
        plan_id: d.plan_id,
        accounts: Number(d.accounts),
        mrr: Number(d.mrr),
        new_mrr: Number(d.new_mrr),
        expansion_mrr: Number(d.expansion_mrr),
        contraction_mrr: Number(d.contraction_mrr),
        churned_mrr: Number(d.churned_mrr),
      })),
    };
  }
}

/** Feature names and categories are the same whatever their case: what they are compared by. */
export function featureNameKey(text: string): string {
  return text.toLowerCase();
}
