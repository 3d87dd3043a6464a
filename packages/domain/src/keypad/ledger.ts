// The wallet ledger's rules. Money moves only as double-entry postings that sum to zero per
// asset, so the books always balance and a wallet's balance is the sum of its entries. A new
// wallet opens with the sample balances from the treasury; a keypad transaction spends one
// asset (and a purchase receives a coin for it), and is paid only when the wallet holds enough.

import type { Result } from '../subscriptions/subscription.js';
import {
  COIN_DECIMALS,
  type Coin,
  coinsForUsd,
  formatAmount,
  parseAmount,
  USD_DECIMALS,
} from './amounts.js';
import type { TransactionType } from './machine.js';
import { normalizePhone } from './phone.js';

export type Asset = 'USD' | Coin;

/** The sample balances of spec section 9, plus USD to buy coins with. */
export const OPENING_BALANCES: ReadonlyArray<readonly [asset: Asset, amount: bigint]> = [
  ['USD', 50_000n],
  ['USDC', 12_000_000_000n],
  ['BTC', 410_000n],
];

const DECIMALS: Readonly<Record<Asset, number>> = {
  USD: USD_DECIMALS,
  USDC: COIN_DECIMALS,
  BTC: COIN_DECIMALS,
};

/** Where opening balances and purchased coins come from, and where spent USD goes. */
export const TREASURY = 'treasury';
export const walletAccount = (phone: string) => `wallet:${phone}`;
const externalAccount = (address: string) => `external:${address}`;

export interface Posting {
  account: string;
  asset: Asset;
  /** Minor units: positive into the account, negative out of it. */
  amount: bigint;
}

/** A new wallet's opening balances, each paid from the treasury. */
export function openingPostings(phone: string): Posting[] {
  return OPENING_BALANCES.flatMap(([asset, amount]) => [
    { account: walletAccount(phone), asset, amount },
    { account: TREASURY, asset, amount: -amount },
  ]);
}

/** A wallet's balances as the keypad shows them: each opening asset, with 2 decimals at least. */
export function formatBalances(units: ReadonlyMap<string, bigint>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [asset] of OPENING_BALANCES) {
    out[asset] = formatAmount(units.get(asset) ?? 0n, DECIMALS[asset], 2);
  }
  return out;
}

export const WALLET_ADDRESS_MIN = 3;
export const WALLET_ADDRESS_MAX = 64;

/** A wallet address a transfer can go to: 3 to 64 characters, spaces around it aside. */
export function isWalletAddress(text: string): boolean {
  const address = text.trim();
  return address.length >= WALLET_ADDRESS_MIN && address.length <= WALLET_ADDRESS_MAX;
}

export interface TransactionRequest {
  type: TransactionType;
  coin: Coin;
  /** Decimal string: USD for a purchase, the coin otherwise. */
  amount: string;
  /** The recipient's phone (Send-to-Phone) or wallet address (Transfer). */
  to?: string;
}

/**
 * Where a transaction's money goes: the buyer's own wallet for a purchase, the recipient's
 * phone in international form (never the sender's own), or the wallet address.
 */
export function destinationOf(
  phone: string,
  request: Pick<TransactionRequest, 'type' | 'to'>,
): Result<{ destination: string }> {
  if (request.type === 'Purchase') return { ok: true, destination: phone };
  const to = (request.to ?? '').trim();
  if (request.type === 'Send-to-Phone') {
    const recipient = normalizePhone(to);
    if (!recipient) {
      return { ok: false, error: 'to must be a valid phone number for Send-to-Phone' };
    }
    if (recipient === phone) return { ok: false, error: 'You cannot send money to your own phone' };
    return { ok: true, destination: recipient };
  }
  if (!isWalletAddress(to)) {
    return {
      ok: false,
      error: `to must be a wallet address of at least ${WALLET_ADDRESS_MIN} characters`,
    };
  }
  return { ok: true, destination: to };
}

/**
 * The most minor units one figure may hold (2^63 − 1): both databases keep amounts and balances
 * as 64-bit integers, and an amount past this is refused before it reaches them. Written as a
 * literal: bundlers keep `2n ** 63n - 1n` in every bundle that imports this module, used or not
 * (it took the keypad library over its 6 KB budget).
 */
export const MAX_UNITS = 9_223_372_036_854_775_807n;

export interface Quote {
  spend: { asset: Asset; amount: bigint };
  /** What a purchase buys; null for transfers and sends. */
  receive: { asset: Coin; amount: bigint } | null;
}

/**
 * What a transaction spends and, for a purchase, what it buys at `rates` (USD per coin): the
 * coins are rounded down, so the buyer never receives more than was paid for.
 */
export function quoteOf(
  request: Pick<TransactionRequest, 'type' | 'coin' | 'amount'>,
  rates: Readonly<Record<Coin, string>>,
): Result<{ quote: Quote }> {
  if (request.type !== 'Purchase') {
    const amount = parseAmount(request.amount, COIN_DECIMALS);
    if (amount === null) {
      return { ok: false, error: 'amount must be a positive number with up to 8 decimals' };
    }
    if (amount > MAX_UNITS) {
      return {
        ok: false,
        error: `amount is too large: at most ${formatAmount(MAX_UNITS, COIN_DECIMALS)} ${request.coin}`,
      };
    }
    return { ok: true, quote: { spend: { asset: request.coin, amount }, receive: null } };
  }
  const cents = parseAmount(request.amount, USD_DECIMALS);
  if (cents === null) {
    return { ok: false, error: 'amount must be a positive number of USD with up to 2 decimals' };
  }
  const coins = coinsForUsd(cents, rates[request.coin]);
  // 15 digits of USD are at most 1e17 cents, which fits; what they buy at a low rate may not.
  if (coins > MAX_UNITS) {
    return {
      ok: false,
      error: `amount is too large: it would buy more ${request.coin} than a wallet can hold`,
    };
  }
  return {
    ok: true,
    quote: {
      spend: { asset: 'USD', amount: cents },
      receive: { asset: request.coin, amount: coins },
    },
  };
}

export const INSUFFICIENT_BALANCE = 'Insufficient balance';

/** A purchase too small to buy a single minor unit of the coin: refused whatever is held. */
export function buysNothing(quote: Quote): boolean {
  return quote.receive !== null && quote.receive.amount <= 0n;
}

/** Why a wallet holding `held` of the asset spent cannot pay for the quote, or null when it can. */
export function shortfall(quote: Quote, held: bigint): string | null {
  if (held < quote.spend.amount) return INSUFFICIENT_BALANCE;
  if (buysNothing(quote)) return 'Amount too small to buy anything';
  return null;
}

/** The postings of a paid transaction from `phone`'s wallet: they sum to zero per asset. */
export function transactionPostings(
  phone: string,
  type: TransactionType,
  destination: string,
  quote: Quote,
): Posting[] {
  const me = walletAccount(phone);
  const payee =
    type === 'Purchase'
      ? TREASURY
      : type === 'Send-to-Phone'
        ? walletAccount(destination)
        : externalAccount(destination);
  const { spend, receive } = quote;
  const postings: Posting[] = [
    { account: me, asset: spend.asset, amount: -spend.amount },
    { account: payee, asset: spend.asset, amount: spend.amount },
  ];
  if (receive) {
    postings.push(
      { account: TREASURY, asset: receive.asset, amount: -receive.amount },
      { account: me, asset: receive.asset, amount: receive.amount },
    );
  }
  return postings;
}

/**
 * What postings change in wallets' running balances: one change per wallet account and asset
 * (a single statement may touch each balance row once), zero changes dropped. Treasury and
 * external accounts keep no running balance (decision 023).
 */
export function walletBalanceChanges(postings: readonly Posting[]): Posting[] {
  const changes = new Map<string, Posting>();
  for (const p of postings) {
    if (!p.account.startsWith('wallet:')) continue;
    const key = `${p.account}\u0000${p.asset}`;
    const change = changes.get(key);
    if (change) change.amount += p.amount;
    else changes.set(key, { ...p });
  }
  return [...changes.values()].filter((c) => c.amount !== 0n);
}

export interface BalanceMoves {
  /** What the spender's balance of the spent asset gives: taken only from a balance that covers it. */
  debit: Posting;
  /** Every other wallet balance the postings move (all upwards), in (account, asset) order. */
  credits: Posting[];
}

const byAccountAndAsset = (a: Posting, b: Posting) =>
  a.account < b.account ? -1 : a.account > b.account ? 1 : a.asset < b.asset ? -1 : 1;

/**
 * A paid transaction's moves of running balances, split so the database can refuse an
 * overdraft: the spender's debit (a positive amount, which the database takes only where the
 * balance covers it, so concurrent spends cannot drive it below zero) and the credits. Together
 * they are exactly `walletBalanceChanges(postings)`, so balances stay the ledger's sums.
 */
export function balanceMoves(
  postings: readonly Posting[],
  spender: string,
  spent: Asset,
): BalanceMoves {
  let debit: Posting | undefined;
  const credits: Posting[] = [];
  for (const change of walletBalanceChanges(postings)) {
    if (change.account === spender && change.asset === spent && change.amount < 0n) {
      debit = { ...change, amount: -change.amount };
    } else if (change.amount > 0n) {
      credits.push(change);
    } else {
      throw new Error(`Only the spender pays: ${change.account} would give ${change.asset}`);
    }
  }
  if (!debit) throw new Error(`${spender} spends no ${spent} in these postings`);
  return { debit, credits: credits.sort(byAccountAndAsset) };
}
