import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Asset,
  balanceMoves,
  buysNothing,
  type Coin,
  DEMO_RATES,
  type Posting,
  quoteOf,
  shortfall,
  type TransactionType,
  transactionPostings,
  walletAccount,
  walletBalanceChanges,
} from '../../src/keypad/index.js';

const ME = '+27821234567';

/** Net change per account and asset, for comparing two ways of moving balances. */
function net(postings: readonly Posting[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const p of postings) {
    const key = `${p.account} ${p.asset}`;
    out.set(key, (out.get(key) ?? 0n) + p.amount);
  }
  for (const [key, amount] of out) if (amount === 0n) out.delete(key);
  return out;
}

const anyTransaction = fc.record({
  type: fc.constantFrom<TransactionType>('Purchase', 'Transfer', 'Send-to-Phone'),
  coin: fc.constantFrom<Coin>('USDC', 'BTC'),
  units: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  to: fc.constantFrom('+27831234567', '+27841234567', 'wallet-abc'),
});

describe('balanceMoves', () => {
  it("moves exactly what the postings move in wallets: the spender's debit plus the credits", () => {
    fc.assert(
      fc.property(anyTransaction, ({ type, coin, units, to }) => {
        const decimals = type === 'Purchase' ? 2 : 8;
        const text = units.toString().padStart(decimals + 1, '0');
        const amount = `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
        const priced = quoteOf({ type, coin, amount }, DEMO_RATES);
        if (!priced.ok || buysNothing(priced.quote)) return;
        const destination =
          type === 'Send-to-Phone' ? to.replace('wallet-abc', '+27851234567') : to;
        const postings = transactionPostings(ME, type, destination, priced.quote);
        const spent: Asset = priced.quote.spend.asset;
        const { debit, credits } = balanceMoves(postings, walletAccount(ME), spent);
        expect(debit).toEqual({ account: walletAccount(ME), asset: spent, amount: units });
        for (const c of credits) expect(c.amount > 0n).toBe(true);
        const moved = net([{ ...debit, amount: -debit.amount }, ...credits]);
        expect(moved).toEqual(net(walletBalanceChanges(postings)));
      }),
    );
  });

  it('lists the credits in (account, asset) order, the order PostgreSQL rows are locked in', () => {
    const { credits } = balanceMoves(
      [
        { account: 'wallet:+27830000000', asset: 'USDC', amount: -5n },
        { account: 'wallet:+27820000000', asset: 'USDC', amount: 3n },
        { account: 'wallet:+27820000000', asset: 'BTC', amount: 1n },
        { account: 'wallet:+27810000000', asset: 'USDC', amount: 2n },
        { account: 'treasury', asset: 'BTC', amount: -1n },
      ],
      'wallet:+27830000000',
      'USDC',
    );
    expect(credits.map((c) => `${c.account} ${c.asset}`)).toEqual([
      'wallet:+27810000000 USDC',
      'wallet:+27820000000 BTC',
      'wallet:+27820000000 USDC',
    ]);
  });

  it('refuses postings where someone other than the spender pays, or the spender pays nothing', () => {
    const theft: Posting[] = [
      { account: 'wallet:+27830000000', asset: 'USDC', amount: -5n },
      { account: walletAccount(ME), asset: 'USDC', amount: 5n },
    ];
    expect(() => balanceMoves(theft, walletAccount(ME), 'USDC')).toThrow(/Only the spender/);
    expect(() => balanceMoves([], walletAccount(ME), 'USDC')).toThrow(/spends no USDC/);
  });

  it('says a purchase that buys nothing is refused for that, unless the balance is short first', () => {
    const tiny = quoteOf({ type: 'Purchase', coin: 'BTC', amount: '0.00' }, DEMO_RATES);
    // quoteOf refuses a zero amount; a cent at an absurd rate buys nothing.
    expect(tiny.ok).toBe(false);
    const cent = quoteOf(
      { type: 'Purchase', coin: 'BTC', amount: '0.01' },
      { USDC: '1', BTC: '1000000000' },
    );
    if (!cent.ok) throw new Error(cent.error);
    expect(buysNothing(cent.quote)).toBe(true);
    expect(shortfall(cent.quote, 1n)).toBe('Amount too small to buy anything');
    expect(shortfall(cent.quote, 0n)).toBe('Insufficient balance');
  });
});
