// The admin console's trend charts (issue 19): one aggregate per chart, each a few grouped
// counts over an index (or, for plans and revenue, over revenue_days: a few rows per day), laid
// out on a fixed row of buckets that ends with the one holding now. Nothing here writes.
import type {
  LogLevelsTrend,
  PlansTrend,
  RegistrationsTrend,
  RevenueTrend,
  SignInsTrend,
} from '@omega/contracts';
import { FREE_PLAN_ID } from '@omega/domain';
import type { Clock } from '../lib/clock.js';
import type { BucketCount } from '../lib/time-buckets.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { SubscriptionsRepository } from '../repositories/subscriptions.js';
import type { SystemLogsRepository } from '../repositories/system-logs.js';
import type { UsersRepository } from '../repositories/users.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The row of buckets a chart shows: `count` of width `widthMs`, the last one holding `now`. */
export interface BucketRow {
  from: number;
  widthMs: number;
  count: number;
}

export function bucketRow(now: number, widthMs: number, count: number): BucketRow {
  const current = Math.floor(now / widthMs) * widthMs;
  return { from: current - (count - 1) * widthMs, widthMs, count };
}

/** One series per key: counts[key][i] is the count of bucket i (zero where no row). */
export function spread(rows: readonly BucketCount[], row: BucketRow, keys: readonly string[]) {
  const series = new Map(keys.map((k) => [k, new Array<number>(row.count).fill(0)]));
  for (const r of rows) {
    const s = series.get(r.key);
    if (s && r.bucket >= 0 && r.bucket < row.count) s[r.bucket] = (s[r.bucket] ?? 0) + r.count;
  }
  return (key: string) => series.get(key) ?? new Array<number>(row.count).fill(0);
}

const running = (start: number, deltas: readonly number[]) => {
  let total = start;
  return deltas.map((d) => {
    total += d;
    return total;
  });
};

export interface TrendsDeps {
  systemLogs: SystemLogsRepository;
  activity: ActivityRepository;
  users: UsersRepository;
  subscriptions: SubscriptionsRepository;
  clock: Clock;
}

export class TrendsService {
  constructor(private readonly deps: TrendsDeps) {}

  private frame(row: BucketRow, now: number) {
    return {
      start: new Date(row.from).toISOString(),
      bucketMs: row.widthMs,
      generatedAt: new Date(now).toISOString(),
    };
  }

  async logLevels(): Promise<LogLevelsTrend> {
    const now = this.deps.clock();
    const row = bucketRow(now, MINUTE_MS, 24 * 60);
    const of = spread(await this.deps.systemLogs.levelCounts(row.from, row.widthMs), row, [
      'ERROR',
      'WARNING',
    ]);
    return { ...this.frame(row, now), errors: of('ERROR'), warnings: of('WARNING') };
  }

  async signIns(): Promise<SignInsTrend> {
    const now = this.deps.clock();
    const row = bucketRow(now, HOUR_MS, 7 * 24);
    const of = spread(
      await this.deps.activity.actionCounts(['login', 'login_failed'], row.from, row.widthMs),
      row,
      ['login', 'login_failed'],
    );
    return { ...this.frame(row, now), succeeded: of('login'), failed: of('login_failed') };
  }

  async registrations(): Promise<RegistrationsTrend> {
    const now = this.deps.clock();
    const row = bucketRow(now, DAY_MS, 90);
    const of = spread(await this.deps.users.registrationCounts(row.from, row.widthMs), row, [
      'user',
      'admin',
      'supergod',
    ]);
    return {
      ...this.frame(row, now),
      users: of('user'),
      admins: of('admin'),
      supergods: of('supergod'),
    };
  }

  async plans(): Promise<PlansTrend> {
    const now = this.deps.clock();
    const row = bucketRow(now, DAY_MS, 90);
    const fromDay = row.from / DAY_MS;
    const [plans, revenue, usersBefore, registrations] = await Promise.all([
      this.deps.subscriptions.plans(),
      this.deps.subscriptions.revenueDays(fromDay),
      this.deps.users.countCreatedBefore(row.from),
      this.deps.users.registrationCounts(row.from, row.widthMs),
    ]);
    const perDay = (pick: (planId: string) => boolean) => {
      const deltas = new Array<number>(row.count).fill(0);
      for (const d of revenue.days) {
        const i = d.day - fromDay;
        if (pick(d.plan_id) && i >= 0 && i < row.count) deltas[i] = (deltas[i] ?? 0) + d.accounts;
      }
      return deltas;
    };
    const startOf = (planId: string) =>
      revenue.before.find((b) => b.planId === planId)?.accounts ?? 0;
    const paid = plans
      .filter((p) => p.id !== FREE_PLAN_ID)
      .map((p) => ({
        id: p.id,
        name: p.name,
        accounts: running(
          startOf(p.id),
          perDay((id) => id === p.id),
        ),
      }));
    // Every account not on a paid plan is on the free one (it may never have opened its plan).
    const newAccounts = new Array<number>(row.count).fill(0);
    for (const r of registrations) {
      if (r.bucket >= 0 && r.bucket < row.count)
        newAccounts[r.bucket] = (newAccounts[r.bucket] ?? 0) + r.count;
    }
    const accounts = running(usersBefore, newAccounts);
    const free = plans.find((p) => p.id === FREE_PLAN_ID);
    const freeSeries = accounts.map((total, i) =>
      Math.max(0, total - paid.reduce((sum, p) => sum + (p.accounts[i] ?? 0), 0)),
    );
    return {
      ...this.frame(row, now),
      plans: [
        ...(free ? [{ id: free.id, name: free.name, accounts: freeSeries }] : []),
        ...paid.map((p) => ({ ...p, accounts: p.accounts.map((n) => Math.max(0, n)) })),
      ],
    };
  }

  async revenue(): Promise<RevenueTrend> {
    const now = this.deps.clock();
    const row = bucketRow(now, DAY_MS, 90);
    const fromDay = row.from / DAY_MS;
    const revenue = await this.deps.subscriptions.revenueDays(fromDay);
    const zeros = () => new Array<number>(row.count).fill(0);
    const mrr = zeros();
    const newMrr = zeros();
    const expansionMrr = zeros();
    const contractionMrr = zeros();
    const churnedMrr = zeros();
    const add = (series: number[], i: number, v: number) => {
      series[i] = (series[i] ?? 0) + Number(v);
    };
    for (const d of revenue.days) {
      const i = d.day - fromDay;
      if (i < 0 || i >= row.count) continue;
      add(mrr, i, d.mrr);
      add(newMrr, i, d.new_mrr);
      add(expansionMrr, i, d.expansion_mrr);
      add(contractionMrr, i, d.contraction_mrr);
      add(churnedMrr, i, d.churned_mrr);
    }
    const series = running(
      revenue.before.reduce((sum, b) => sum + b.mrr, 0),
      mrr,
    );
    return {
      ...this.frame(row, now),
      currency: 'USD',
      mrrNow: series.at(-1) ?? 0,
      mrr: series,
      newMrr,
      expansionMrr,
      contractionMrr,
      churnedMrr,
    };
  }
}
