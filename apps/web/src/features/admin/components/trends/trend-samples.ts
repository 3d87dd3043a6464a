// Made-up answers of the five trend reads for the stories: the same every time (a seeded
// generator), shaped like a small live system — a quiet log with one incident, office-hours
// sign-ins, a few registrations, slowly growing plans and revenue.
import type {
  LogLevelsTrend,
  PlansTrend,
  RegistrationsTrend,
  RevenueTrend,
  SignInsTrend,
} from '@omega/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './buckets.js';

const NOW = Date.parse('2026-11-26T10:30:00.000Z');
const generatedAt = new Date(NOW).toISOString();
/** The start of the first of `count` buckets of `width`, the last holding NOW. */
const startOf = (count: number, width: number) =>
  new Date(Math.floor(NOW / width) * width - (count - 1) * width).toISOString();

/** A small linear congruential generator: the same numbers for the same seed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Mostly zeros, sometimes 1 to `max` (a value is drawn with chance `p`). */
const sparse = (n: number, p: number, max: number, seed: number) => {
  const next = random(seed);
  return Array.from({ length: n }, () => (next() < p ? 1 + Math.floor(next() * max) : 0));
};

export function sampleLogLevels(): LogLevelsTrend {
  const errors = sparse(1440, 0.01, 2, 1);
  const warnings = sparse(1440, 0.03, 3, 2);
  // An incident: twenty minutes of errors in the afternoon.
  for (let i = 900; i < 920; i++) errors[i] = 4 + (i % 5);
  return { start: startOf(1440, MINUTE_MS), bucketMs: MINUTE_MS, generatedAt, errors, warnings };
}

export function sampleSignIns(): SignInsTrend {
  const next = random(3);
  const start = startOf(168, HOUR_MS);
  const succeeded = Array.from({ length: 168 }, (_, i) => {
    const hour = new Date(Date.parse(start) + i * HOUR_MS).getUTCHours();
    return hour >= 8 && hour < 18 ? Math.floor(next() * 12) : Math.floor(next() * 2);
  });
  return {
    start,
    bucketMs: HOUR_MS,
    generatedAt,
    succeeded,
    failed: sparse(168, 0.15, 3, 4),
  };
}

export function sampleRegistrations(): RegistrationsTrend {
  return {
    start: startOf(90, DAY_MS),
    bucketMs: DAY_MS,
    generatedAt,
    users: sparse(90, 0.6, 6, 5),
    admins: sparse(90, 0.05, 1, 6),
    supergods: sparse(90, 0.01, 1, 7),
  };
}

/** A running total of `moves` from `from`. */
const running = (from: number, moves: number[]) => {
  let at = from;
  return moves.map((m) => {
    at += m;
    return at;
  });
};

export function samplePlans(): PlansTrend {
  return {
    start: startOf(90, DAY_MS),
    bucketMs: DAY_MS,
    generatedAt,
    plans: [
      { id: 'free', name: 'Free', accounts: running(40, sparse(90, 0.5, 3, 8)) },
      { id: 'starter', name: 'Starter', accounts: running(6, sparse(90, 0.15, 1, 9)) },
      { id: 'pro', name: 'Pro', accounts: running(3, sparse(90, 0.08, 1, 10)) },
      { id: 'enterprise', name: 'Enterprise', accounts: running(0, sparse(90, 0.02, 1, 11)) },
    ],
  };
}

export function sampleRevenue(): RevenueTrend {
  const newMrr = sparse(90, 0.2, 3, 12).map((n) => n * 900);
  const expansionMrr = sparse(90, 0.08, 1, 13).map((n) => n * 2000);
  const contractionMrr = sparse(90, 0.04, 1, 14).map((n) => n * 2000);
  const churnedMrr = sparse(90, 0.05, 1, 15).map((n) => n * 900);
  const mrr = running(
    12_000,
    newMrr.map(
      (n, i) => n + (expansionMrr[i] ?? 0) - (contractionMrr[i] ?? 0) - (churnedMrr[i] ?? 0),
    ),
  );
  return {
    start: startOf(90, DAY_MS),
    bucketMs: DAY_MS,
    generatedAt,
    currency: 'USD',
    mrrNow: mrr.at(-1) ?? 0,
    mrr,
    newMrr,
    expansionMrr,
    contractionMrr,
    churnedMrr,
  };
}
