// Keypad transactions — buy, transfer, send to a phone — on the wallet's double-entry ledger,
// recorded once per idempotency key. The ledger rules (what a transaction spends and buys,
// whether the wallet can pay, the postings) are the domain's (ledger.ts); this service loads,
// decides with them and writes the record and its postings in one transaction.
import { createHash, randomInt } from 'node:crypto';
import type { TransactionBody, UssdTransaction } from '@omega/contracts';
import {
  COIN_DECIMALS,
  type Coin,
  destinationOf,
  formatAmount,
  formatBalances,
  lockedFlowMessage,
  quoteOf,
  shortfall,
  transactionPostings,
} from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database, UssdTransactionRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import type { WalletsRepository } from '../repositories/wallets.js';
import type { WalletEntitlements } from './wallet-entitlements.js';

/** How many transactions the history lists. */
const HISTORY_LIMIT = 50;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function reference(): string {
  let out = 'OP';
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

export interface WalletTransactionDeps {
  db: Kysely<Database>;
  wallets: WalletsRepository;
  entitlements: WalletEntitlements;
  /** USD per coin, decimal strings: the rate every purchase is quoted at. */
  rates: Record<Coin, string>;
  clock: Clock;
}

export class WalletTransactionService {
  constructor(private readonly deps: WalletTransactionDeps) {}

  get rates(): Record<Coin, string> {
    return this.deps.rates;
  }

  async balances(phone: string): Promise<Record<string, string>> {
    return formatBalances(await this.deps.wallets.units(phone));
  }

  async list(phone: string): Promise<UssdTransaction[]> {
    const rows = await this.deps.wallets.transactions(phone, HISTORY_LIMIT);
    return rows.map(toView);
  }

  /**
   * Records a keypad transaction once per idempotency key: a retry gets the first answer; the
   * same key with a different request is refused (422). Beyond the balance, it is stored as a
   * failure and answered as one.
   */
  async submit(phone: string, body: TransactionBody) {
    const { db, wallets, entitlements, clock } = this.deps;
    const now = clock();
    const destination = destinationOf(phone, body);
    if (!destination.ok) throw new HttpError(400, destination.error);
    const requestHash = createHash('sha256')
      .update(JSON.stringify([body.type, body.coin, body.amount, destination.destination]))
      .digest('hex');
    const replay = await wallets.findTransaction(phone, body.idempotencyKey);
    if (replay) return this.replayOf(replay, requestHash, phone);
    // A retry of something already recorded is answered above; a new one needs the plan.
    const locked = (await entitlements.lockedFor(phone)).find((l) => l.type === body.type);
    if (locked) throw new HttpError(403, lockedFlowMessage(locked));

    try {
      const row = await db.transaction().execute(async (trx) => {
        await wallets.lockForSpend(phone, trx);
        return this.record(trx, phone, body, destination.destination, requestHash, now);
      });
      return { transaction: toView(row), balances: await this.balances(phone) };
    } catch (err) {
      // A concurrent retry with the same key won the insert: answer as a replay.
      const raced = await wallets.findTransaction(phone, body.idempotencyKey);
      if (raced) return this.replayOf(raced, requestHash, phone);
      throw err;
    }
  }

  private async replayOf(row: UssdTransactionRow, requestHash: string, phone: string) {
    if (row.request_hash !== requestHash) {
      throw new HttpError(422, 'This idempotency key was already used for a different transaction');
    }
    return { transaction: toView(row), balances: await this.balances(phone) };
  }

  /** Stores the transaction, and when the wallet can pay for it, its postings. */
  private async record(
    trx: Kysely<Database>,
    phone: string,
    body: TransactionBody,
    destination: string,
    requestHash: string,
    now: number,
  ): Promise<UssdTransactionRow> {
    const { wallets, rates } = this.deps;
    const priced = quoteOf(body, rates);
    if (!priced.ok) throw new HttpError(400, priced.error);
    const { quote } = priced;
    const held = (await wallets.units(phone, trx)).get(quote.spend.asset) ?? 0n;
    const refused = shortfall(quote, held);

    let ref = reference();
    while (await wallets.referenceTaken(ref, trx)) ref = reference();
    const row = await wallets.insertTransaction(
      {
        phone,
        client_id: body.idempotencyKey,
        request_hash: requestHash,
        type: body.type,
        coin: body.coin,
        amount: body.amount,
        destination,
        status: refused ? 'failure' : 'success',
        reference: ref,
        received: quote.receive ? formatAmount(quote.receive.amount, COIN_DECIMALS, 2) : null,
        message: refused,
        created_at: now,
      },
      trx,
    );
    if (refused) return row;
    // Money sent to a phone opens its wallet (without a PIN) if it has none yet.
    if (body.type === 'Send-to-Phone') await wallets.insert(destination, null, now, trx);
    await wallets.post(transactionPostings(phone, body.type, destination, quote), row.id, now, trx);
    return row;
  }
}

function toView(row: UssdTransactionRow): UssdTransaction {
  return {
    id: row.client_id,
    type: row.type,
    coin: row.coin,
    amount: row.amount,
    destination: row.destination,
    timestamp: new Date(row.created_at).toISOString(),
    status: row.status === 'success' ? 'success' : 'failure',
    reference: row.reference,
    received: row.received,
    message: row.message,
  };
}
