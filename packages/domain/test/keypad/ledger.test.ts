import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Coin,
  DEMO_RATES,
  destinationOf,
  formatBalances,
  isWalletAddress,
  MAX_UNITS,
  openingPostings,
  type Posting,
  quoteOf,
  shortfall,
  type TransactionType,
  transactionPostings,
  walletAccount,
  walletBalanceChanges,
} from '../../src/keypad/index.js';

const ME = '+27821234567';

/** Sum per asset of a set of postings: a balanced set sums to zero for every asset. */
function totals(postings: readonly Posting[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const p of postings) out.set(p.asset, (out.get(p.asset) ?? 0n) + p.amount);
  return out;
}

describe('the wallet ledger', () => {
  it("opens a wallet with the spec's sample balances, paid from the treasury", () => {
    const opening = openingPostings(ME);
    for (const total of totals(opening).values()) expect(total).toBe(0n);
    const mine = new Map(
      opening.filter((p) => p.account === walletAccount(ME)).map((p) => [p.asset, p.amount]),
    );
    expect(formatBalances(mine)).toEqual({ USD: '500.00', USDC: '120.00', BTC: '0.0041' });
  });

  it('shows every opening asset, an empty one as 0.00', () => {
    expect(formatBalances(new Map())).toEqual({ USD: '0.00', USDC: '0.00', BTC: '0.00' });
  });

  it('refuses an amount whose minor units do not fit a 64-bit integer, and takes the largest that does', () => {
    const transfer = (amount: string) =>
      quoteOf({ type: 'Transfer', coin: 'USDC', amount }, DEMO_RATES);
    expect(transfer('92233720368.54775807')).toEqual({
      ok: true,
      quote: { spend: { asset: 'USDC', amount: MAX_UNITS }, receive: null },
    });
    expect(transfer('92233720368.54775808')).toEqual({
      ok: false,
      error: 'amount is too large: at most 92233720368.54775807 USDC',
    });
    expect(
      quoteOf({ type: 'Purchase', coin: 'USDC', amount: '92233720368.55' }, DEMO_RATES),
    ).toEqual({
      ok: false,
      error: 'amount is too large: it would buy more USDC than a wallet can hold',
    });
    expect(MAX_UNITS).toBe(9_223_372_036_854_775_807n);
  });

  it('quotes a purchase in cents and floors the coins bought', () => {
    const q = quoteOf({ type: 'Purchase', coin: 'BTC', amount: '130' }, DEMO_RATES);
    expect(q).toEqual({
      ok: true,
      quote: {
        spend: { asset: 'USD', amount: 13_000n },
        receive: { asset: 'BTC', amount: 200_000n },
      },
    });
    expect(quoteOf({ type: 'Purchase', coin: 'BTC', amount: '1.234' }, DEMO_RATES)).toEqual({
      ok: false,
      error: 'amount must be a positive number of USD with up to 2 decimals',
    });
    expect(quoteOf({ type: 'Transfer', coin: 'BTC', amount: '0.000000001' }, DEMO_RATES)).toEqual({
      ok: false,
      error: 'amount must be a positive number with up to 8 decimals',
    });
  });

  it('pays only what the wallet holds, and refuses a purchase that buys nothing', () => {
    const send = quoteOf({ type: 'Transfer', coin: 'USDC', amount: '120.01' }, DEMO_RATES);
    if (!send.ok) throw new Error(send.error);
    expect(shortfall(send.quote, 12_000_000_000n)).toBe('Insufficient balance');
    expect(shortfall(send.quote, 12_001_000_000n)).toBeNull();
    const tiny = quoteOf(
      { type: 'Purchase', coin: 'BTC', amount: '0.01' },
      {
        ...DEMO_RATES,
        BTC: '100000000000',
      },
    );
    if (!tiny.ok) throw new Error(tiny.error);
    expect(shortfall(tiny.quote, 50_000n)).toBe('Amount too small to buy anything');
  });

  it('balances the postings of every paid transaction, per asset', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<TransactionType>('Purchase', 'Transfer', 'Send-to-Phone'),
        fc.constantFrom<Coin>('USDC', 'BTC'),
        fc.integer({ min: 1, max: 999_999_999 }),
        (type, coin, cents) => {
          const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          const q = quoteOf({ type, coin, amount }, DEMO_RATES);
          if (!q.ok) throw new Error(q.error);
          const postings = transactionPostings(ME, type, '+27831234567', q.quote);
          for (const total of totals(postings).values()) expect(total).toBe(0n);
        },
      ),
    );
  });

  it('sends to the recipient wallet, transfers to the outside address, buys from the treasury', () => {
    const q = quoteOf({ type: 'Transfer', coin: 'USDC', amount: '1' }, DEMO_RATES);
    if (!q.ok) throw new Error(q.error);
    const payee = (type: 'Transfer' | 'Send-to-Phone') =>
      transactionPostings(ME, type, 'dest', q.quote).find((p) => p.amount > 0n)?.account;
    expect(payee('Send-to-Phone')).toBe('wallet:dest');
    expect(payee('Transfer')).toBe('external:dest');
  });

  it('sends to a phone in international form, never to the sender', () => {
    expect(destinationOf(ME, { type: 'Send-to-Phone', to: ' 0831234567 ' })).toEqual({
      ok: true,
      destination: '+27831234567',
    });
    expect(destinationOf(ME, { type: 'Send-to-Phone', to: '0821234567' })).toEqual({
      ok: false,
      error: 'You cannot send money to your own phone',
    });
    expect(destinationOf(ME, { type: 'Send-to-Phone', to: 'abc' })).toMatchObject({ ok: false });
    expect(destinationOf(ME, { type: 'Purchase' })).toEqual({ ok: true, destination: ME });
  });

  it('takes a wallet address of 3 to 64 characters, on the keypad and the server alike', () => {
    expect(isWalletAddress('ab')).toBe(false);
    expect(isWalletAddress(' ab ')).toBe(false);
    expect(isWalletAddress('abc')).toBe(true);
    expect(isWalletAddress('a'.repeat(64))).toBe(true);
    expect(isWalletAddress('a'.repeat(65))).toBe(false);
    expect(destinationOf(ME, { type: 'Transfer', to: ' wallet-abc ' })).toEqual({
      ok: true,
      destination: 'wallet-abc',
    });
    expect(destinationOf(ME, { type: 'Transfer', to: 'ab' })).toEqual({
      ok: false,
      error: 'to must be a wallet address of at least 3 characters',
    });
  });
});

describe('walletBalanceChanges', () => {
  it('sums postings per wallet account and asset, and leaves out the treasury and external accounts', () => {
    const changes = walletBalanceChanges([
      { account: 'wallet:+27820000001', asset: 'USD', amount: -500n },
      { account: 'wallet:+27820000001', asset: 'USD', amount: -25n },
      { account: 'wallet:+27820000002', asset: 'USD', amount: 500n },
      { account: 'wallet:+27820000001', asset: 'BTC', amount: 10n },
      { account: 'wallet:+27820000001', asset: 'BTC', amount: -10n },
      { account: 'treasury', asset: 'USD', amount: 25n },
      { account: 'external:0xabc', asset: 'USD', amount: 1n },
    ]);
    expect(changes).toEqual([
      { account: 'wallet:+27820000001', asset: 'USD', amount: -525n },
      { account: 'wallet:+27820000002', asset: 'USD', amount: 500n },
    ]);
  });
});
