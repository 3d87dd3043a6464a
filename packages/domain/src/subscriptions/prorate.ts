// Pro-rating in Stripe's model: on an upgrade at time t of a period [start, end), with
// r = seconds left / seconds in the period, the customer pays round(new × r) − round(old × r),
// each line rounded half-up to the cent. Whole seconds, integer maths only.
import { mulDivRoundHalfUp } from './money.js';
import type { Period } from './periods.js';

export interface ProrationLine {
  description: string;
  /** Cents; negative for a credit. */
  amount: number;
}

/** Seconds left in the period at `at`, and the period's length in seconds. */
export function remaining(period: Period, at: number): { left: number; total: number } {
  const total = Math.max(1, Math.floor((period.end - period.start) / 1000));
  const left = Math.min(total, Math.max(0, Math.floor((period.end - at) / 1000)));
  return { left, total };
}

/** The value of the unused part of a period's price at `at`. */
export function unusedValue(price: number, period: Period, at: number): number {
  const { left, total } = remaining(period, at);
  return mulDivRoundHalfUp(price, left, total);
}

/** The lines of an upgrade within the same period: a credit for the old plan, a charge for the new. */
export function prorateUpgrade(
  oldPlan: { name: string; price: number },
  newPlan: { name: string; price: number },
  period: Period,
  at: number,
): ProrationLine[] {
  return [
    {
      description: `Unused time on ${oldPlan.name}`,
      amount: -unusedValue(oldPlan.price, period, at),
    },
    {
      description: `Remaining time on ${newPlan.name}`,
      amount: unusedValue(newPlan.price, period, at),
    },
  ];
}

export const total = (lines: readonly ProrationLine[]) => lines.reduce((s, l) => s + l.amount, 0);
