// Passkeys (issue 37, decision 034): WebAuthn credentials, by @simplewebauthn/server. An account
// registers discoverable passkeys with user verification, so each one can sign in alone (and
// that sign-in is multi-factor: the device, and the PIN or biometric that unlocked it), or
// answer the second step of a password sign-in. Each ceremony's challenge is kept in the
// caller's session for 5 minutes by the injected clock and taken out once (the route takes it;
// this service judges it). A signature counter that did not move forward, when either it or
// the stored one is non-zero, is refused and recorded ('passkey_counter_rejected'): the
// authenticator may have been cloned. Refused sign-ins count in the sign-in throttle as wrong
// passwords do. Every change and its activity entry are one transaction.
import { randomBytes } from 'node:crypto';
import {
  type AddPasskeyBody,
  CREDENTIAL_ID_BYTES_MAX,
  passkeyMessages as m,
  messages,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyAssertionOptions,
  type PasskeyRegistrationOptions,
} from '@omega/contracts';
import { counterAccepted, defaultPasskeyName, PASSKEYS_MAX, passkeyName } from '@omega/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../config/config.js';
import type { Database, PasskeyRow, UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/digest.js';
import { HttpError } from '../lib/http-error.js';
import { inTransaction } from '../lib/transaction.js';
import { lockAccount } from '../repositories/account-lock.js';
import type { ActivityRepository } from '../repositories/activity.js';
import type { AnnouncementsRepository } from '../repositories/announcements.js';
import type { PasskeysRepository } from '../repositories/passkeys.js';
import type { UsersRepository } from '../repositories/users.js';
import { throttleAccount } from './accounts.js';
import { type LoginThrottle, PASSWORD_SIGN_IN } from './login-throttle.js';
import { securityChangeNotice } from './security-notices.js';
import { webauthn } from './webauthn.js';

export const RP_NAME = 'Omega';
/** How long a ceremony's challenge may be answered, by the server's clock. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;

/** Where ceremonies must happen: the relying party's id (a domain) and the page's origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party of a request: as configured, else the request's host name (without its
 * port) as the id and its protocol and host as the origin. A derived pair that is wrong (a
 * proxy that hides https) makes every ceremony fail, never pass: the browser signs the id and
 * origin it really used, and the credential is bound to the id it was made for.
 */
export function relyingParty(
  configured: Config['webauthn'],
  request: { hostname: string; host: string; protocol: string },
): RelyingParty {
  return {
    id: configured.rpId ?? request.hostname.toLowerCase(),
    origin: configured.origin ?? `${request.protocol}://${request.host.toLowerCase()}`,
  };
}

/** A ceremony waiting for the browser's answer, kept in the session. */
export interface PasskeyChallenge {
  challenge: string;
  purpose: 'register' | 'sign-in' | 'second-factor' | 'sign-in-again';
  /** The account it was given to (all but a sign-in, which names none). */
  userId?: number;
  /** Registration: the WebAuthn user id the authenticator is asked to keep. */
  userHandle?: string;
  until: number;
}

/** Takes the session's challenge out, once (plugins/external/session.ts). */
export type TakeChallenge = () => Promise<unknown>;

export interface PasskeyClient {
  ip: string;
  /** The device cookie's id for this account, when this browser signed in to it before. */
  knownDevice(username: string): string | null;
}

export interface PasskeysDeps {
  db: Kysely<Database>;
  users: UsersRepository;
  passkeys: PasskeysRepository;
  activity: ActivityRepository;
  /** The account's own notice of a passkey added (services/security-notices.ts). */
  announcements: AnnouncementsRepository;
  throttle: LoginThrottle;
  clock: Clock;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    backedUp: row.backed_up === 1,
  };
}

function transportsOf(row: PasskeyRow): string[] {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** The library's sentence for a refused answer, after ours. */
const refusal = (status: 400 | 401, what: string, err: unknown) => {
  // The client data is the one JSON in an answer (the rest is CBOR): JSON.parse's message would
  // quote the bytes it met, NULs and all.
  if (err instanceof SyntaxError) return new HttpError(status, `${what}: ${m.clientDataNotJson}`);
  // A JavaScript failure inside the library (bytes that decode to no attestation at all) says
  // how the library is written, not what was wrong with the answer.
  if (err instanceof TypeError || err instanceof RangeError || err instanceof ReferenceError) {
    return new HttpError(status, `${what}: its answer could not be read`);
  }
  const why = err instanceof Error ? err.message : String(err);
  // The library's messages quote what it was sent: no control characters go back with them.
  return new HttpError(status, `${what}: ${why.replace(/\p{Cc}/gu, '')}`);
};

/**
 * The throttle's account for a credential no account has: its own, so that guesses at
 * credential ids are counted by address (the per-address limit) and lock nobody out.
 */
const unknownCredential = (id: string) => `#passkey:${sha256Hex(id).slice(0, 32)}`;

export class PasskeysService {
  constructor(private readonly deps: PasskeysDeps) {}

  async list(userId: number): Promise<Passkey[]> {
    return (await this.deps.passkeys.forUser(userId)).map(toPasskey);
  }

  /** The options to register a passkey, and the challenge to keep in the session. */
  async registrationOptions(
    user: UserRow,
    rp: RelyingParty,
  ): Promise<{ options: PasskeyRegistrationOptions; challenge: PasskeyChallenge }> {
    const existing = await this.deps.passkeys.forUser(user.id);
    if (existing.length >= PASSKEYS_MAX) throw new HttpError(409, m.tooMany);
    const { generateRegistrationOptions, isoBase64URL } = await webauthn();
    // One WebAuthn user id per account: an authenticator then keeps one entry for it.
    const userHandle = existing[0]?.user_handle ?? isoBase64URL.fromBuffer(randomBytes(32));
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: user.username,
      userDisplayName: user.username,
      userID: isoBase64URL.toBuffer(userHandle),
      timeout: PASSKEY_CHALLENGE_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.credential_id,
        transports: transportsOf(p),
      })),
      // Discoverable and verified: every passkey can sign in alone, as a second factor too.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return {
      options,
      challenge: {
        challenge: options.challenge,
        purpose: 'register',
        userId: user.id,
        userHandle,
        until: this.deps.clock() + PASSKEY_CHALLENGE_MS,
      },
    };
  }

  /**
   * Verifies the browser's registration answer and stores the passkey, audited. `take` takes
   * the session's challenge out (once), after the name was found good.
   */
  async register(
    user: UserRow,
    body: AddPasskeyBody,
    take: TakeChallenge,
    rp: RelyingParty,
    requestId: string | null,
  ): Promise<Passkey> {
    const { db, passkeys, activity, clock } = this.deps;
    const named = body.name === undefined ? undefined : this.checkedName(body.name);
    const challenge = this.fresh(await take(), 'register', user.id);
    const { verifyRegistrationResponse, isoBase64URL } = await webauthn();
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch (err) {
      throw refusal(400, 'The passkey could not be added', err);
    }
    if (!verification.verified) {
      throw new HttpError(400, 'The passkey could not be added: its attestation was not verified');
    }
    const info = verification.registrationInfo;
    // The attestation's own length field is not bounded by the library: WebAuthn's is.
    if (isoBase64URL.toBuffer(info.credential.id).length > CREDENTIAL_ID_BYTES_MAX) {
      throw new HttpError(
        400,
        `The passkey could not be added: its credential id is longer than ${CREDENTIAL_ID_BYTES_MAX} bytes`,
      );
    }
    return inTransaction(db, async (trx) => {
      await lockAccount(trx, user.id);
      const existing = await passkeys.forUser(user.id, trx);
      if (existing.length >= PASSKEYS_MAX) throw new HttpError(409, m.tooMany);
      const at = clock();
      const row = await passkeys.insert(
        {
          userId: user.id,
          credentialId: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          userHandle: challenge.userHandle ?? isoBase64URL.fromBuffer(randomBytes(32)),
          counter: info.credential.counter,
          transports: info.credential.transports ?? [],
          name: named ?? defaultPasskeyName(existing.map((p) => p.name)),
          aaguid: info.aaguid,
          backedUp: info.credentialBackedUp,
          at,
        },
        trx,
      );
      if (!row) throw new HttpError(409, m.alreadyRegistered);
      await activity.record(
        {
          userId: user.id,
          action: 'passkey_added',
          details: `${user.username} added the passkey ${JSON.stringify(row.name)}`,
          at,
          requestId,
        },
        trx,
      );
      const change = `The passkey ${JSON.stringify(row.name)} was added to your account`;
      await this.deps.announcements.create(securityChangeNotice(user.id, change, at), trx);
      return toPasskey(row);
    });
  }

  async rename(
    user: UserRow,
    id: number,
    typed: string,
    requestId: string | null,
  ): Promise<Passkey> {
    const { db, passkeys, activity, clock } = this.deps;
    const name = this.checkedName(typed);
    return inTransaction(db, async (trx) => {
      const row = await passkeys.findOwn(user.id, id, trx);
      if (!row || !(await passkeys.rename(user.id, id, name, trx))) {
        throw new HttpError(404, m.notFound);
      }
      await activity.record(
        {
          userId: user.id,
          action: 'passkey_renamed',
          details: `${user.username} renamed the passkey ${JSON.stringify(row.name)} to ${JSON.stringify(name)}`,
          at: clock(),
          requestId,
        },
        trx,
      );
      return toPasskey({ ...row, name });
    });
  }

  async remove(user: UserRow, id: number, requestId: string | null): Promise<void> {
    const { db, passkeys, activity, clock } = this.deps;
    await inTransaction(db, async (trx) => {
      const row = await passkeys.findOwn(user.id, id, trx);
      if (!row || !(await passkeys.remove(user.id, id, trx))) {
        throw new HttpError(404, m.notFound);
      }
      await activity.record(
        {
          userId: user.id,
          action: 'passkey_removed',
          details: `${user.username} removed the passkey ${JSON.stringify(row.name)}`,
          at: clock(),
          requestId,
        },
        trx,
      );
    });
  }

  /**
   * The options of a sign-in with a passkey alone: no account named (the authenticator offers
   * its discoverable passkeys for this site), and user verification required, since the
   * sign-in asks for nothing else.
   */
  async signInOptions(
    rp: RelyingParty,
  ): Promise<{ options: PasskeyAssertionOptions; challenge: PasskeyChallenge }> {
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: [],
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_MS,
    });
    return { options, challenge: this.challenge(options.challenge, 'sign-in') };
  }

  /**
   * The options of the second step of a password sign-in: the account's own passkeys. The
   * password was the first factor, so the passkey need only be present ('preferred').
   */
  secondFactorOptions(user: UserRow, rp: RelyingParty) {
    return this.ownOptions(user, rp, 'second-factor', 'preferred', m.noneOnAccount);
  }

  /**
   * The options of signing in again on a session (the changes that ask for a recent sign-in):
   * the account's own passkeys, user verification required, since nothing else is asked.
   */
  signInAgainOptions(user: UserRow, rp: RelyingParty) {
    return this.ownOptions(user, rp, 'sign-in-again', 'required', m.noneToSignInAgain);
  }

  /** Options naming the account's own passkeys; `none` is the 400 when it has none. */
  private async ownOptions(
    user: UserRow,
    rp: RelyingParty,
    purpose: 'second-factor' | 'sign-in-again',
    userVerification: 'preferred' | 'required',
    none: string,
  ): Promise<{ options: PasskeyAssertionOptions; challenge: PasskeyChallenge }> {
    const own = await this.deps.passkeys.forUser(user.id);
    if (own.length === 0) throw new HttpError(400, none);
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: own.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
      userVerification,
      timeout: PASSKEY_CHALLENGE_MS,
    });
    return { options, challenge: this.challenge(options.challenge, purpose, user.id) };
  }

  /**
   * The signed-in user signs in again with one of their passkeys (user verification included):
   * a 400 when refused, counted in the throttle as a sign-in and recorded as
   * 'sign_in_again_failed'; 'sign_in_again' once it went through, and the caller marks its
   * session signed in now.
   */
  async signInAgain(
    user: UserRow,
    assertion: PasskeyAssertion,
    take: TakeChallenge,
    rp: RelyingParty,
    client: PasskeyClient,
    requestId: string | null,
  ): Promise<void> {
    await this.answeredByOwn(user, assertion, await take(), rp, client, requestId, {
      purpose: 'sign-in-again',
      requireUserVerification: true,
      used: 'signed in again with',
      failed: {
        action: 'sign_in_again_failed',
        what: `${user.username} failed to sign in again with a passkey from ${client.ip}`,
      },
    });
    await this.deps.activity.record({
      userId: user.id,
      action: 'sign_in_again',
      details: `${user.username} signed in again with a passkey from ${client.ip}`,
      at: this.deps.clock(),
      requestId,
    });
  }

  /**
   * A sign-in with a passkey alone: answers the account once the assertion is verified (user
   * verification included) and its counter moved; 401 otherwise, counted in the throttle under
   * the account's key (or the unknown credential's) and recorded as a failed sign-in.
   */
  async signIn(
    assertion: PasskeyAssertion,
    take: TakeChallenge,
    rp: RelyingParty,
    client: PasskeyClient,
    requestId: string | null,
  ): Promise<UserRow> {
    const challenge = this.fresh(await take(), 'sign-in');
    const row = await this.deps.passkeys.findByCredentialId(assertion.id);
    const user = row ? await this.deps.users.findById(row.user_id) : undefined;
    const attempt = await this.deps.throttle.begin(
      PASSWORD_SIGN_IN,
      client.ip,
      user
        ? throttleAccount(user.username, client.knownDevice(user.username))
        : unknownCredential(assertion.id),
      requestId,
    );
    try {
      if (!row || !user) throw new HttpError(401, m.notRegistered);
      const handle = assertion.response.userHandle;
      if (handle !== undefined && handle !== row.user_handle) {
        throw new HttpError(401, m.notThisAccount);
      }
      const verified = await this.verify(row, assertion, challenge, rp, 401, true);
      // As with a password: only an answer that proves the passkey learns the account is off.
      if (user.disabled !== 0) throw new HttpError(401, messages.accountDisabled);
      await this.used(row, user, verified, 401, 'signed in with', requestId);
    } catch (err) {
      await this.failed(
        attempt,
        err,
        row?.user_id ?? null,
        `failed passkey sign-in from ${client.ip}`,
        requestId,
      );
      throw err;
    }
    await attempt.succeeded();
    return user;
  }

  /**
   * The second step of a password sign-in answered by one of the account's passkeys; 400 when
   * refused (as a wrong code is), counted in the throttle under the account's key.
   */
  async verifySecondFactor(
    user: UserRow,
    assertion: PasskeyAssertion,
    take: TakeChallenge,
    rp: RelyingParty,
    client: PasskeyClient,
    requestId: string | null,
  ): Promise<void> {
    await this.answeredByOwn(user, assertion, await take(), rp, client, requestId, {
      purpose: 'second-factor',
      requireUserVerification: false,
      used: 'gave as a second factor',
      failed: {
        action: 'login_failed',
        what: `wrong second factor for ${JSON.stringify(user.username)} from ${client.ip}`,
      },
    });
  }

  /**
   * An answer of one of the account's own passkeys to the session's challenge for `how.purpose`:
   * verified and its counter moved, counted in the sign-in throttle under the account's key; a
   * refusal is a 400, kept in the throttle and recorded as `how.failed.action`.
   */
  private async answeredByOwn(
    user: UserRow,
    assertion: PasskeyAssertion,
    stored: unknown,
    rp: RelyingParty,
    client: PasskeyClient,
    requestId: string | null,
    how: {
      purpose: 'second-factor' | 'sign-in-again';
      requireUserVerification: boolean;
      used: string;
      failed: { action: 'login_failed' | 'sign_in_again_failed'; what: string };
    },
  ): Promise<void> {
    const challenge = this.fresh(stored, how.purpose, user.id);
    const attempt = await this.deps.throttle.begin(
      PASSWORD_SIGN_IN,
      client.ip,
      throttleAccount(user.username, client.knownDevice(user.username)),
      requestId,
    );
    try {
      const row = await this.deps.passkeys.findByCredentialId(assertion.id);
      if (!row) throw new HttpError(400, m.notRegistered);
      if (row.user_id !== user.id) throw new HttpError(400, m.notThisAccount);
      const verified = await this.verify(
        row,
        assertion,
        challenge,
        rp,
        400,
        how.requireUserVerification,
      );
      await this.used(row, user, verified, 400, how.used, requestId);
    } catch (err) {
      await this.failed(attempt, err, user.id, how.failed.what, requestId, how.failed.action);
      throw err;
    }
    await attempt.succeeded();
  }

  private challenge(
    challenge: string,
    purpose: PasskeyChallenge['purpose'],
    userId?: number,
  ): PasskeyChallenge {
    return {
      challenge,
      purpose,
      ...(userId === undefined ? {} : { userId }),
      until: this.deps.clock() + PASSKEY_CHALLENGE_MS,
    };
  }

  /** The session's challenge if it is for this ceremony and still in time; else a 400. */
  private fresh(
    stored: unknown,
    purpose: PasskeyChallenge['purpose'],
    userId?: number,
  ): PasskeyChallenge {
    const c = stored as Partial<PasskeyChallenge> | undefined;
    if (
      typeof c?.challenge !== 'string' ||
      c.purpose !== purpose ||
      typeof c.until !== 'number' ||
      c.until <= this.deps.clock() ||
      (userId !== undefined && c.userId !== userId)
    ) {
      throw new HttpError(400, m.noChallenge);
    }
    return c as PasskeyChallenge;
  }

  private checkedName(typed: string): string {
    const checked = passkeyName(typed);
    if ('problem' in checked) throw new HttpError(400, checked.problem);
    return checked.name;
  }

  /**
   * The assertion's signature, challenge, origin, relying party and flags, checked against the
   * stored key. The library is given a counter of 0 so that it does not judge the counter
   * itself: it would refuse before checking the signature, and only an answer that the passkey
   * really signed says anything about a copy (`used` judges it).
   */
  private async verify(
    row: PasskeyRow,
    assertion: PasskeyAssertion,
    challenge: PasskeyChallenge,
    rp: RelyingParty,
    status: 400 | 401,
    requireUserVerification: boolean,
  ) {
    const { verifyAuthenticationResponse, isoBase64URL } = await webauthn();
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      result = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: row.credential_id,
          publicKey: isoBase64URL.toBuffer(row.public_key),
          counter: 0,
          transports: transportsOf(row),
        },
        requireUserVerification,
      });
    } catch (err) {
      throw refusal(status, "The passkey's answer could not be verified", err);
    }
    if (!result.verified) {
      throw new HttpError(status, "The passkey's answer could not be verified: wrong signature");
    }
    return result.authenticationInfo;
  }

  /**
   * Moves the passkey's counter and writes its use, with 'passkey_used', in one transaction. A
   * counter that did not move forward — or that a concurrent sign-in moved first — is refused
   * and recorded as 'passkey_counter_rejected'.
   */
  private async used(
    row: PasskeyRow,
    user: UserRow,
    info: { newCounter: number; credentialBackedUp: boolean },
    status: 400 | 401,
    how: string,
    requestId: string | null,
  ): Promise<void> {
    const { db, passkeys, activity, clock } = this.deps;
    const received = info.newCounter;
    const moved =
      counterAccepted(row.counter, received) &&
      (await inTransaction(db, async (trx) => {
        const at = clock();
        const counter = { from: row.counter, to: received };
        if (!(await passkeys.used(row.id, counter, info.credentialBackedUp, at, trx))) {
          return false;
        }
        await activity.record(
          {
            userId: user.id,
            action: 'passkey_used',
            details: `${user.username} ${how} the passkey ${JSON.stringify(row.name)}`,
            at,
            requestId,
          },
          trx,
        );
        return true;
      }));
    if (moved) return;
    await activity.record({
      userId: user.id,
      action: 'passkey_counter_rejected',
      details: `the passkey ${JSON.stringify(row.name)} of ${user.username} answered signature counter ${received} where ${row.counter} was stored: refused, it may have been copied`,
      at: clock(),
      requestId,
    });
    throw new HttpError(status, m.counterWentBack);
  }

  /** A refused try stays counted and is recorded; anything else (a 503) gives its slot back. */
  private async failed(
    attempt: { keep(): void; withdraw(): Promise<void> },
    err: unknown,
    userId: number | null,
    what: string,
    requestId: string | null,
    action: 'login_failed' | 'sign_in_again_failed' = 'login_failed',
  ): Promise<void> {
    if (!(err instanceof HttpError) || err.statusCode >= 500) {
      await attempt.withdraw();
      return;
    }
    attempt.keep();
    await this.deps.activity.record({
      userId,
      action,
      details: `${what}: ${err.message}`,
      at: this.deps.clock(),
      requestId,
    });
  }
}
