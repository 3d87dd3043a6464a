import { describe, expect, it } from 'vitest';
import {
  coinsForUsd,
  formatAmount,
  isGsm7,
  normalizePhone,
  paginate,
  parseAmount,
  toGsm7,
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
