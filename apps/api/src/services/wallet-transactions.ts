// Keypad transactions — buy, transfer, send to a phone — on the wallet's double-entry ledger,
// recorded once per idempotency key. The ledger rules (what a transaction spends and buys, the
// postings, how they move the running balances) are the domain's (ledger.ts); this service
// writes the record, its postings and the balance moves in one transaction, where the spender's
// debit is one conditional update that applies only if the balance covers it (decision 023).
import { randomInt } from 'node:crypto';
import type { TransactionBody, UssdTransaction } from '@omega/contracts';
import {
  balanceMoves,
  buysNothing,
  COIN_DECIMALS,
  type Coin,
  destinationOf,
  FREE_PLAN_ID,
  formatAmount,
  formatBalances,
  INSUFFICIENT_BALANCE,
  lockedFlowMessage,
  type Quote,
  quoteOf,
  shortfall,
  transactionPostings,
  walletAccount,
} from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database, UssdTransactionRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/digest.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { NewKeypadTransaction, WalletsRepository } from '../repositories/wallets.js';
import type { WalletEntitlements } from './wallet-entitlements.js';

/** How many transactions the history lists. */
const HISTORY_LIMIT = 50;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Draws before giving up: 32^6 references, so even one repeat is rare. */
const REFERENCE_DRAWS = 8;

function randomReference(): string {
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
  /** Told of each transaction recorded (not of replays): its kind and success or failure. */
  recorded?: (kind: string, result: 'success' | 'failure') => void;
  /** Draws a transaction reference, 'OP' and 6 characters (default: at random). */
  reference?: () => string;
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
   * failure and answered as one. The key's unique constraint decides whether this is a retry
   * (the record's insert), so a new transaction reads nothing first; every refusal before it
   * still yields to a transaction recorded under the key.
   */
  async submit(phone: string, body: TransactionBody) {
    const { db, entitlements, rates, clock } = this.deps;
    const now = clock();
    const destination = destinationOf(phone, body);
    if (!destination.ok) throw new HttpError(400, destination.error);
    const requestHash = sha256Hex(
      JSON.stringify([body.type, body.coin, body.amount, destination.destination]),
    );
    const priced = quoteOf(body, rates);
    if (!priced.ok) return this.refuse(phone, body, requestHash, new HttpError(400, priced.error));
    if (this.deps.wallets.recordsInOneStatement && !buysNothing(priced.quote)) {
      // The plan is checked by the statement that records (decision 044).
      return this.submitInOneStatement(
        phone,
        body,
        destination.destination,
        priced.quote,
        requestHash,
        now,
      );
    }
    // A retry of something already recorded gets its answer; a new one needs the plan.
    const locked = (await entitlements.lockedFor(phone)).find((l) => l.type === body.type);
    if (locked) {
      return this.refuse(phone, body, requestHash, new HttpError(403, lockedFlowMessage(locked)));
    }
    let row: UssdTransactionRow;
    try {
      row = await inTransaction(db, (trx) =>
        this.record(trx, phone, body, destination.destination, priced.quote, requestHash, now),
      );
    } catch (err) {
      // Recorded already (by an earlier or a concurrent request): this one's writes rolled back.
      if (err instanceof AlreadyRecorded) return this.replayOf(err.row, requestHash, phone);
      throw err;
    }
    this.deps.recorded?.(row.type, row.status === 'success' ? 'success' : 'failure');
    return { transaction: toView(row), balances: await this.balances(phone) };
  }

  /**
   * PostgreSQL: the plan check and the same writes as `record`, applied by the database in one
   * statement (one round trip instead of a dozen, decisions 040 and 044), which answers the
   * spender's balances too. A reference already taken draws another, as `insertRecord` does; a
   * key already recorded answers that record; a locked flow is refused as `submit` refuses it.
   */
  private async submitInOneStatement(
    phone: string,
    body: TransactionBody,
    destination: string,
    quote: Quote,
    requestHash: string,
    now: number,
  ) {
    const { wallets, entitlements } = this.deps;
    const flow = await entitlements.gateFor(body.type);
    const gate = flow && {
      featureId: Number(flow.featureId),
      plans: flow.plans,
      freePlan: FREE_PLAN_ID,
      now,
    };
    const postings = transactionPostings(phone, body.type, destination, quote);
    const moves = balanceMoves(postings, walletAccount(phone), quote.spend.asset);
    const draw = this.deps.reference ?? randomReference;
    for (let i = 0; i < REFERENCE_DRAWS; i++) {
      const outcome = await wallets.recordPaid({
        record: {
          ...recordOf(phone, body, destination, quote, requestHash, now),
          reference: draw(),
        },
        debit: moves.debit,
        insufficient: INSUFFICIENT_BALANCE,
        credits: moves.credits,
        postings,
        openWallet: body.type === 'Send-to-Phone' ? destination : null,
        gate,
      });
      if (outcome.kind === 'locked' && flow) {
        const locked = new HttpError(403, lockedFlowMessage(flow.locked));
        return this.refuse(phone, body, requestHash, locked);
      }
      if (outcome.kind === 'recorded') {
        const { row } = outcome;
        this.deps.recorded?.(row.type, row.status === 'success' ? 'success' : 'failure');
        return { transaction: toView(row), balances: formatBalances(outcome.units) };
      }
      if (outcome.kind === 'key-taken') {
        const recorded = await wallets.findTransaction(phone, body.idempotencyKey);
        if (recorded) return this.replayOf(recorded, requestHash, phone);
      }
    }
    throw new Error(`No free transaction reference in ${REFERENCE_DRAWS} draws`);
  }

  /** Answers a retry of a recorded transaction as it was answered; otherwise `error`. */
  private async refuse(phone: string, body: TransactionBody, requestHash: string, error: Error) {
    const recorded = await this.deps.wallets.findTransaction(phone, body.idempotencyKey);
    if (recorded) return this.replayOf(recorded, requestHash, phone);
    throw error;
  }

  private async replayOf(row: UssdTransactionRow, requestHash: string, phone: string) {
    if (row.request_hash !== requestHash) {
      throw new HttpError(422, 'This idempotency key was already used for a different transaction');
    }
    return { transaction: toView(row), balances: await this.balances(phone) };
  }

  /**
   * Stores the transaction and, when the wallet can pay for it, its postings and balance moves.
   * The debit is decided by the database (a conditional update), not by a balance read first.
   */
  private async record(
    trx: Kysely<Database>,
    phone: string,
    body: TransactionBody,
    destination: string,
    quote: Quote,
    requestHash: string,
    now: number,
  ): Promise<UssdTransactionRow> {
    const { wallets } = this.deps;
    const postings = transactionPostings(phone, body.type, destination, quote);
    const spender = walletAccount(phone);
    let refused: string | null;
    let moves: ReturnType<typeof balanceMoves> | undefined;
    if (buysNothing(quote)) {
      // Refused either way; which reason comes first depends on the balance.
      const held = (await wallets.units(phone, trx)).get(quote.spend.asset) ?? 0n;
      refused = shortfall(quote, held);
    } else {
      moves = balanceMoves(postings, spender, quote.spend.asset);
      // A send to another wallet: both wallets' rows, in one order for every transaction.
      await wallets.lockBalances([moves.debit, ...moves.credits], trx);
      refused = (await wallets.debit(moves.debit, trx)) ? null : INSUFFICIENT_BALANCE;
    }

    const row = await this.insertRecord(trx, {
      ...recordOf(phone, body, destination, quote, requestHash, now),
      status: refused ? 'failure' : 'success',
      reference: '',
      message: refused,
    });
    if (refused || !moves) return row;
    // Money sent to a phone opens its wallet (without a PIN) if it has none yet.
    if (body.type === 'Send-to-Phone') await wallets.insert(destination, null, now, trx);
    await wallets.insertEntries(postings, row.id, now, trx);
    await wallets.credit(moves.credits, trx);
    return row;
  }

  /**
   * Inserts the record under a fresh reference. The unique constraints decide: when the insert
   * does nothing, either the wallet has a record under this idempotency key (AlreadyRecorded,
   * which rolls this transaction back) or the reference is taken and another is drawn.
   */
  private async insertRecord(trx: Kysely<Database>, record: NewKeypadTransaction) {
    const { wallets } = this.deps;
    const draw = this.deps.reference ?? randomReference;
    for (let i = 0; i < REFERENCE_DRAWS; i++) {
      const row = await wallets.insertTransaction({ ...record, reference: draw() }, trx);
      if (row) return row;
      const recorded = await wallets.findTransaction(record.phone, record.client_id, trx);
      if (recorded) throw new AlreadyRecorded(recorded);
    }
    throw new Error(`No free transaction reference in ${REFERENCE_DRAWS} draws`);
  }
}

/** The record's columns both ways of writing it share (its reference and outcome aside). */
function recordOf(
  phone: string,
  body: TransactionBody,
  destination: string,
  quote: Quote,
  requestHash: string,
  now: number,
) {
  return {
    phone,
    client_id: body.idempotencyKey,
    request_hash: requestHash,
    type: body.type,
    coin: body.coin,
    amount: body.amount,
    destination,
    received: quote.receive ? formatAmount(quote.receive.amount, COIN_DECIMALS, 2) : null,
    created_at: now,
  };
}

/** Thrown inside the transaction to roll it back: the key's transaction is recorded already. */
class AlreadyRecorded extends Error {
  constructor(readonly row: UssdTransactionRow) {
    super('already recorded under this idempotency key');
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
