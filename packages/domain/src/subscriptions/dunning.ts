// Dunning: what happens after a renewal's charge fails. The subscription is past due and keeps
// its features for a grace period; the charge is tried again 1, 3 and 5 days after the first
// failure; when the last retry fails too, the subscription moves to the Free plan at the end of
// the grace period (7 days after the first failure). Paying meanwhile ends it at once. The job
// that runs this supplies the clock; every time here is counted from the first failure.

const DAY_MS = 86_400_000;

/** Days after the first failed charge on which the charge is tried again. */
export const RETRY_DAYS: readonly number[] = [1, 3, 5];

/** Days after the first failed charge during which a past-due subscription keeps its features. */
export const GRACE_DAYS = 7;

/** What the dunning job does next with an unpaid renewal invoice, and when. */
export type DunningStep =
  | { kind: 'retry'; at: number; retry: number; of: number }
  | { kind: 'downgrade'; at: number };

/**
 * The step after a charge of the invoice failed at `now`, the first failure having been at
 * `firstFailedAt`: the first retry of the schedule still ahead of `now`, or the downgrade at the
 * end of the grace period when none is. Counted by the clock, not by attempts, so a payment the
 * user tried in between (pay-now) neither adds a retry nor takes one away, and a job that ran
 * late goes on with the retries still to come.
 */
export function nextDunningStep(firstFailedAt: number, now: number): DunningStep {
  const index = RETRY_DAYS.findIndex((day) => firstFailedAt + day * DAY_MS > now);
  const day = RETRY_DAYS[index];
  if (day !== undefined) {
    return {
      kind: 'retry',
      at: firstFailedAt + day * DAY_MS,
      retry: index + 1,
      of: RETRY_DAYS.length,
    };
  }
  return { kind: 'downgrade', at: graceEnd(firstFailedAt) };
}

/** When a subscription whose renewal first failed at `firstFailedAt` loses its paid plan. */
export function graceEnd(firstFailedAt: number): number {
  return firstFailedAt + GRACE_DAYS * DAY_MS;
}

/** Every step of the schedule in order, for screens and tests: the retries, then the downgrade. */
export function dunningSchedule(firstFailedAt: number): DunningStep[] {
  return [0, ...RETRY_DAYS].map((day) =>
    nextDunningStep(firstFailedAt, firstFailedAt + day * DAY_MS),
  );
}
