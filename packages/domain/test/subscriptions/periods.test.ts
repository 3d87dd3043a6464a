import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addInterval, nthPeriod, periodIndexAt } from '../../src/subscriptions/periods.js';

const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 9, 30);

describe('billing periods', () => {
  it('anchors on the start day: Jan 31 -> Feb 28/29 -> Mar 31', () => {
    const jan31 = utc(2026, 1, 31);
    expect(addInterval(jan31, 'month')).toBe(utc(2026, 2, 28));
    expect(addInterval(jan31, 'month', 2)).toBe(utc(2026, 3, 31));
    expect(addInterval(utc(2028, 1, 31), 'month')).toBe(utc(2028, 2, 29));
    expect(addInterval(utc(2028, 2, 29), 'year')).toBe(utc(2029, 2, 28));
    expect(addInterval(utc(2028, 2, 29), 'year', 4)).toBe(utc(2032, 2, 29));
  });

  it('never skips or repeats a month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) }),
        fc.integer({ min: 0, max: 240 }),
        (anchor, n) => {
          const a = new Date(addInterval(anchor, 'month', n));
          const b = new Date(addInterval(anchor, 'month', n + 1));
          const months = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
          return months(b) - months(a) === 1 && b.getTime() > a.getTime();
        },
      ),
    );
  });

  it('finds the period containing a time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2080, 0, 1) }),
        fc.integer({ min: 0, max: 20 * 365 * 86_400_000 }),
        fc.constantFrom('month' as const, 'year' as const),
        (anchor, offset, interval) => {
          const at = anchor + offset;
          const p = nthPeriod(anchor, interval, periodIndexAt(anchor, interval, at));
          return p.start <= at && at < p.end;
        },
      ),
    );
  });
});
