// OmegaPay wallets: OTP sign-in with a PIN, a double-entry ledger, and keypad transactions
// that are idempotent per client key. Balances are sums of ledger entries; every transaction
// writes entries that sum to zero per asset, so the books always balance.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { TransactionBody, UssdTransaction } from '@omega/contracts';
import {
  COIN_DECIMALS,
  type Coin,
  coinsForUsd,
  formatAmount,
  lockedFlowMessage,
  normalizePhone,
  parseAmount,
  USD_DECIMALS,
} from '@omega/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, UssdTransactionRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SmsSender } from './sms/sms-sender.js';
import type { WalletEntitlements } from './wallet-entitlements.js';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_TRIES = 3;
export const PIN_TRIES = 3;
export const PIN_LOCK_MS = 15 * 60_000;
export const WALLET_TOKEN_TTL_MS = 30 * 60_000;
const OTP_EXPIRED = 'The OTP has expired. Request a new one.';
/** Spec section 9's text for a wrong code; also what a code already used gets. */
const OTP_WRONG = 'Invalid OTP. Try again.';
const PIN_BUSY = 'Another sign-in to this wallet is being checked. Try again in a moment.';

/**
 * A sign-in refused over the PIN: it carries the wallet's count of wrong PINs, which the
 * keypad shows as n/3 (all tries used while the wallet is locked).
 */
export class PinRefusedError extends HttpError {
  readonly maxPins = PIN_TRIES;
  constructor(
    statusCode: 401 | 423,
    message: string,
    readonly failedPins: number,
  ) {
    super(statusCode, message);
  }
}

/** The one answer to a sign-in while the wallet is locked, whichever way it came in. */
function lockedError(lockedUntil: number, now: number): HttpError {
  const minutes = Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
  return new PinRefusedError(
    423,
    `This wallet is locked after 3 wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    PIN_TRIES,
  );
}

/** The sample balances of spec section 9, plus USD to buy coins with. */
export const OPENING_BALANCES: Array<[asset: string, amount: bigint]> = [
  ['USD', 50_000n],
  ['USDC', 12_000_000_000n],
  ['BTC', 410_000n],
];
const DECIMALS: Record<string, number> = {
  USD: USD_DECIMALS,
  USDC: COIN_DECIMALS,
  BTC: COIN_DECIMALS,
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const walletAccount = (phone: string) => `wallet:${phone}`;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function reference(): string {
  let out = 'OP';
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

export interface WalletOptions {
  demo: boolean;
  rates: Record<Coin, string>;
}

export class WalletService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
    private readonly options: WalletOptions,
    /** Unused in demo mode, where the simulator shows the code the API returns. */
    private readonly sms: SmsSender,
    /** Which flows each wallet's plan allows; the wallet's owner comes from sign-in. */
    private readonly entitlements: WalletEntitlements,
  ) {}

  get rates() {
    return this.options.rates;
  }

  private phoneOrThrow(input: string): string {
    const phone = normalizePhone(input);
    if (!phone) {
      throw new HttpError(
        400,
        'Enter a valid phone number: international (+27821234567) or local South African (0821234567)',
      );
    }
    return phone;
  }

  async requestOtp(input: string) {
    const phone = this.phoneOrThrow(input);
    const now = this.clock();
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const expiresAt = now + OTP_TTL_MS;
    const row = {
      phone,
      code_hash: sha256(`${phone}:${code}`),
      tries_left: OTP_TRIES,
      expires_at: expiresAt,
    };
    // Sent before it is stored: a code the provider refused never becomes usable, and the last
    // delivered one keeps its tries and expiry. The sender logs why, without the code.
    if (!this.options.demo) {
      try {
        await this.sms.send(
          phone,
          `Your OmegaPay code is ${code}. It expires in ${OTP_TTL_MS / 60_000} minutes.`,
        );
      } catch (err) {
        throw new HttpError(
          503,
          'The code could not be sent by SMS right now. Try again in a minute.',
          { 'retry-after': '60' },
          { cause: err },
        );
      }
    }
    await this.db
      .insertInto('wallet_otps')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('phone')
          .doUpdateSet({ code_hash: row.code_hash, tries_left: OTP_TRIES, expires_at: expiresAt }),
      )
      .execute();
    return { phone, expiresAt, demoOtp: this.options.demo ? code : null };
  }

  /**
   * Signs a wallet in with the OTP sent to its phone and its PIN (set by the first sign-in).
   * Every step that counts is one conditional write whose row count is checked, so parallel
   * requests cannot share a try: an OTP try is taken before the code is compared; the right
   * code is then taken out (exactly one request can) while its PIN is checked, and put back
   * if the PIN is wrong — the OTP stays usable until a sign-in succeeds, it expires, or the
   * wallet locks.
   */
  async login(input: string, otp: string, pin: string, accountId: number | null = null) {
    const phone = this.phoneOrThrow(input);
    const now = this.clock();
    await this.refuseIfLocked(phone, now);
    const codeHash = await this.takeOtpTry(phone, now);
    const matches = timingSafeEqual(Buffer.from(codeHash), Buffer.from(sha256(`${phone}:${otp}`)));
    if (!matches) throw new HttpError(401, OTP_WRONG);
    const claimed = await this.db
      .deleteFrom('wallet_otps')
      .where('phone', '=', phone)
      .where('code_hash', '=', codeHash)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    // A parallel request with the same code got there first.
    if (!claimed) throw new HttpError(401, OTP_WRONG);
    // A wrong PIN puts the code back, with the try the right code took given back too (unless
    // a newer code was requested meanwhile).
    const putBack = async () => {
      await this.db
        .insertInto('wallet_otps')
        .values({ ...claimed, tries_left: claimed.tries_left + 1 })
        .onConflict((oc) => oc.column('phone').doNothing())
        .execute();
    };
    return this.signInWithPin(phone, pin, now, putBack, accountId);
  }

  /**
   * Sign-in where the network has already proved the phone (the USSD gateway): no OTP, but
   * the PIN is still asked, set on first use and under the same lock as the keypad's.
   */
  async loginTrusted(input: string, pin: string) {
    const phone = this.phoneOrThrow(input);
    const now = this.clock();
    await this.refuseIfLocked(phone, now);
    return this.signInWithPin(phone, pin, now, async () => {}, null);
  }

  private async refuseIfLocked(phone: string, now: number) {
    const wallet = await this.db
      .selectFrom('wallets')
      .select('locked_until')
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (wallet?.locked_until && wallet.locked_until > now)
      throw lockedError(wallet.locked_until, now);
  }

  /** Takes one of the OTP's tries (one conditional write) and returns the code's hash. */
  private async takeOtpTry(phone: string, now: number): Promise<string> {
    const taken = await this.db
      .updateTable('wallet_otps')
      .set((eb) => ({ tries_left: eb('tries_left', '-', 1) }))
      .where('phone', '=', phone)
      .where('tries_left', '>', 0)
      .where('expires_at', '>', now)
      .returning('code_hash')
      .executeTakeFirst();
    if (taken) return taken.code_hash;
    const stored = await this.db
      .selectFrom('wallet_otps')
      .select(['expires_at'])
      .where('phone', '=', phone)
      .executeTakeFirst();
    // No code at all: it was used by a sign-in, ended by the lock, or never requested.
    if (!stored) throw new HttpError(401, OTP_WRONG);
    if (stored.expires_at <= now) throw new HttpError(401, OTP_EXPIRED);
    throw new HttpError(401, 'Too many wrong OTPs. Request a new one.');
  }

  /**
   * Checks the PIN, or sets it on the wallet's first sign-in. `wrongPin` runs when the PIN
   * was wrong and the wallet did not lock (the keypad puts its OTP back).
   */
  private async signInWithPin(
    phone: string,
    pin: string,
    now: number,
    wrongPin: () => Promise<void>,
    accountId: number | null,
  ) {
    const wallet = await this.db
      .selectFrom('wallets')
      .select('pin_hash')
      .where('phone', '=', phone)
      .executeTakeFirst();
    // The first sign-in sets the PIN, unless another (through the gateway) set one meanwhile.
    const firstSignIn =
      !wallet?.pin_hash && (await this.openWallet(phone, await hashPassword(pin), now));
    if (!firstSignIn) await this.checkPin(phone, pin, now, wrongPin);

    const token = randomBytes(24).toString('base64url');
    await this.db
      .insertInto('wallet_tokens')
      .values({ token_hash: sha256(token), phone, expires_at: now + WALLET_TOKEN_TTL_MS })
      .execute();
    // Signed in to an account as well: an ownerless wallet becomes that account's.
    if (accountId !== null) await this.entitlements.claim(phone, accountId);
    const [balances, locked] = await Promise.all([
      this.balances(phone),
      this.entitlements.lockedFor(phone),
    ]);
    return { token, phone, firstSignIn, balances, locked };
  }

  /**
   * Takes a PIN try before checking (one conditional write, so parallel guesses get three in
   * all), locks the wallet at the third wrong one — ending its OTP — and clears the count on
   * the right one.
   */
  private async checkPin(phone: string, pin: string, now: number, wrongPin: () => Promise<void>) {
    const taken = await this.db
      .updateTable('wallets')
      .set((eb) => ({ failed_pins: eb('failed_pins', '+', 1) }))
      .where('phone', '=', phone)
      .where('failed_pins', '<', PIN_TRIES)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returning(['failed_pins', 'pin_hash'])
      .executeTakeFirst();
    if (!taken) {
      const row = await this.db
        .selectFrom('wallets')
        .select('locked_until')
        .where('phone', '=', phone)
        .executeTakeFirst();
      if (row?.locked_until && row.locked_until > now) throw lockedError(row.locked_until, now);
      // Not locked: the last tries are being checked by parallel requests right now.
      throw new HttpError(429, PIN_BUSY, { 'retry-after': '1' });
    }
    if (await verifyPassword(taken.pin_hash ?? undefined, pin)) {
      await this.db
        .updateTable('wallets')
        .set({ failed_pins: 0 })
        .where('phone', '=', phone)
        .execute();
      return;
    }
    if (taken.failed_pins >= PIN_TRIES) {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('wallets')
          .set({ failed_pins: 0, locked_until: now + PIN_LOCK_MS })
          .where('phone', '=', phone)
          .execute();
        await trx.deleteFrom('wallet_otps').where('phone', '=', phone).execute();
      });
      throw new PinRefusedError(423, 'Wrong PIN. This wallet is locked for 15 minutes.', PIN_TRIES);
    }
    await wrongPin();
    const left = PIN_TRIES - taken.failed_pins;
    throw new PinRefusedError(
      401,
      `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      taken.failed_pins,
    );
  }

  /**
   * Sets the PIN of a wallet that has none — creating it with its opening balances, or
   * crediting those to one that so far only received money. False when another sign-in set a
   * PIN first (the conditional write found one), so a PIN is set once and balances credited once.
   */
  private async openWallet(phone: string, pinHash: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('wallets')
        .values({ phone, pin_hash: pinHash, created_at: now })
        .onConflict((oc) => oc.column('phone').doNothing())
        .returning('phone')
        .executeTakeFirst();
      if (!inserted) {
        const set = await trx
          .updateTable('wallets')
          .set({ pin_hash: pinHash, failed_pins: 0 })
          .where('phone', '=', phone)
          .where('pin_hash', 'is', null)
          .executeTakeFirst();
        if (Number(set.numUpdatedRows) !== 1) return false;
      }
      const credited = await trx
        .selectFrom('ledger_entries')
        .select('id')
        .where('account', '=', walletAccount(phone))
        .where('transaction_id', 'is', null)
        .executeTakeFirst();
      if (credited) return true;
      for (const [asset, amount] of OPENING_BALANCES) {
        await this.post(trx, null, now, [
          [walletAccount(phone), asset, amount],
          ['treasury', asset, -amount],
        ]);
      }
      return true;
    });
  }

  private async post(
    trx: Transaction<Database>,
    transactionId: number | null,
    now: number,
    entries: Array<[account: string, asset: string, amount: bigint]>,
  ) {
    await trx
      .insertInto('ledger_entries')
      .values(
        entries.map(([account, asset, amount]) => ({
          account,
          asset,
          amount: amount.toString(),
          transaction_id: transactionId,
          created_at: now,
        })),
      )
      .execute();
  }

  async walletForToken(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const row = await this.db
      .selectFrom('wallet_tokens')
      .select(['phone', 'expires_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    return row && row.expires_at > this.clock() ? row.phone : null;
  }

  private async unitsOf(db: Kysely<Database>, phone: string): Promise<Map<string, bigint>> {
    const rows = await db
      .selectFrom('ledger_entries')
      .select(['asset', sql<string>`cast(sum(amount) as text)`.as('total')])
      .where('account', '=', walletAccount(phone))
      .groupBy('asset')
      .execute();
    return new Map(rows.map((r) => [r.asset, BigInt(r.total ?? '0')]));
  }

  async balances(phone: string, db: Kysely<Database> = this.db): Promise<Record<string, string>> {
    const units = await this.unitsOf(db, phone);
    const out: Record<string, string> = {};
    for (const [asset] of OPENING_BALANCES)
      out[asset] = formatAmount(units.get(asset) ?? 0n, DECIMALS[asset] ?? 8, 2);
    return out;
  }

  async list(phone: string): Promise<UssdTransaction[]> {
    const rows = await this.db
      .selectFrom('ussd_transactions')
      .selectAll()
      .where('phone', '=', phone)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return rows.map(toView);
  }

  /**
   * Records a keypad transaction once per idempotency key: a retry gets the first answer; the
   * same key with a different request is refused (422). Beyond the balance, it is stored as a
   * failure and answered as one.
   */
  async submit(phone: string, body: TransactionBody) {
    const now = this.clock();
    const destination = this.destinationOf(phone, body);
    const requestHash = sha256(JSON.stringify([body.type, body.coin, body.amount, destination]));
    const replay = await this.findByKey(phone, body.idempotencyKey);
    if (replay) return this.replayOf(replay, requestHash, phone);
    // A retry of something already recorded is answered above; a new one needs the plan.
    const locked = (await this.entitlements.lockedFor(phone)).find((l) => l.type === body.type);
    if (locked) throw new HttpError(403, lockedFlowMessage(locked));

    try {
      const row = await this.db.transaction().execute(async (trx) => {
        // PostgreSQL: lock the wallet row so two spends cannot both pass the balance check.
        // SQLite runs one write transaction at a time anyway.
        const lock = trx.selectFrom('wallets').select('phone').where('phone', '=', phone);
        await (this.dialect === 'postgres' ? lock.forUpdate() : lock).executeTakeFirst();
        return this.record(trx, phone, body, destination, requestHash, now);
      });
      return { transaction: toView(row), balances: await this.balances(phone) };
    } catch (err) {
      // A concurrent retry with the same key won the insert: answer as a replay.
      const raced = await this.findByKey(phone, body.idempotencyKey);
      if (raced) return this.replayOf(raced, requestHash, phone);
      throw err;
    }
  }

  private destinationOf(phone: string, body: TransactionBody): string {
    if (body.type === 'Purchase') return phone;
    const to = (body.to ?? '').trim();
    if (body.type === 'Send-to-Phone') {
      const recipient = normalizePhone(to);
      if (!recipient) throw new HttpError(400, 'to must be a valid phone number for Send-to-Phone');
      if (recipient === phone) throw new HttpError(400, 'You cannot send money to your own phone');
      return recipient;
    }
    if (to.length < 3)
      throw new HttpError(400, 'to must be a wallet address of at least 3 characters');
    return to;
  }

  private findByKey(phone: string, key: string) {
    return this.db
      .selectFrom('ussd_transactions')
      .selectAll()
      .where('phone', '=', phone)
      .where('client_id', '=', key)
      .executeTakeFirst();
  }

  private async replayOf(row: UssdTransactionRow, requestHash: string, phone: string) {
    if (row.request_hash !== requestHash) {
      throw new HttpError(422, 'This idempotency key was already used for a different transaction');
    }
    return { transaction: toView(row), balances: await this.balances(phone) };
  }

  private async record(
    trx: Transaction<Database>,
    phone: string,
    body: TransactionBody,
    destination: string,
    requestHash: string,
    now: number,
  ): Promise<UssdTransactionRow> {
    const coin = body.coin as Coin;
    const isPurchase = body.type === 'Purchase';
    const spendAsset = isPurchase ? 'USD' : coin;
    const spend = parseAmount(body.amount, isPurchase ? USD_DECIMALS : COIN_DECIMALS);
    if (spend === null) {
      throw new HttpError(
        400,
        isPurchase
          ? 'amount must be a positive number of USD with up to 2 decimals'
          : 'amount must be a positive number with up to 8 decimals',
      );
    }
    const received = isPurchase ? coinsForUsd(spend, this.options.rates[coin]) : null;
    const held = (await this.unitsOf(trx, phone)).get(spendAsset) ?? 0n;
    const ok = held >= spend && (received === null || received > 0n);
    const message = ok
      ? null
      : held < spend
        ? 'Insufficient balance'
        : 'Amount too small to buy anything';

    let ref = reference();
    while (
      await trx
        .selectFrom('ussd_transactions')
        .select('id')
        .where('reference', '=', ref)
        .executeTakeFirst()
    )
      ref = reference();
    const row = await trx
      .insertInto('ussd_transactions')
      .values({
        phone,
        client_id: body.idempotencyKey,
        request_hash: requestHash,
        type: body.type,
        coin,
        amount: body.amount,
        destination,
        status: ok ? 'success' : 'failure',
        reference: ref,
        received: received === null ? null : formatAmount(received, COIN_DECIMALS, 2),
        message,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!ok) return row;

    const me = walletAccount(phone);
    if (isPurchase && received !== null) {
      await this.post(trx, row.id, now, [
        [me, 'USD', -spend],
        ['treasury', 'USD', spend],
        ['treasury', coin, -received],
        [me, coin, received],
      ]);
    } else if (body.type === 'Send-to-Phone') {
      const exists = await trx
        .selectFrom('wallets')
        .select('phone')
        .where('phone', '=', destination)
        .executeTakeFirst();
      if (!exists)
        await trx
          .insertInto('wallets')
          .values({ phone: destination, pin_hash: null, created_at: now })
          .execute();
      await this.post(trx, row.id, now, [
        [me, coin, -spend],
        [walletAccount(destination), coin, spend],
      ]);
    } else {
      await this.post(trx, row.id, now, [
        [me, coin, -spend],
        [`external:${destination}`, coin, spend],
      ]);
    }
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
