import { describe, expect, it } from 'vitest';
import { cardBrand, cardUnexpired, checkCard, luhnValid } from '../../src/payments/card.js';

const NOW = Date.UTC(2026, 10, 15);
const card = (over: Partial<Parameters<typeof checkCard>[0]> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

describe('a card as typed', () => {
  it("takes Stripe's test numbers, reading their brand and last four", () => {
    expect(checkCard(card(), NOW)).toEqual({
      ok: true,
      digits: '4242424242424242',
      brand: 'visa',
      last4: '4242',
    });
    expect(checkCard(card({ cardNumber: '4000-0025-0000-3155' }), NOW)).toMatchObject({
      ok: true,
      last4: '3155',
    });
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('checks the number with Luhn and names the field at fault', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(checkCard(card({ cardNumber: '4242 4242 4242 4241' }), NOW)).toMatchObject({
      ok: false,
      field: 'cardNumber',
    });
    expect(checkCard(card({ cardNumber: '4242' }), NOW)).toMatchObject({
      ok: false,
      message: 'cardNumber must have 12 to 19 digits',
    });
    expect(checkCard(card({ cardNumber: '4242x4242' }), NOW)).toMatchObject({
      field: 'cardNumber',
    });
  });

  it('refuses an expired card by the clock, and takes one through its last month', () => {
    expect(checkCard(card({ expMonth: 10, expYear: 2026 }), NOW)).toMatchObject({
      ok: false,
      field: 'expYear',
      message: 'The card has expired (check expMonth and expYear)',
    });
    expect(checkCard(card({ expMonth: 11, expYear: 2026 }), NOW).ok).toBe(true);
    expect(cardUnexpired(11, 2026, Date.UTC(2026, 11, 1))).toBe(false);
    expect(checkCard(card({ expMonth: 13 }), NOW)).toMatchObject({ field: 'expMonth' });
  });

  it("wants a CVC of the brand's length", () => {
    expect(checkCard(card({ cvc: '12' }), NOW)).toMatchObject({
      field: 'cvc',
      message: 'cvc must be 3 digits',
    });
    expect(checkCard(card({ cardNumber: '378282246310005', cvc: '123' }), NOW)).toMatchObject({
      field: 'cvc',
      message: 'cvc must be 4 digits',
    });
    expect(checkCard(card({ cardNumber: '378282246310005', cvc: '1234' }), NOW).ok).toBe(true);
  });
});
