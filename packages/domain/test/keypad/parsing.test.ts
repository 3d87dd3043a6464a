import { describe, expect, it } from 'vitest';
import {
  coinsForUsd,
  formatAmount,
  initialState,
  isGsm7,
  type KeypadState,
  normalizePhone,
  paginate,
  parseAmount,
  replyToKeys,
  toGsm7,
  transition,
} from '../../src/keypad/index.js';

describe('phone numbers', () => {
  it.each([
    ['0821234567', '+27821234567'],
    ['+27821234567', '+27821234567'],
    ['+4479111234', '+4479111234'],
    ['27821234567', '+27821234567'],
    ['123456789', null],
    ['+123456', null],
    ['+12345678901234567', null],
    ['08212345ab', null],
    ['', null],
    // '00' is the international prefix dialled before a country code.
    ['0027821234567', '+27821234567'],
    ['00447911123456', '+447911123456'],
    // No country code starts with 0: these name no phone anywhere.
    ['+0027821234567', null],
    ['+0821234567', null],
    ['01234567890', null],
    ['000821234567', null],
  ])('%j -> %j', (input, expected) => expect(normalizePhone(input)).toBe(expected));
});

describe('amounts', () => {
  it('parses up to the allowed decimals into minor units, exactly', () => {
    expect(parseAmount('120.00', 2)).toBe(12000n);
    expect(parseAmount('0.0041', 8)).toBe(410000n);
    expect(parseAmount('0.00000001', 8)).toBe(1n);
    expect(parseAmount('0.000000001', 8)).toBeNull();
    expect(parseAmount('0', 8)).toBeNull();
    expect(parseAmount('-1', 8)).toBeNull();
    expect(parseAmount('1e3', 8)).toBeNull();
    expect(parseAmount('20999999.99999999', 8)).toBe(2_099_999_999_999_999n);
  });

  it('formats minor units', () => {
    expect(formatAmount(12000n, 2)).toBe('120.00');
    expect(formatAmount(410000n, 8)).toBe('0.0041');
    expect(formatAmount(100000000n, 8)).toBe('1.00');
  });

  it('never gives more coins than paid for', () => {
    expect(coinsForUsd(13000n, '65000.00')).toBe(200000n);
    expect(coinsForUsd(1n, '65000.00')).toBe(15n);
    expect(coinsForUsd(1000n, '1.00')).toBe(1_000_000_000n);
  });
});

describe('GSM-7 screens', () => {
  it('replaces characters that would force UCS-2', () => {
    expect(isGsm7('Don’t → go')).toBe(false);
    expect(toGsm7('Don’t → go…')).toBe("Don't > go...");
    expect(isGsm7(toGsm7('“Quoted” — ok'))).toBe(true);
  });

  it('splits long screens into pages of at most 182 characters with a hint', () => {
    const text = Array.from({ length: 20 }, (_, i) => `${i + 1}. Line number ${i + 1}`).join('\n');
    const pages = paginate(text);
    expect(pages.length).toBeGreaterThan(1);
    for (const p of pages) expect(p.length).toBeLessThanOrEqual(182);
    expect(pages[0]).toMatch(/98 More$/);
  });
});

describe('USSD replies', () => {
  it('takes a typed reply whole, or refuses it: never cut to length or stripped', () => {
    expect(replyToKeys('pin', '2468')).toEqual(['*', '2', '4', '6', '8', '#']);
    // Refused replies submit an empty entry, so the screen asks again for what it needs.
    expect(replyToKeys('pin', '24680')).toEqual(['*', '#']);
    expect(replyToKeys('pin', '43219999')).toEqual(['*', '#']);
    expect(replyToKeys('pin', '12a4')).toEqual(['*', '#']);
    expect(replyToKeys('otp', '12345')).toEqual(['*', '#']);
    expect(replyToKeys('buy-amount', '1300000000000000000')).toEqual(['*', '#']);
    expect(replyToKeys('transfer-address', '0xAB12')).toEqual(['*', '#']);
    expect(replyToKeys('send-amount', '2.5')).toEqual(['*', '2', '.', '5', '#']);
    expect(replyToKeys('send-phone', '+27821234567')).toEqual([
      '*',
      ...'+27821234567'.split(''),
      '#',
    ]);
  });

  it('takes a choice as one key and ignores anything longer', () => {
    expect(replyToKeys('menu', '1')).toEqual(['1']);
    expect(replyToKeys('menu', '12')).toEqual([]);
    expect(replyToKeys('buy-confirm', '1')).toEqual(['#']);
    expect(replyToKeys('buy-confirm', '11')).toEqual([]);
  });

  it('a refused PIN reply shows the PIN rule, not a PIN check', () => {
    let state: KeypadState = { ...initialState(), screen: 'pin', phoneNumber: '+27821234567' };
    const effects = [];
    for (const key of replyToKeys('pin', '24680')) {
      const step = transition(state, { type: 'key', key }, { now: 0, newId: () => 'x' });
      state = step.state;
      effects.push(...step.effects);
    }
    expect(state.error).toBe('Please enter 4-digit PIN');
    expect(effects.some((e) => e.type === 'schedule' && e.input.type === 'pin-check')).toBe(false);
  });
});
