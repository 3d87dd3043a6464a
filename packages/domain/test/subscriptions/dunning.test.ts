import { describe, expect, it } from 'vitest';
import {
  dunningSchedule,
  GRACE_DAYS,
  graceEnd,
  nextDunningStep,
} from '../../src/subscriptions/dunning.js';
import { DAY, T0 } from './fixtures.js';

describe('the dunning schedule', () => {
  it('retries on days 1, 3 and 5 after the first failure, then downgrades at the grace end', () => {
    expect(dunningSchedule(T0)).toEqual([
      { kind: 'retry', at: T0 + 1 * DAY, retry: 1, of: 3 },
      { kind: 'retry', at: T0 + 3 * DAY, retry: 2, of: 3 },
      { kind: 'retry', at: T0 + 5 * DAY, retry: 3, of: 3 },
      { kind: 'downgrade', at: T0 + 7 * DAY },
    ]);
  });

  it('goes by the clock: the first retry still ahead, then the downgrade', () => {
    expect(nextDunningStep(T0, T0)).toMatchObject({ kind: 'retry', at: T0 + DAY, retry: 1 });
    // A retry that ran late (the job was down) goes on with the retries still to come.
    expect(nextDunningStep(T0, T0 + 2 * DAY)).toMatchObject({ kind: 'retry', at: T0 + 3 * DAY });
    // A payment tried between two retries (pay-now) keeps the next one where it was.
    expect(nextDunningStep(T0, T0 + 3 * DAY + 1)).toMatchObject({ kind: 'retry', retry: 3 });
    expect(nextDunningStep(T0, T0 + 5 * DAY)).toEqual({
      kind: 'downgrade',
      at: T0 + GRACE_DAYS * DAY,
    });
    expect(nextDunningStep(T0, T0 + 30 * DAY)).toEqual({ kind: 'downgrade', at: graceEnd(T0) });
  });

  it('keeps the features through every retry: the grace end comes after the last one', () => {
    const steps = dunningSchedule(T0);
    const last = steps.at(-1);
    for (const step of steps.slice(0, -1)) expect(step.at).toBeLessThan(last?.at ?? 0);
  });
});
