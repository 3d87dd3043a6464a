// Wallet sign-in: an OTP sent to the phone, then the wallet's PIN (set by its first sign-in,
// stored hashed). The limits and the refusals' texts are the domain's (sign-in-limits.ts): a
// wallet locked by wrong PINs is refused the same way whether the keypad or the USSD gateway
// asks. A sign-in answers a bearer token for the wallet's calls.
import { randomBytes, randomInt } from 'node:crypto';
import {
  formatBalances,
  isLocked,
  type LockedFlow,
  lockedMessage,
  normalizePhone,
  OTP_TRIES,
  OTP_TTL_MS,
  openingPostings,
  PHONE_ERROR,
  PIN_LOCK_MS,
  PIN_TRIES,
  SIGN_IN_MESSAGES,
  wrongPinMessage,
} from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { deleteInBatches, SWEEP_BATCH } from '../lib/delete-in-batches.js';
import { sha256Hex } from '../lib/digest.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { OtpRow, WalletsRepository } from '../repositories/wallets.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { LoggingSmsSender } from './sms/create-sms-sender.js';
import type { WalletEntitlements } from './wallet-entitlements.js';

export const WALLET_TOKEN_TTL_MS = 30 * 60_000;
/**
 * How long a wallet token's row, once read, answers for it without being read again. Its expiry
 * is still checked on every request, by the clock, so an expired token is refused at once; only
 * a row deleted meanwhile (nothing in the app deletes one today) is honoured up to
 * this long after. Each server keeps its own memory of at most WALLET_TOKENS_REMEMBERED tokens.
 */
export const WALLET_TOKEN_RECHECK_MS = 1000;
const WALLET_TOKENS_REMEMBERED = 10_000;
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
    super(statusCode, message, {}, { details: { failedPins, maxPins: PIN_TRIES } });
  }
}

export interface SignedIn {
  token: string;
  phone: string;
  firstSignIn: boolean;
  balances: Record<string, string>;
  locked: LockedFlow[];
}

export interface WalletSignInDeps {
  db: Kysely<Database>;
  wallets: WalletsRepository;
  /** Which flows each wallet's plan allows; the wallet's owner comes from sign-in. */
  entitlements: WalletEntitlements;
  /** Unused in demo mode, where the simulator shows the code the API returns. */
  sms: LoggingSmsSender;
  demo: boolean;
  clock: Clock;
}

const otpHash = (phone: string, code: string) => sha256Hex(`${phone}:${code}`);

interface CheckedToken {
  phone: string;
  expiresAt: number;
  readAt: number;
}

export class WalletSignInService {
  /** Tokens whose rows were read lately, by the token's hash (never the token itself). */
  private readonly checked = new Map<string, CheckedToken>();

  constructor(private readonly deps: WalletSignInDeps) {}

  /** `requestId`: the request asking, named on the log line of a send that fails. */
  async requestOtp(input: string, requestId: string | null) {
    const { wallets, sms, demo, clock } = this.deps;
    const phone = phoneOrThrow(input);
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const expiresAt = clock() + OTP_TTL_MS;
    // Sent before it is stored: a code the provider refused never becomes usable, and the last
    // delivered one keeps its tries and expiry. The sender logs why, without the code.
    if (!demo) {
      try {
        await sms.send(
          phone,
          `Your OmegaPay code is ${code}. It expires in ${OTP_TTL_MS / 60_000} minutes.`,
          requestId,
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
    await wallets.putOtp({
      phone,
      code_hash: otpHash(phone, code),
      tries_left: OTP_TRIES,
      expires_at: expiresAt,
    });
    return { phone, expiresAt, demoOtp: demo ? code : null };
  }

  /**
   * Signs a wallet in with the OTP sent to its phone and its PIN (set by the first sign-in).
   * Every step that counts is one conditional write whose result is checked, so parallel
   * requests cannot share a try: the right code (with tries left) is taken out — exactly one
   * request can — while its PIN is checked, and put back as it was if the PIN is wrong; any
   * other code uses up a try. The OTP stays usable until a sign-in succeeds, it expires, it
   * has had its wrong tries, or the wallet locks.
   */
  async login(input: string, otp: string, pin: string, accountId: number | null = null) {
    const phone = phoneOrThrow(input);
    const now = this.deps.clock();
    await this.refuseIfLocked(phone, now);
    const claimed = await this.claimOtp(phone, otp, now);
    // Put back unless a newer code was requested meanwhile.
    const putBack = () => this.deps.wallets.restoreOtp(claimed);
    return this.signInWithPin(phone, pin, now, putBack, accountId);
  }

  /**
   * Sign-in where the network has already proved the phone (the USSD gateway): no OTP, but
   * the PIN is still asked, set on first use and under the same lock as the keypad's.
   */
  async loginTrusted(input: string, pin: string) {
    const phone = phoneOrThrow(input);
    const now = this.deps.clock();
    await this.refuseIfLocked(phone, now);
    return this.signInWithPin(phone, pin, now, async () => {}, null);
  }

  /**
   * The wallet a bearer token signs in, while it lasts: its row is read at most once per
   * WALLET_TOKEN_RECHECK_MS, its expiry checked every time.
   */
  async walletForToken(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const hash = sha256Hex(token);
    const now = this.deps.clock();
    const seen = this.checked.get(hash);
    if (seen && now >= seen.readAt && now - seen.readAt < WALLET_TOKEN_RECHECK_MS) {
      return seen.expiresAt > now ? seen.phone : null;
    }
    const row = await this.deps.wallets.findToken(hash);
    this.checked.delete(hash);
    const expiresAt = Number(row?.expires_at);
    if (!row || !(expiresAt > now)) return null;
    if (this.checked.size >= WALLET_TOKENS_REMEMBERED) {
      const oldest = this.checked.keys().next().value;
      if (oldest !== undefined) this.checked.delete(oldest);
    }
    this.checked.set(hash, { phone: row.phone, expiresAt, readAt: now });
    return row.phone;
  }

  /** Deletes the tokens past their expiry (the retention sweep); answers how many. */
  clearExpiredTokens(batch = SWEEP_BATCH): Promise<number> {
    const now = this.deps.clock();
    return deleteInBatches(batch, (limit) => this.deps.wallets.deleteExpiredTokens(now, limit));
  }

  /** The one lock check: a locked wallet is refused before any secret is compared. */
  private async refuseIfLocked(phone: string, now: number) {
    const lockedUntil = (await this.deps.wallets.find(phone))?.locked_until;
    if (isLocked(lockedUntil, now)) {
      throw new PinRefusedError(423, lockedMessage(lockedUntil, now), PIN_TRIES);
    }
  }

  /** Takes the phone's OTP out when `otp` is its code; a wrong code costs one of its tries. */
  private async claimOtp(phone: string, otp: string, now: number): Promise<OtpRow> {
    const { wallets } = this.deps;
    const claimed = await wallets.claimOtp(phone, otpHash(phone, otp), now);
    if (claimed) return claimed;
    // A wrong code, or the right one while another request holds it (or after it was used).
    if (await wallets.takeOtpTry(phone, now)) throw new HttpError(401, SIGN_IN_MESSAGES.otpWrong);
    const expiresAt = await wallets.otpExpiry(phone);
    // No code at all: it was used by a sign-in, ended by the lock, or never requested.
    if (expiresAt === undefined) throw new HttpError(401, SIGN_IN_MESSAGES.otpWrong);
    if (expiresAt <= now) throw new HttpError(401, SIGN_IN_MESSAGES.otpExpired);
    throw new HttpError(401, SIGN_IN_MESSAGES.otpSpent);
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
  ): Promise<SignedIn> {
    const { wallets, entitlements } = this.deps;
    const wallet = await wallets.find(phone);
    // The first sign-in sets the PIN, unless another (through the gateway) set one meanwhile.
    const firstSignIn =
      !wallet?.pin_hash && (await this.openWallet(phone, await hashPassword(pin), now));
    if (!firstSignIn) await this.checkPin(phone, pin, now, wrongPin);

    const token = randomBytes(24).toString('base64url');
    await wallets.insertToken({
      tokenHash: sha256Hex(token),
      phone,
      expiresAt: now + WALLET_TOKEN_TTL_MS,
    });
    // Signed in to an account as well: an ownerless wallet becomes that account's.
    if (accountId !== null) await entitlements.claim(phone, accountId);
    const [units, locked] = await Promise.all([
      wallets.units(phone),
      entitlements.lockedFor(phone),
    ]);
    return { token, phone, firstSignIn, balances: formatBalances(units), locked };
  }

  /**
   * Takes a PIN try before checking (one conditional write, so parallel guesses get three in
   * all), locks the wallet at the third wrong one — ending its OTP — and clears the count on
   * the right one.
   */
  private async checkPin(phone: string, pin: string, now: number, wrongPin: () => Promise<void>) {
    const { db, wallets } = this.deps;
    const taken = await wallets.takePinTry(phone, now, PIN_TRIES);
    if (!taken) {
      await this.refuseIfLocked(phone, now);
      // Not locked: the last tries are being checked by parallel requests right now.
      throw new HttpError(429, PIN_BUSY, { 'retry-after': '1' });
    }
    if (await verifyPassword(taken.pin_hash ?? undefined, pin)) {
      await wallets.clearFailedPins(phone);
      return;
    }
    if (taken.failed_pins >= PIN_TRIES) {
      await inTransaction(db, async (trx) => {
        await wallets.lock(phone, now + PIN_LOCK_MS, trx);
        await wallets.deleteOtp(phone, trx);
      });
      throw new PinRefusedError(423, SIGN_IN_MESSAGES.lockedNow, PIN_TRIES);
    }
    await wrongPin();
    throw new PinRefusedError(401, wrongPinMessage(taken.failed_pins), taken.failed_pins);
  }

  /**
   * Sets the PIN of a wallet that has none — creating it with its opening balances, or
   * crediting those to one that so far only received money. False when another sign-in set a
   * PIN first (the conditional write found one), so a PIN is set once and balances credited once.
   */
  private openWallet(phone: string, pinHash: string, now: number): Promise<boolean> {
    const { db, wallets } = this.deps;
    return inTransaction(db, async (trx) => {
      const opened =
        (await wallets.insert(phone, pinHash, now, trx)) ||
        (await wallets.setPinIfUnset(phone, pinHash, trx));
      if (!opened) return false;
      if (!(await wallets.hasOpeningBalances(phone, trx))) {
        await wallets.post(openingPostings(phone), null, now, trx);
      }
      return true;
    });
  }
}

function phoneOrThrow(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new HttpError(400, PHONE_ERROR);
  return phone;
}
