// Money as integer cents, parsed from and written as decimal strings without floating point.

export class MoneyParseError extends Error {
  override name = 'MoneyParseError';
}

const MONEY = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** '12.34' -> 1234. Up to 2 decimals, no sign, no exponent; throws naming the problem. */
export function parseMoney(text: string): number {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) throw new MoneyParseError(`Amount must not be negative: ${text}`);
  const m = MONEY.exec(trimmed);
  if (!m) {
    if (/^\d+\.\d{3,}$/.test(trimmed)) {
      throw new MoneyParseError(`Amount has more than 2 decimals: ${text}`);
    }
    throw new MoneyParseError(`Not an amount of money: ${JSON.stringify(text)}`);
  }
  const whole = Number(m[1]);
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}

/** 1234 -> '12.34'; with a currency, '$12.34'; negative amounts lead with '-'. */
export function formatMoney(cents: number, options: { currency?: 'USD' } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return `${sign}${options.currency === 'USD' ? '$' : ''}${text}`;
}

/** round(a × b ÷ c), halves rounded up (away from zero), computed exactly with BigInt. */
export function mulDivRoundHalfUp(a: number, b: number, c: number): number {
  if (c === 0) throw new RangeError('Division by zero');
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c);
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (2n * n + d) / (2n * d);
  return Number(negative ? -q : q);
}
