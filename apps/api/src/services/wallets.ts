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

/** Where a real deployment plugs in an SMS provider. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Demo mode sends nothing: the simulator shows the code the API returns. */
export const demoSmsSender: SmsSender = { send: async () => {} };

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_TRIES = 3;
export const PIN_TRIES = 3;
export const PIN_LOCK_MS = 15 * 60_000;
export const WALLET_TOKEN_TTL_MS = 30 * 60_000;

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
    private readonly sms: SmsSender = demoSmsSender,
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
    await this.db
      .insertInto('wallet_otps')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('phone')
          .doUpdateSet({ code_hash: row.code_hash, tries_left: OTP_TRIES, expires_at: expiresAt }),
      )
      .execute();
    if (!this.options.demo) await this.sms.send(phone, `Your OmegaPay code is ${code}`);
    return { phone, expiresAt, demoOtp: this.options.demo ? code : null };
  }

  /** Checks the OTP (single use), then sets the PIN on first sign-in or checks it. */
  async login(input: string, otp: string, pin: string) {
    const phone = this.phoneOrThrow(input);
    const now = this.clock();
    const wallet = await this.db
      .selectFrom('wallets')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (wallet?.locked_until && wallet.locked_until > now) {
      const minutes = Math.ceil((wallet.locked_until - now) / 60_000);
      throw new HttpError(
        423,
        `This wallet is locked after 3 wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    const stored = await this.db
      .selectFrom('wallet_otps')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (!stored || stored.expires_at <= now)
      throw new HttpError(401, 'The OTP has expired. Request a new one.');
    if (stored.tries_left <= 0) throw new HttpError(401, 'Too many wrong OTPs. Request a new one.');
    const matches = timingSafeEqual(
      Buffer.from(stored.code_hash),
      Buffer.from(sha256(`${phone}:${otp}`)),
    );
    if (!matches) {
      await this.db
        .updateTable('wallet_otps')
        .set({ tries_left: stored.tries_left - 1 })
        .where('phone', '=', phone)
        .execute();
      throw new HttpError(401, 'Invalid OTP. Try again.');
    }
    await this.db.deleteFrom('wallet_otps').where('phone', '=', phone).execute();
    return this.signInWithPin(phone, pin, now);
  }

  /**
   * Sign-in where the network has already proved the phone (the USSD gateway): no OTP, but
   * the PIN is still asked, set on first use and locked after 3 wrong tries.
   */
  async loginTrusted(input: string, pin: string) {
    const phone = this.phoneOrThrow(input);
    const now = this.clock();
    const wallet = await this.db
      .selectFrom('wallets')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (wallet?.locked_until && wallet.locked_until > now) {
      throw new HttpError(423, 'This wallet is locked after 3 wrong PINs. Try again later.');
    }
    return this.signInWithPin(phone, pin, now);
  }

  private async signInWithPin(phone: string, pin: string, now: number) {
    const wallet = await this.db
      .selectFrom('wallets')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirst();
    let firstSignIn = false;
    if (!wallet?.pin_hash) {
      firstSignIn = true;
      await this.openWallet(phone, await hashPassword(pin), now);
    } else if (!(await verifyPassword(wallet.pin_hash, pin))) {
      const failed = wallet.failed_pins + 1;
      const locked = failed >= PIN_TRIES;
      await this.db
        .updateTable('wallets')
        .set({ failed_pins: locked ? 0 : failed, locked_until: locked ? now + PIN_LOCK_MS : null })
        .where('phone', '=', phone)
        .execute();
      if (locked) throw new HttpError(423, 'Wrong PIN. This wallet is locked for 15 minutes.');
      const left = PIN_TRIES - failed;
      throw new HttpError(401, `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    } else if (wallet.failed_pins > 0) {
      await this.db
        .updateTable('wallets')
        .set({ failed_pins: 0 })
        .where('phone', '=', phone)
        .execute();
    }

    const token = randomBytes(24).toString('base64url');
    await this.db
      .insertInto('wallet_tokens')
      .values({ token_hash: sha256(token), phone, expires_at: now + WALLET_TOKEN_TTL_MS })
      .execute();
    return { token, phone, firstSignIn, balances: await this.balances(phone) };
  }

  /** Creates the wallet (or sets the PIN of one that only received money) with its opening balances. */
  private async openWallet(phone: string, pinHash: string, now: number) {
    await this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('wallets')
        .select('phone')
        .where('phone', '=', phone)
        .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('wallets')
          .set({ pin_hash: pinHash, failed_pins: 0 })
          .where('phone', '=', phone)
          .execute();
      } else {
        await trx
          .insertInto('wallets')
          .values({ phone, pin_hash: pinHash, created_at: now })
          .execute();
      }
      const credited = await trx
        .selectFrom('ledger_entries')
        .select('id')
        .where('account', '=', walletAccount(phone))
        .where('transaction_id', 'is', null)
        .executeTakeFirst();
      if (credited) return;
      for (const [asset, amount] of OPENING_BALANCES) {
        await this.post(trx, null, now, [
          [walletAccount(phone), asset, amount],
          ['treasury', asset, -amount],
        ]);
      }
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
