// Keypad amounts in integer minor units, parsed without floating point: USD in cents (2
// decimals), coins in 1e-8 units (8 decimals). bigint, so the arithmetic is exact at any size.

export type Coin = 'USDC' | 'BTC';
export const COINS: readonly Coin[] = ['USDC', 'BTC'];
export const COIN_DECIMALS = 8;
export const USD_DECIMALS = 2;

const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/;

/** 'a positive number with up to N decimals' (spec section 5) in minor units, or null. */
export function parseAmount(text: string, decimals: number): bigint | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) return null;
  const units =
    BigInt(m[1] ?? '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return units > 0n ? units : null;
}

/** 12000n, 2 -> '120.00'; 410000n, 8 -> '0.0041' (trailing zeros dropped beyond minDecimals). */
export function formatAmount(units: bigint, decimals: number, minDecimals = 2): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  let fraction = (abs % scale).toString().padStart(decimals, '0');
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${abs / scale}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Coins bought for `usdCents` at `usdPerCoin` (a decimal string): floor(usd ÷ rate) in 1e-8
 * units, so the buyer never receives more than was paid for.
 */
export function coinsForUsd(usdCents: bigint, usdPerCoin: string): bigint {
  const rate = parseAmount(usdPerCoin, COIN_DECIMALS);
  if (rate === null) throw new RangeError(`Not a rate: ${usdPerCoin}`);
  // coins = (cents / 100) / (rate / 1e8), and units = coins × 1e8.
  return (usdCents * 10n ** 16n) / (rate * 100n);
}
