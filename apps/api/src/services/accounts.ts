// Accounts: registering (from the sign-in page, with a registration key, or from the CLI),
// signing in and out, and resetting a password. The username and password rules are the
// contract's (wire shape, `@omega/contracts` credentials); each write and its activity entry
// are one transaction, and argon2 runs before the transaction, never inside it. A method that
// serves a request takes its id last (`requestId`, for the activity row, decision 020); the
// CLI's have none.
import {
  accountMessages,
  messages,
  passwordProblem,
  type User,
  usernameProblem,
} from '@omega/contracts';
import { normalizeRole, type Role } from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { AnnouncementsRepository } from '../repositories/announcements.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import type { UsersRepository } from '../repositories/users.js';
import { type LoginThrottle, PASSWORD_SIGN_IN } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { KeyKind, RegistrationKeys } from './registration-keys.js';
import { newSignInNotice } from './security-notices.js';

/**
 * Wrong registration keys count in the sign-in throttle under a pseudo-account of the caller's
 * address: one shared by every caller let a few guesses from anywhere make everyone wait, the
 * holder of the right key included.
 */
const keyGuessAccount = (ip: string) => `#registration-key@${ip}`;

/**
 * The sign-in throttle's account for tries at `username`'s password: the account's shared budget,
 * or a known device's own (services/device-trust.ts, decision 018).
 */
export const throttleAccount = (username: string, knownDevice: string | null) => {
  const login = username.toLowerCase();
  return knownDevice === null ? login : `${login}#device:${knownDevice}`;
};

const KEY_REFUSED: Record<KeyKind, string> = {
  admin: messages.adminKeyInvalid,
  supergod: messages.supergodKeyInvalid,
};

/** Each row's view, made once: a signed-in user's row is shared for a second (users.ts). */
const views = new WeakMap<UserRow, User>();

/**
 * An account as every client sees it: never the password hash. Rows are never changed in place
 * (a change reads or builds a new row), so a row's view stays true; callers must not change it.
 */
export function toUser(row: UserRow): User {
  let view = views.get(row);
  if (!view) {
    view = {
      id: row.id,
      username: row.username,
      email: row.email,
      role: normalizeRole(row.role),
      createdAt: new Date(row.created_at).toISOString(),
      lastLogin: row.last_login === null ? null : new Date(row.last_login).toISOString(),
    };
    views.set(row, view);
  }
  return view;
}

export interface NewAccount {
  username: string;
  password: string;
  role: Role;
}

export interface AccountDeps {
  db: Kysely<Database>;
  users: UsersRepository;
  sessions: SessionsRepository;
  activity: ActivityRepository;
  /** Where the new sign-in notice goes: to the account's own announcements. */
  announcements: AnnouncementsRepository;
  throttle: LoginThrottle;
  keys: RegistrationKeys;
  clock: Clock;
  /** Whether the account signs in with a second factor (services/two-factor.ts). */
  secondFactorOn: (userId: number) => Promise<boolean>;
}

/** Who is signing in. */
export interface SignInClient {
  ip: string;
  /**
   * This browser's device token for the account (services/device-trust.ts): null when it has
   * not signed in to the account before.
   */
  knownDevice: string | null;
  userAgent: string | null;
}

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /**
   * Registers from the sign-in page: the account is created signed in (its last sign-in is
   * now), with its 'register' activity entry in the same transaction.
   */
  register(account: NewAccount, requestId: string | null): Promise<UserRow> {
    return this.create(
      account,
      {
        signedIn: true,
        action: 'register',
        details: (user) => `${user.username} registered as ${account.role}`,
      },
      requestId,
    );
  }

  /**
   * Registers an administrator or supergod: the key is checked first, and wrong keys count in
   * the sign-in throttle of the caller's address (429 before any check once it must wait).
   */
  async registerWithKey(
    kind: KeyKind,
    key: string,
    account: Omit<NewAccount, 'role'>,
    ip: string,
    requestId: string | null,
  ): Promise<UserRow> {
    const attempt = await this.deps.throttle.begin(
      PASSWORD_SIGN_IN,
      ip,
      keyGuessAccount(ip),
      requestId,
    );
    if (!this.deps.keys.verify(kind, key)) {
      attempt.keep();
      throw new HttpError(403, KEY_REFUSED[kind]);
    }
    // The right key counts as nothing, but leaves the guessers' streak where it was.
    await attempt.withdraw();
    return this.register({ ...account, role: kind }, requestId);
  }

  /** Creates an account from the admin CLI, recorded as created there. */
  createFromCli(account: NewAccount): Promise<UserRow> {
    return this.create(
      account,
      {
        signedIn: false,
        action: 'user_created',
        details: (user) => `${user.username} created as ${account.role} from the CLI`,
      },
      null,
    );
  }

  /**
   * Checks a sign-in. Counts the try in the throttle first (429 when it must wait, before any
   * hashing); a wrong password, an unknown name and a disabled account are one 401 each, with a
   * 'login_failed' entry. On success the sign-in time and the 'login' entry are one write.
   * `knownDevice` is the device cookie's id when this browser has signed in to the account
   * before (services/device-trust.ts): its tries count against that device's own budget, so
   * an outsider's failures, which spend the account's, never lock the owner out.
   * An account with two-factor on is not signed in yet: the answer says a second factor is
   * needed, with a 'login_second_factor' entry, and `completeSignIn` follows it.
   */
  async signIn(
    username: string,
    password: string,
    client: SignInClient,
    requestId: string | null,
  ): Promise<{ user: UserRow; secondFactor: boolean }> {
    const { users, activity, throttle, clock } = this.deps;
    const { ip } = client;
    const account = throttleAccount(username, client.knownDevice);
    const attempt = await throttle.begin(PASSWORD_SIGN_IN, ip, account, requestId);
    let found: UserRow | undefined;
    try {
      found = await users.findByUsername(username);
    } catch (err) {
      // The database could not answer (a 503): no password was checked, so nothing counts.
      await attempt.withdraw();
      throw err;
    }
    const valid = await verifyPassword(found?.password_hash, password);
    if (!found || !valid || found.disabled !== 0) {
      attempt.keep();
      await activity.record({
        userId: found?.id ?? null,
        action: 'login_failed',
        details: `failed sign-in for ${JSON.stringify(username)} from ${ip}`,
        at: clock(),
        requestId,
      });
      throw new HttpError(
        401,
        found && valid ? messages.accountDisabled : messages.invalidCredentials,
      );
    }
    let secondFactor: boolean;
    try {
      secondFactor = await this.deps.secondFactorOn(found.id);
    } catch (err) {
      await attempt.withdraw();
      throw err;
    }
    if (!secondFactor) {
      await attempt.succeeded();
      return { user: await this.completeSignIn(found, client, requestId), secondFactor: false };
    }
    // The right password alone is not a sign-in: its slot is given back, but the account's
    // streak of failures (wrong codes included) goes on until the second factor is right too,
    // so knowing the password does not buy fresh guesses at the code.
    await attempt.withdraw();
    await activity.record({
      userId: found.id,
      action: 'login_second_factor',
      details: `${found.username} gave the right password; the second factor is awaited`,
      at: clock(),
      requestId,
    });
    return { user: found, secondFactor: true };
  }

  /**
   * Records a sign-in whose checks have passed: the sign-in time, the 'login' entry and, from a
   * browser that had not signed in to the account before, a notice to the account (unless it
   * never signed in at all: an account made by the CLI or an administrator) are one write.
   * Refuses an account disabled since its password was checked.
   */
  async completeSignIn(
    user: UserRow,
    client: SignInClient,
    requestId: string | null,
  ): Promise<UserRow> {
    const { users, activity, announcements, clock } = this.deps;
    if (user.disabled !== 0) throw new HttpError(401, messages.accountDisabled);
    const at = clock();
    const newBrowser = client.knownDevice === null && user.last_login !== null;
    await inTransaction(this.deps.db, async (trx) => {
      await users.recordLogin(user.id, at, trx);
      const details = `${user.username} signed in${newBrowser ? ' from a new browser' : ''}`;
      await activity.record({ userId: user.id, action: 'login', details, at, requestId }, trx);
      if (newBrowser) await announcements.create(newSignInNotice(user.id, client, at), trx);
    });
    return { ...user, last_login: at };
  }

  async signedOut(user: UserRow, requestId: string | null): Promise<void> {
    await this.deps.activity.record({
      userId: user.id,
      action: 'logout',
      details: `${user.username} signed out`,
      at: this.deps.clock(),
      requestId,
    });
  }

  /**
   * The signed-in user changes their own password. The current password is a guess like a
   * sign-in's: it is counted in the sign-in throttle first (429 before any hashing once it must
   * wait), and a wrong one is a 400 with a 'password_change_failed' entry. On success the new
   * hash, the end of every other session of the account (all but `keepSession`, the stored hash
   * of the caller's session id) and the 'password_change' entry are one transaction; the caller
   * then replaces its own session's id. Answers the account with its new password, and how many
   * other sessions ended.
   */
  async changePassword(
    user: UserRow,
    change: { currentPassword: string; newPassword: string },
    client: { ip: string; knownDevice: string | null; keepSession: string },
    requestId: string | null,
  ): Promise<{ user: UserRow; sessionsEnded: number }> {
    const { db, users, sessions, activity, throttle, clock } = this.deps;
    const problem = passwordProblem(change.newPassword);
    if (problem) throw new HttpError(400, problem);
    const attempt = await throttle.begin(
      PASSWORD_SIGN_IN,
      client.ip,
      throttleAccount(user.username, client.knownDevice),
      requestId,
    );
    let stored: UserRow | undefined;
    try {
      // The row as it is now, not the request's cached copy: a hash changed a moment ago counts.
      stored = await users.findById(user.id);
    } catch (err) {
      await attempt.withdraw();
      throw err;
    }
    if (!stored) {
      await attempt.withdraw();
      throw new HttpError(401, 'Authentication required');
    }
    if (!(await verifyPassword(stored.password_hash, change.currentPassword))) {
      // Changed since this request's copy of the account (read as its session was checked),
      // and what it gave was the password it replaced: another change was made a moment ago,
      // as with the check below. Of several changes sent at once, the one that read the
      // password after the first was made ends here.
      if (
        stored.password_hash !== user.password_hash &&
        (await verifyPassword(user.password_hash, change.currentPassword))
      ) {
        await attempt.succeeded();
        throw new HttpError(409, accountMessages.passwordChangedMeanwhile);
      }
      attempt.keep();
      await activity.record({
        userId: user.id,
        action: 'password_change_failed',
        details: `${user.username} gave a wrong current password when changing it, from ${client.ip}`,
        at: clock(),
        requestId,
      });
      throw new HttpError(400, accountMessages.currentPasswordIncorrect);
    }
    await attempt.succeeded();
    const passwordHash = await hashPassword(change.newPassword);
    const ended = await inTransaction(db, async (trx) => {
      // Only over the password just checked: of changes sent at once, one is made.
      if (!(await users.setPasswordHash(user.id, passwordHash, trx, stored.password_hash))) {
        throw new HttpError(409, accountMessages.passwordChangedMeanwhile);
      }
      const others = await sessions.deleteForUserExcept(user.id, client.keepSession, trx);
      await activity.record(
        {
          userId: user.id,
          action: 'password_change',
          details: `${user.username} changed their password; ${others} other session(s) ended`,
          at: clock(),
          requestId,
        },
        trx,
      );
      return others;
    });
    users.forget(user.id);
    return { user: { ...stored, password_hash: passwordHash }, sessionsEnded: ended };
  }

  /** Sets a new password and signs the account out everywhere; answers how many sessions ended. */
  async resetPassword(
    username: string,
    password: string,
  ): Promise<{ user: UserRow; sessionsEnded: number }> {
    const { db, users, sessions, activity, clock } = this.deps;
    const user = await users.findByUsername(username);
    if (!user) throw new HttpError(404, `No user named '${username}'`);
    const problem = passwordProblem(password);
    if (problem) throw new HttpError(400, problem);
    const passwordHash = await hashPassword(password);
    const sessionsEnded = await inTransaction(db, async (trx) => {
      await users.setPasswordHash(user.id, passwordHash, trx);
      const ended = await sessions.deleteForUser(user.id, trx);
      await activity.record(
        {
          userId: user.id,
          action: 'password_reset',
          details: `password of ${user.username} reset from the CLI`,
          at: clock(),
          requestId: null,
        },
        trx,
      );
      return ended;
    });
    users.forget(user.id);
    return { user, sessionsEnded };
  }

  private async create(
    account: NewAccount,
    record: {
      signedIn: boolean;
      action: 'register' | 'user_created';
      details: (user: UserRow) => string;
    },
    requestId: string | null,
  ): Promise<UserRow> {
    const { db, users, activity, clock } = this.deps;
    const problem = usernameProblem(account.username) ?? passwordProblem(account.password);
    if (problem) throw new HttpError(400, problem);
    // A name already taken is refused before spending a hash on it.
    if (await users.findByUsername(account.username)) {
      throw new HttpError(409, messages.usernameTaken);
    }
    const passwordHash = await hashPassword(account.password);
    return inTransaction(db, async (trx) => {
      const at = clock();
      const created = await users.create(
        {
          username: account.username,
          passwordHash,
          role: account.role,
          createdAt: at,
          lastLogin: record.signedIn ? at : null,
        },
        trx,
      );
      // A concurrent registration of the same name can win between the check and the insert.
      if (!created) throw new HttpError(409, messages.usernameTaken);
      await activity.record(
        {
          userId: created.id,
          action: record.action,
          details: record.details(created),
          at,
          requestId,
        },
        trx,
      );
      return created;
    });
  }
}
