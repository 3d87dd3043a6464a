// Two-factor sign-in with an authenticator app (issue 36): TOTP as RFC 6238 has it (SHA-1, 6
// digits, 30-second steps, one step either side accepted), by `otpauth`, with the time from the
// injected clock. The secret is stored encrypted (AES-256-GCM, with a key derived from
// OMEGA_2FA_KEY or else SESSION_SECRET), is answered once at setup, and is never logged. It is
// pending until the app's first code confirms it; only then is two-factor on, with ten
// single-use recovery codes shown once and stored as SHA-256 hashes. A code is accepted once:
// its time step is taken in one conditional update, so a replay — even a concurrent one — is
// refused. Wrong codes count in the sign-in throttle, as wrong passwords do.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  twoFactorMessages as m,
  type TotpSetupResponse,
  type TwoFactorStatus,
} from '@omega/contracts';
import { normalizeRole } from '@omega/domain';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Database, UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/digest.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { AnnouncementsRepository } from '../repositories/announcements.js';
import type { TotpRow, TwoFactorRepository } from '../repositories/two-factor.js';
import type { UsersRepository } from '../repositories/users.js';
import { throttleAccount } from './accounts.js';
import { type LoginThrottle, PASSWORD_SIGN_IN } from './login-throttle.js';
import { verifyPassword } from './passwords.js';
import { securityChangeNotice } from './security-notices.js';

export const TOTP_PERIOD_S = 30;
export const TOTP_ISSUER = 'Omega';
export const RECOVERY_CODES = 10;
/** How long a sign-in waits for its second factor after the right password. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** A second factor as a request gives it. */
export interface Factor {
  code?: string;
  recoveryCode?: string;
}

export interface TwoFactorClient {
  ip: string;
  knownDevice: string | null;
}

export interface TwoFactorDeps {
  db: Kysely<Database>;
  users: UsersRepository;
  twoFactor: TwoFactorRepository;
  activity: ActivityRepository;
  /** The account's own notices of changes to its second factor (services/security-notices.ts). */
  announcements: AnnouncementsRepository;
  throttle: LoginThrottle;
  clock: Clock;
  /** OMEGA_2FA_KEY, or the session secret when it is unset. */
  keyMaterial: string;
  /** The roles that must use two-factor (OMEGA_REQUIRE_2FA). */
  requiredRoles: ReadonlyArray<'admin' | 'supergod'>;
}

/** A recovery code as people type it: spaces and dashes dropped, letters in lower case. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) => sha256Hex(normalizeRecoveryCode(code));

/** `xxxxx-xxxxx` from 50 random bits in an alphabet without look-alikes. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export class TwoFactorService {
  private readonly key: Buffer;

  constructor(private readonly deps: TwoFactorDeps) {
    this.key = Buffer.from(
      hkdfSync('sha256', deps.keyMaterial, Buffer.alloc(0), 'omega two-factor secret v1', 32),
    );
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const row = await this.deps.twoFactor.find(userId);
    const enabled = row?.enabled === 1;
    return {
      enabled,
      pending: row !== undefined && !enabled,
      recoveryCodesLeft: enabled ? await this.deps.twoFactor.recoveryCodesLeft(userId) : 0,
    };
  }

  /** The account a pending sign-in is for, while it exists. */
  async pendingUser(pending: { userId: number; password?: string }): Promise<UserRow | null> {
    const user = await this.deps.users.findById(pending.userId);
    // Begun with a password changed since: over, like the account's other sessions.
    if (!user || pending.password !== passwordMark(user)) return null;
    return user;
  }

  /**
   * Turns off the two-factor of a user who lost every factor (the supergod console's
   * `2fa reset`, the CLI's `user reset-2fa`): secret and recovery codes go, and the account's
   * activity log says who did it. Inside the caller's transaction when given one.
   */
  async reset(
    user: UserRow,
    by: string,
    requestId: string | null,
    trx: Kysely<Database> = this.deps.db,
  ): Promise<void> {
    const { twoFactor, activity, announcements, clock } = this.deps;
    if (!(await twoFactor.find(user.id, trx))) {
      throw new HttpError(409, `${user.username} has no two-factor sign-in to reset.`);
    }
    await twoFactor.remove(user.id, trx);
    const at = clock();
    await activity.record(
      {
        userId: user.id,
        action: 'two_factor_reset',
        details: `two-factor sign-in of ${user.username} reset by ${by}`,
        at,
        requestId,
      },
      trx,
    );
    await announcements.create(
      securityChangeNotice(user.id, 'Two-factor sign-in was turned off by an administrator', at),
      trx,
    );
  }

  /** `pnpm cli user reset-2fa <username>`: the reset, in its own transaction. */
  async resetFromCli(username: string): Promise<UserRow> {
    const user = await this.deps.users.findByUsername(username);
    if (!user) throw new HttpError(404, `No user named '${username}'`);
    await inTransaction(this.deps.db, (trx) =>
      this.reset(user, 'an operator (the CLI)', null, trx),
    );
    return user;
  }

  /** Whether the account's role must use two-factor and it is not on yet. */
  async setupRequired(user: UserRow): Promise<boolean> {
    const role = normalizeRole(user.role);
    if (role === 'user' || !this.deps.requiredRoles.includes(role)) return false;
    return !(await this.isOn(user.id));
  }

  /** Whether the account signs in with a second factor. */
  async isOn(userId: number): Promise<boolean> {
    return (await this.deps.twoFactor.find(userId))?.enabled === 1;
  }

  /** A new pending secret, answered once with its otpauth URL and QR code. */
  async setup(user: UserRow): Promise<TotpSetupResponse> {
    const { twoFactor, clock } = this.deps;
    if ((await twoFactor.find(user.id))?.enabled === 1) throw new HttpError(409, m.alreadyOn);
    const secret = new Secret({ size: 20 });
    const otpauthUrl = this.totp(secret, user.username).toString();
    // Loaded here, not with the server: only a setup draws a code (decision 049).
    const { default: QRCode } = await import('qrcode');
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2 });
    if (!(await twoFactor.setPending(user.id, this.encrypt(secret.base32), clock()))) {
      throw new HttpError(409, m.alreadyOn);
    }
    return { secret: secret.base32, otpauthUrl, qrSvg };
  }

  /** Turns two-factor on with the pending secret's first code; answers the recovery codes. */
  async enable(user: UserRow, code: string, requestId: string | null): Promise<string[]> {
    const { db, twoFactor, activity, announcements, clock } = this.deps;
    const row = await twoFactor.find(user.id);
    if (row?.enabled === 1) throw new HttpError(409, m.alreadyOn);
    if (!row) throw new HttpError(400, m.notPending);
    const step = this.stepOf(row, user.username, code);
    if (step === null) throw new HttpError(400, m.codeIncorrect);
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await inTransaction(db, async (trx) => {
      const at = clock();
      const turned = await twoFactor.enable(user.id, row.secret_enc, step, at, trx);
      if (turned === 'replaced') throw new HttpError(409, m.setupReplaced);
      if (turned === 'already-on') throw new HttpError(409, m.alreadyOn);
      if (turned === 'gone') throw new HttpError(400, m.notPending);
      await twoFactor.setRecoveryCodes(user.id, codes.map(hashRecoveryCode), trx);
      await activity.record(
        {
          userId: user.id,
          action: 'two_factor_enabled',
          details: `${user.username} turned on two-factor sign-in with an authenticator app`,
          at,
          requestId,
        },
        trx,
      );
      const change = 'Two-factor sign-in with an authenticator app was turned on';
      await announcements.create(securityChangeNotice(user.id, change, at), trx);
    });
    return codes;
  }

  /**
   * Ten new recovery codes in place of the account's old ones, which stop working in the same
   * transaction as the 'recovery_codes_replaced' entry; 400 when two-factor is off.
   */
  async replaceRecoveryCodes(user: UserRow, requestId: string | null): Promise<string[]> {
    const { db, twoFactor, activity, announcements, clock } = this.deps;
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await inTransaction(db, async (trx) => {
      if ((await twoFactor.find(user.id, trx))?.enabled !== 1) throw new HttpError(400, m.notOn);
      await twoFactor.setRecoveryCodes(user.id, codes.map(hashRecoveryCode), trx);
      const at = clock();
      await activity.record(
        {
          userId: user.id,
          action: 'recovery_codes_replaced',
          details: `${user.username} made new recovery codes; the old ones no longer work`,
          at,
          requestId,
        },
        trx,
      );
      const change = 'New two-factor recovery codes were made (the old ones no longer work)';
      await announcements.create(securityChangeNotice(user.id, change, at), trx);
    });
    return codes;
  }

  /** Turns two-factor off, given the password and a second factor. */
  async disable(
    user: UserRow,
    body: Factor & { password: string },
    client: TwoFactorClient,
    requestId: string | null,
  ): Promise<void> {
    const { db, twoFactor, activity, announcements, clock } = this.deps;
    const row = await twoFactor.find(user.id);
    if (row?.enabled !== 1) throw new HttpError(400, m.notOn);
    await this.checkCredentials(user, row, body, client, requestId);
    await inTransaction(db, async (trx) => {
      await twoFactor.remove(user.id, trx);
      const at = clock();
      await activity.record(
        {
          userId: user.id,
          action: 'two_factor_disabled',
          details: `${user.username} turned off two-factor sign-in`,
          at,
          requestId,
        },
        trx,
      );
      const change = 'Two-factor sign-in was turned off';
      await announcements.create(securityChangeNotice(user.id, change, at), trx);
    });
  }

  /**
   * The signed-in user signs in again on the session they have, for the changes that ask for a
   * recent sign-in: the password, and the second factor when two-factor is on, checked and
   * counted as a sign-in's. A wrong one is a 400 with a 'sign_in_again_failed' entry; success is
   * a 'sign_in_again' entry, and the caller marks its session signed in now.
   */
  async signInAgain(
    user: UserRow,
    body: Factor & { password: string },
    client: TwoFactorClient,
    requestId: string | null,
  ): Promise<void> {
    const { activity, clock } = this.deps;
    const row = await this.deps.twoFactor.find(user.id);
    try {
      await this.checkCredentials(user, row?.enabled === 1 ? row : null, body, client, requestId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400) {
        await activity.record({
          userId: user.id,
          action: 'sign_in_again_failed',
          details: `${user.username} failed to sign in again from ${client.ip}: ${err.message}`,
          at: clock(),
          requestId,
        });
      }
      throw err;
    }
    await activity.record({
      userId: user.id,
      action: 'sign_in_again',
      details: `${user.username} signed in again from ${client.ip}`,
      at: clock(),
      requestId,
    });
  }

  /**
   * The password, then the second factor of `row` when given one (two-factor on), counted in
   * the sign-in throttle as a sign-in's are (429 before any check once it must wait); a wrong
   * one is a 400 and stays counted.
   */
  private async checkCredentials(
    user: UserRow,
    row: TotpRow | null,
    body: Factor & { password: string },
    client: TwoFactorClient,
    requestId: string | null,
  ): Promise<void> {
    if (row) this.factorGiven(body);
    const attempt = await this.deps.throttle.begin(
      PASSWORD_SIGN_IN,
      client.ip,
      throttleAccount(user.username, client.knownDevice),
      requestId,
    );
    let stored: UserRow | undefined;
    try {
      // The row as it is now, not the request's cached copy.
      stored = await this.deps.users.findById(user.id);
    } catch (err) {
      await attempt.withdraw();
      throw err;
    }
    if (!stored || !(await verifyPassword(stored.password_hash, body.password))) {
      attempt.keep();
      throw new HttpError(400, 'Password is incorrect');
    }
    if (row) {
      try {
        await this.spend(user, row, body, requestId);
      } catch (err) {
        attempt.keep();
        throw err;
      }
    }
    await attempt.succeeded();
  }

  /**
   * Checks the second factor of a sign-in whose password was right: counted in the sign-in
   * throttle (429 before any check once it must wait), a wrong or replayed one kept there.
   */
  async verifySignIn(
    user: UserRow,
    factor: Factor,
    client: TwoFactorClient,
    requestId: string | null,
  ): Promise<void> {
    this.factorGiven(factor);
    const row = await this.deps.twoFactor.find(user.id);
    const attempt = await this.deps.throttle.begin(
      PASSWORD_SIGN_IN,
      client.ip,
      throttleAccount(user.username, client.knownDevice),
      requestId,
    );
    try {
      if (row?.enabled !== 1) throw new HttpError(400, m.notOn);
      await this.spend(user, row, factor, requestId);
    } catch (err) {
      attempt.keep();
      if (err instanceof HttpError && err.statusCode === 400) {
        await this.deps.activity.record({
          userId: user.id,
          action: 'login_failed',
          details: `wrong second factor for ${JSON.stringify(user.username)} from ${client.ip}: ${err.message}`,
          at: this.deps.clock(),
          requestId,
        });
      }
      throw err;
    }
    await attempt.succeeded();
  }

  private factorGiven(factor: Factor): void {
    if (!factor.code && !factor.recoveryCode) throw new HttpError(400, m.factorRequired);
  }

  /** Uses the code (its time step, once) or the recovery code (once); 400 when it cannot. */
  private async spend(
    user: UserRow,
    row: TotpRow,
    factor: Factor,
    requestId: string | null,
  ): Promise<void> {
    const { twoFactor, activity, clock } = this.deps;
    if (factor.code) {
      const step = this.stepOf(row, user.username, factor.code);
      if (step === null) throw new HttpError(400, m.codeIncorrect);
      if (!(await twoFactor.takeStep(user.id, step))) throw new HttpError(400, m.codeUsed);
      return;
    }
    const at = clock();
    const used = await twoFactor.useRecoveryCode(
      user.id,
      hashRecoveryCode(factor.recoveryCode ?? ''),
      at,
    );
    if (!used) throw new HttpError(400, m.recoveryCodeIncorrect);
    const left = await twoFactor.recoveryCodesLeft(user.id);
    await activity.record({
      userId: user.id,
      action: 'recovery_code_used',
      details: `${user.username} used a recovery code; ${left} left`,
      at,
      requestId,
    });
  }

  /** The time step `code` is right for (this one or one either side), or null. */
  private stepOf(row: TotpRow, username: string, code: string): number | null {
    const secret = Secret.fromBase32(this.decrypt(row.secret_enc));
    const now = this.deps.clock();
    const delta = this.totp(secret, username).validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return null;
    return Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
  }

  private totp(secret: Secret, username: string): TOTP {
    return new TOTP({
      issuer: TOTP_ISSUER,
      label: username,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_S,
      secret,
    });
  }

  private encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  private decrypt(stored: string): string {
    const raw = Buffer.from(stored.slice('v1:'.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/**
 * Names the account's current password without revealing anything of it (a digest of its hash),
 * so a session, or a sign-in waiting for its second factor, knows whether the password changed
 * since it began.
 */
export function passwordMark(user: { password_hash: string }): string {
  return sha256Hex(`pending-sign-in\n${user.password_hash}`).slice(0, 32);
}
