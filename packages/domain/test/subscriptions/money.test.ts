import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  MoneyParseError,
  mulDivRoundHalfUp,
  parseMoney,
} from '../../src/subscriptions/money.js';

describe('money', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['0.05', 5],
    [' 7.00 ', 700],
  ])('parses %j as %i cents', (text, cents) => expect(parseMoney(text)).toBe(cents));

  it.each([
    ['12.345', 'more than 2 decimals'],
    ['-1', 'negative'],
    ['1e3', 'Not an amount'],
    ['abc', 'Not an amount'],
    ['', 'Not an amount'],
    ['0.1.2', 'Not an amount'],
  ])('refuses %j (%s)', (text, why) => {
    expect(() => parseMoney(text)).toThrow(MoneyParseError);
    expect(() => parseMoney(text)).toThrow(why);
  });

  it('formats cents, with a currency and a sign', () => {
    expect(formatMoney(1234)).toBe('12.34');
    expect(formatMoney(5, { currency: 'USD' })).toBe('$0.05');
    expect(formatMoney(-250, { currency: 'USD' })).toBe('-$2.50');
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (c) => parseMoney(formatMoney(c)) === c),
    );
  });

  it('rounds halves up and agrees with exact rational rounding', () => {
    expect(mulDivRoundHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivRoundHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivRoundHalfUp(2900, 1, 2)).toBe(1450);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.integer({ min: 0, max: 10 ** 8 }),
        fc.integer({ min: 1, max: 10 ** 8 }),
        (a, b, c) => {
          const r = mulDivRoundHalfUp(a, b, c);
          // r is the nearest integer to a*b/c, halves up: |2(r·c − a·b)| ≤ c, and not −c.
          const twice = 2n * (BigInt(r) * BigInt(c) - BigInt(a) * BigInt(b));
          return twice <= BigInt(c) && twice > -BigInt(c);
        },
      ),
    );
  });
});
