// OmegaPay wallets: the wallets (PIN, lock, owner), their OTPs and sign-in tokens, the ledger
// and the keypad transactions. Every step of a sign-in that counts is one conditional write
// here, answering whether it applied, so parallel requests cannot share a try.
import { type Posting, walletAccount, walletBalanceChanges } from '@omega/domain';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type {
  Database,
  UssdTransactionRow,
  UssdTransactionsTable,
  WalletOtpsTable,
} from '../db/schema.js';
import { prepare } from '../lib/prepared-query.js';

export type OtpRow = Selectable<WalletOtpsTable>;
export type NewKeypadTransaction = Insertable<UssdTransactionsTable>;

// The statements every keypad transaction runs, compiled once per database (lib/prepared-query.ts).
// Those writing several rows take the row count as their shape and their arguments numbered by
// row ('account0', 'account1', ...).

type Numbered = Record<string, string | number | null>;

const insertEntries = prepare<Numbered, never>((db, arg, rows) =>
  db.insertInto('ledger_entries').values(
    Array.from({ length: rows }, (_, i) => ({
      account: arg(`account${i}`) as string,
      asset: arg(`asset${i}`) as string,
      amount: arg(`amount${i}`) as string,
      transaction_id: arg('transactionId') as number | null,
      created_at: arg('at') as number,
    })),
  ),
);

const credit = prepare<Numbered, never>((db, arg, rows) =>
  db
    .insertInto('wallet_balances')
    .values(
      Array.from({ length: rows }, (_, i) => ({
        account: arg(`account${i}`) as string,
        asset: arg(`asset${i}`) as string,
        amount: arg(`amount${i}`) as string,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['account', 'asset'])
        .doUpdateSet({ amount: sql`wallet_balances.amount + excluded.amount` }),
    ),
);

const debit = prepare<{ account: string; asset: string; amount: string }, never>((db, arg) => {
  const amount = sql<string>`cast(${arg('amount')} as bigint)`;
  return db
    .updateTable('wallet_balances')
    .set({ amount: sql`amount - ${amount}` })
    .where('account', '=', arg('account'))
    .where('asset', '=', arg('asset'))
    .where('amount', '>=', amount);
});

const lockBalances = prepare<Numbered, { account: string }>((db, arg, rows) =>
  db
    .selectFrom('wallet_balances')
    .select('account')
    .where((eb) =>
      eb.or(
        Array.from({ length: rows }, (_, i) =>
          eb.and([
            eb('account', '=', arg(`account${i}`) as string),
            eb('asset', '=', arg(`asset${i}`) as string),
          ]),
        ),
      ),
    )
    .orderBy('account')
    .orderBy('asset')
    .forUpdate(),
);

const units = prepare<{ account: string }, { asset: string; amount: string }>((db, arg) =>
  db
    .selectFrom('wallet_balances')
    .select(['asset', sql<string>`cast(amount as text)`.as('amount')])
    .where('account', '=', arg('account')),
);

type NewRecord = Required<Omit<NewKeypadTransaction, 'id'>>;

const insertTransaction = prepare<NewRecord, UssdTransactionRow>((db, arg) =>
  db
    .insertInto('ussd_transactions')
    .values({
      phone: arg('phone'),
      client_id: arg('client_id'),
      request_hash: arg('request_hash'),
      type: arg('type'),
      coin: arg('coin'),
      amount: arg('amount'),
      destination: arg('destination'),
      status: arg('status'),
      reference: arg('reference'),
      received: arg('received'),
      message: arg('message'),
      created_at: arg('created_at'),
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll(),
);

/** Postings as numbered arguments: account0, asset0, amount0, account1, ... */
function numbered(rows: ReadonlyArray<Pick<Posting, 'account' | 'asset'> & { amount?: bigint }>) {
  const args: Numbered = {};
  rows.forEach((r, i) => {
    args[`account${i}`] = r.account;
    args[`asset${i}`] = r.asset;
    if (r.amount !== undefined) args[`amount${i}`] = r.amount.toString();
  });
  return args;
}

/** A paid keypad transaction's writes, as the service computed them (recordPaid). */
export interface PaidRecord {
  record: Omit<NewRecord, 'status' | 'message'>;
  debit: Posting;
  /** The message of a debit the balance does not cover (the record is then a failure). */
  insufficient: string;
  credits: readonly Posting[];
  postings: readonly Posting[];
  /** A payee's wallet to open (without a PIN) if it has none yet. */
  openWallet: string | null;
  /**
   * The flow's plan check, made by the same call before anything is written (decision 044):
   * the wallet's owner's override of `featureId` in force at `now` decides; otherwise its plan
   * (`freePlan` for a wallet with no owner or subscription) must be one of `plans`.
   */
  gate: { featureId: number; plans: readonly string[]; freePlan: string; now: number } | null;
}

export type PaidOutcome =
  | { kind: 'recorded'; row: UssdTransactionRow; units: Map<string, bigint> }
  | { kind: 'key-taken' }
  | { kind: 'reference-taken' }
  | { kind: 'locked' };

/** SQLSTATEs the PostgreSQL functions raise (migrations 0023 and 0026). */
const KEY_TAKEN = 'OMKEY';
const REFERENCE_TAKEN = 'OMREF';
const LOCKED = 'OMLCK';

const recordPaid = prepare<Record<string, unknown>, { result: string | PaidJson }>((db, arg) =>
  db.selectNoFrom(
    sql<string | PaidJson>`omega_record_entitled_keypad_transaction(
      ${arg('featureId')}::integer, ${arg('plans')}::text[], ${arg('freePlan')}::text,
      ${arg('now')}::bigint, ${arg('phone')}::text, ${arg('clientId')}::text,
      ${arg('requestHash')}::text, ${arg('type')}::text, ${arg('coin')}::text, ${arg('amount')}::text,
      ${arg('destination')}::text, ${arg('reference')}::text, ${arg('received')}::text,
      ${arg('createdAt')}::bigint, ${arg('debitAccount')}::text, ${arg('debitAsset')}::text,
      ${arg('debitAmount')}::bigint, ${arg('insufficient')}::text,
      ${arg('creditAccounts')}::text[], ${arg('creditAssets')}::text[],
      ${arg('creditAmounts')}::bigint[], ${arg('entryAccounts')}::text[],
      ${arg('entryAssets')}::text[], ${arg('entryAmounts')}::bigint[],
      ${arg('openWallet')}::text
    )`.as('result'),
  ),
);

interface PaidJson {
  record: UssdTransactionRow;
  balances: Record<string, string>;
}

export class WalletsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Whether recordPaid is here: on PostgreSQL a paid transaction's writes are one statement
   * (a round trip); SQLite, in the process, runs them as the service's separate statements.
   */
  get recordsInOneStatement(): boolean {
    return this.dialect === 'postgres';
  }

  /**
   * PostgreSQL: checks the wallet's plan, records a paid keypad transaction and applies its
   * moves in one statement, its own transaction (migrations 0023 and 0026, decisions 040 and
   * 044), answering the record and the spender's balances after it. When the plan does not
   * include the flow, the wallet has a record under the idempotency key, or another
   * transaction has the reference, nothing is written and the outcome says which.
   */
  async recordPaid(paid: PaidRecord): Promise<PaidOutcome> {
    const { record, debit, credits, postings, gate } = paid;
    try {
      const row = await recordPaid.first(this.db, {
        featureId: gate?.featureId ?? null,
        plans: gate?.plans ?? [],
        freePlan: gate?.freePlan ?? null,
        now: gate?.now ?? null,
        phone: record.phone,
        clientId: record.client_id,
        requestHash: record.request_hash,
        type: record.type,
        coin: record.coin,
        amount: record.amount,
        destination: record.destination,
        reference: record.reference,
        received: record.received,
        createdAt: record.created_at,
        debitAccount: debit.account,
        debitAsset: debit.asset,
        debitAmount: debit.amount.toString(),
        insufficient: paid.insufficient,
        creditAccounts: credits.map((c) => c.account),
        creditAssets: credits.map((c) => c.asset),
        creditAmounts: credits.map((c) => c.amount.toString()),
        entryAccounts: postings.map((p) => p.account),
        entryAssets: postings.map((p) => p.asset),
        entryAmounts: postings.map((p) => p.amount.toString()),
        openWallet: paid.openWallet,
      });
      const result = row?.result;
      const json: PaidJson = typeof result === 'string' ? JSON.parse(result) : (result as PaidJson);
      const units = new Map(Object.entries(json.balances).map(([a, n]) => [a, BigInt(n)]));
      return { kind: 'recorded', row: json.record, units };
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === KEY_TAKEN) return { kind: 'key-taken' };
      if (code === REFERENCE_TAKEN) return { kind: 'reference-taken' };
      if (code === LOCKED) return { kind: 'locked' };
      throw err;
    }
  }

  find(phone: string, db = this.db) {
    return db.selectFrom('wallets').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  /** The wallets opened from this account, oldest first (index wallets(owner_id)). */
  ownedBy(userId: number, limit: number, db = this.db) {
    return db
      .selectFrom('wallets')
      .select(['phone', 'created_at', 'locked_until'])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .orderBy('phone')
      .limit(limit)
      .execute();
  }

  /** Creates a wallet with its PIN; false when the phone has one already. */
  async insert(phone: string, pinHash: string | null, at: number, db = this.db) {
    const inserted = await db
      .insertInto('wallets')
      .values({ phone, pin_hash: pinHash, created_at: at })
      .onConflict((oc) => oc.column('phone').doNothing())
      .returning('phone')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Sets the PIN of a wallet that has none (it only received money so far); false otherwise. */
  async setPinIfUnset(phone: string, pinHash: string, db = this.db) {
    const set = await db
      .updateTable('wallets')
      .set({ pin_hash: pinHash, failed_pins: 0 })
      .where('phone', '=', phone)
      .where('pin_hash', 'is', null)
      .executeTakeFirst();
    return set.numUpdatedRows === 1n;
  }

  /**
   * Counts a wrong-PIN try before the PIN is checked, unless all tries are taken or the wallet
   * is locked; answers the count with it and the PIN's hash, or undefined when it took none.
   */
  takePinTry(phone: string, now: number, maxTries: number, db = this.db) {
    return db
      .updateTable('wallets')
      .set((eb) => ({ failed_pins: eb('failed_pins', '+', 1) }))
      .where('phone', '=', phone)
      .where('failed_pins', '<', maxTries)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returning(['failed_pins', 'pin_hash'])
      .executeTakeFirst();
  }

  async clearFailedPins(phone: string, db = this.db) {
    await db.updateTable('wallets').set({ failed_pins: 0 }).where('phone', '=', phone).execute();
  }

  async lock(phone: string, until: number, db = this.db) {
    await db
      .updateTable('wallets')
      .set({ failed_pins: 0, locked_until: until })
      .where('phone', '=', phone)
      .execute();
  }

  /** Makes the wallet the account's when it belongs to none yet (one conditional write). */
  async claimOwner(phone: string, userId: number, db = this.db) {
    await db
      .updateTable('wallets')
      .set({ owner_id: userId })
      .where('phone', '=', phone)
      .where('owner_id', 'is', null)
      .execute();
  }

  /** Stores the phone's OTP, replacing the one before with its tries and expiry. */
  async putOtp(otp: OtpRow, db = this.db) {
    const { phone: _phone, ...fresh } = otp;
    await db
      .insertInto('wallet_otps')
      .values(otp)
      .onConflict((oc) => oc.column('phone').doUpdateSet(fresh))
      .execute();
  }

  /** Uses up one of the live OTP's tries; false when it has none left (or is gone). */
  async takeOtpTry(phone: string, now: number, db = this.db): Promise<boolean> {
    const taken = await db
      .updateTable('wallet_otps')
      .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
      .where('phone', '=', phone)
      .where('tries_left', '>', 0)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return taken.numUpdatedRows === 1n;
  }

  async otpExpiry(phone: string, db = this.db): Promise<number | undefined> {
    const row = await db
      .selectFrom('wallet_otps')
      .select('expires_at')
      .where('phone', '=', phone)
      .executeTakeFirst();
    return row?.expires_at;
  }

  /**
   * Takes the live OTP out if it has this code and tries left (of parallel callers, exactly
   * one can); undefined otherwise.
   */
  claimOtp(phone: string, codeHash: string, now: number, db = this.db) {
    return db
      .deleteFrom('wallet_otps')
      .where('phone', '=', phone)
      .where('code_hash', '=', codeHash)
      .where('tries_left', '>', 0)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Puts a claimed OTP back, unless a newer one was requested meanwhile. */
  async restoreOtp(otp: OtpRow, db = this.db) {
    await db
      .insertInto('wallet_otps')
      .values(otp)
      .onConflict((oc) => oc.column('phone').doNothing())
      .execute();
  }

  async deleteOtp(phone: string, db = this.db) {
    await db.deleteFrom('wallet_otps').where('phone', '=', phone).execute();
  }

  async insertToken(token: { tokenHash: string; phone: string; expiresAt: number }, db = this.db) {
    await db
      .insertInto('wallet_tokens')
      .values({ token_hash: token.tokenHash, phone: token.phone, expires_at: token.expiresAt })
      .execute();
  }

  /** Deletes up to `limit` tokens past their expiry; answers how many. */
  async deleteExpiredTokens(now: number, limit: number, db = this.db): Promise<number> {
    const result = await db
      .deleteFrom('wallet_tokens')
      .where('token_hash', 'in', (eb) =>
        eb
          .selectFrom('wallet_tokens')
          .select('token_hash')
          .where('expires_at', '<=', now)
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findToken(tokenHash: string, db = this.db) {
    return db
      .selectFrom('wallet_tokens')
      .select(['phone', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Writes ledger entries and moves the wallets' running balances by the same amounts, in the
   * caller's transaction (decision 023). `transactionId` null marks a wallet's opening balances.
   */
  async post(postings: readonly Posting[], transactionId: number | null, at: number, db = this.db) {
    await this.insertEntries(postings, transactionId, at, db);
    await this.credit(walletBalanceChanges(postings), db);
  }

  /** Ledger entries only: the caller moves the balances by the same amounts (decision 023). */
  async insertEntries(
    postings: readonly Posting[],
    transactionId: number | null,
    at: number,
    db = this.db,
  ) {
    if (postings.length === 0) return;
    await insertEntries.execute(db, { ...numbered(postings), transactionId, at }, postings.length);
  }

  /** Adds each change to its wallet's running balance, opening the balance row if need be. */
  async credit(changes: readonly Posting[], db = this.db) {
    if (changes.length === 0) return;
    await credit.execute(db, numbered(changes), changes.length);
  }

  /**
   * Takes `debit.amount` from the balance only if it holds that much: one conditional update,
   * so of concurrent spends only those the balance covers apply (PostgreSQL re-checks the
   * condition on the row a concurrent spend committed). False when the balance is short.
   */
  async debit(posting: Posting, db = this.db): Promise<boolean> {
    const { account, asset, amount } = posting;
    return (await debit.affected(db, { account, asset, amount: amount.toString() })) === 1n;
  }

  /**
   * Locks these balance rows (those that exist) in (account, asset) order until the transaction
   * ends, so two transactions moving money between the same wallets in opposite directions take
   * them in the same order and cannot deadlock (PostgreSQL; SQLite has one writer at a time).
   */
  async lockBalances(rows: ReadonlyArray<Pick<Posting, 'account' | 'asset'>>, db = this.db) {
    if (this.dialect !== 'postgres' || rows.length < 2) return;
    await lockBalances.execute(db, numbered(rows), rows.length);
  }

  /** Whether the wallet has been credited its opening balances. */
  async hasOpeningBalances(phone: string, db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('account', '=', walletAccount(phone))
      .where('transaction_id', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The wallet's holdings per asset in minor units: its running balances. */
  async units(phone: string, db = this.db): Promise<Map<string, bigint>> {
    const rows = await units.rows(db, { account: walletAccount(phone) });
    return new Map(rows.map((r) => [r.asset, BigInt(r.amount)]));
  }

  /** The wallet's newest keypad transactions first. */
  transactions(phone: string, limit: number, db = this.db): Promise<UssdTransactionRow[]> {
    return db
      .selectFrom('ussd_transactions')
      .selectAll()
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The wallet's transaction recorded under this idempotency key. */
  findTransaction(phone: string, idempotencyKey: string, db = this.db) {
    return db
      .selectFrom('ussd_transactions')
      .selectAll()
      .where('phone', '=', phone)
      .where('client_id', '=', idempotencyKey)
      .executeTakeFirst();
  }

  /**
   * Records a keypad transaction; undefined when a unique constraint refused it (no read
   * first): the wallet has a record under this idempotency key, or the reference is taken. On
   * PostgreSQL a concurrent insert of the same key is waited for, then decides.
   */
  insertTransaction(
    t: NewKeypadTransaction,
    db = this.db,
  ): Promise<UssdTransactionRow | undefined> {
    const { id: _, received = null, message = null, ...rest } = t;
    return insertTransaction.first(db, { ...rest, received, message });
  }
}
