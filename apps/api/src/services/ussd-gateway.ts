// The USSD gateway: runs the keypad machine for a phone reaching us through an aggregator.
// The aggregator sends every reply so far in `text`; the session (machine state, replies
// already applied) is kept in the database for 180 s, so any server instance can answer the
// next callback. The network proves the phone (the access hook has proved the caller is the
// aggregator), so there is no OTP; the PIN is still asked, against the wallet's one lock.
// PIN replies are masked in anything logged.
//
// Aggregators resend a callback when they miss our answer, so replays change nothing: the same
// `text` again gets the stored answer; a transaction's idempotency key is derived from the
// session and the reply that confirmed it (any replay, even one rebuilt after the session
// expired, records it once); replies after a screen that ends the flow are ignored; and after
// END the session answers every further callback with SESSION_ENDED. Copies that arrive at
// once, at one instance or several, are answered one after the other: a callback holds its
// session's claim (migration 0030) while it is answered, and a copy waiting for the claim then
// finds the stored answer.

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  endsSession,
  initialState,
  type KeypadEffect,
  type KeypadInput,
  type KeypadState,
  normalizePhone,
  redactReplies,
  replyToKeys,
  settledInput,
  splitUssdText,
  toKeypadTransaction,
  toTransactionRequest,
  toUssdResponse,
  transition,
} from '@omega/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/digest.js';
import { HttpError } from '../lib/http-error.js';
import { requestIdField } from '../lib/request-context.js';
import type { UssdSessionRecord, UssdSessionsRepository } from '../repositories/ussd-sessions.js';
import { PinRefusedError, type WalletSignInService } from './wallet-sign-in.js';
import type { WalletTransactionService } from './wallet-transactions.js';

export const USSD_SESSION_MS = 180_000;
export const SESSION_ENDED = 'END This session has ended. Dial again to start over.';
/**
 * How long a callback's claim on its session holds (by the clock), which is how long a claim
 * left by an instance that died keeps the session's other callbacks waiting.
 */
export const USSD_CLAIM_MS = 10_000;
/** How long a callback waits for its session's claim (real time) before answering 503. */
const CLAIM_WAIT_MS = 12_000;
const CLAIM_POLL_MS = 20;

interface GatewaySession {
  id: string;
  state: KeypadState;
  applied: number;
  pinReplies: Set<number>;
  /** The reply being applied, and how many ids it has asked for: the idempotency key's parts. */
  reply: number;
  ids: number;
}

export interface UssdGatewayDeps {
  signIn: WalletSignInService;
  transactions: WalletTransactionService;
  sessions: UssdSessionsRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class UssdGateway {
  constructor(private readonly deps: UssdGatewayDeps) {}

  /** Answers one callback; `requestId` (the callback's request) goes on its debug line. */
  async handle(
    request: { sessionId: string; phoneNumber: string; text: string },
    requestId: string | null,
  ): Promise<string> {
    const phone = normalizePhone(request.phoneNumber.trim());
    if (!phone) throw new HttpError(400, 'phoneNumber must be a valid phone number');
    // The text holds the PIN, so only its hash is kept to recognise a resend.
    const textHash = sha256Hex(request.text);
    const { sessions, clock } = this.deps;
    // A resend of a callback answered before, the usual retry: nothing to claim.
    const earlier = storedAnswer(await sessions.find(request.sessionId, clock()), phone, textHash);
    if (earlier !== undefined) return earlier;
    const token = randomBytes(12).toString('base64url');
    await this.claim(request.sessionId, token);
    try {
      return await this.answer(request, requestId, phone, textHash);
    } finally {
      // Given back even when the answer failed; if even that fails, the claim lapses.
      await sessions.release(request.sessionId, token).catch((err: unknown) => {
        this.deps.log.warn({ err, ussdSession: request.sessionId }, 'ussd claim not released');
      });
    }
  }

  /**
   * Claims the session for this callback, waiting while another callback of it (a copy, most
   * often) is answered, or until the claim of an instance that died lapses.
   */
  private async claim(sessionId: string, token: string): Promise<void> {
    const started = performance.now();
    for (;;) {
      const now = this.deps.clock();
      if (await this.deps.sessions.claim(sessionId, token, now, now + USSD_CLAIM_MS)) return;
      if (performance.now() - started >= CLAIM_WAIT_MS) {
        throw new HttpError(503, 'This USSD session is still answering an earlier callback');
      }
      await sleep(CLAIM_POLL_MS);
    }
  }

  /** Answers a callback while holding its session's claim. */
  private async answer(
    request: { sessionId: string; text: string },
    requestId: string | null,
    phone: string,
    textHash: string,
  ): Promise<string> {
    const now = this.deps.clock();
    const stored = await this.deps.sessions.find(request.sessionId, now);
    // Read again under the claim: a copy of this callback may have been answered meanwhile.
    const earlier = storedAnswer(stored, phone, textHash);
    if (earlier !== undefined) return earlier;
    const session = await this.session(request.sessionId, phone, now, stored);
    const replies = splitUssdText(request.text);

    for (let i = session.applied; i < replies.length; i++) {
      // Replies after a screen that ended the flow are not inputs to anything.
      if (endsSession(session.state)) break;
      const reply = replies[i] ?? '';
      session.reply = i;
      session.ids = 0;
      if (session.state.screen === 'pin') session.pinReplies.add(i);
      for (const key of replyToKeys(session.state.screen, reply)) {
        await this.dispatch(session, phone, { type: 'key', key });
      }
    }
    session.applied = Math.max(session.applied, replies.length);
    this.deps.log.debug(
      {
        ussdSession: request.sessionId,
        text: redactReplies(request.text, session.pinReplies),
        screen: session.state.screen,
        ...requestIdField(requestId),
      },
      'ussd gateway',
    );
    const answer = toUssdResponse(session.state);
    // An ended session is kept until it expires, so resends and late callbacks find it closed.
    await this.deps.sessions.save({
      sessionId: request.sessionId,
      phone,
      state: JSON.stringify(session.state),
      applied: session.applied,
      pinReplies: JSON.stringify([...session.pinReplies]),
      expiresAt: now + USSD_SESSION_MS,
      lastTextHash: textHash,
      lastAnswer: answer,
      ended: endsSession(session.state),
    });
    return answer;
  }

  /**
   * The stored session, or a new one at the PIN screen. A session that expired (or that a
   * phone on another number claims) starts again and replays every reply, checking the PIN.
   */
  private async session(
    id: string,
    phone: string,
    now: number,
    stored: UssdSessionRecord | undefined,
  ): Promise<GatewaySession> {
    if (stored && stored.phone === phone) {
      return {
        id,
        // A session stored by an older version lacks newer fields: they start as new.
        state: {
          ...initialState(this.deps.transactions.rates),
          ...(JSON.parse(stored.state) as Partial<KeypadState>),
        },
        applied: stored.applied,
        pinReplies: new Set(JSON.parse(stored.pinReplies) as number[]),
        reply: stored.applied,
        ids: 0,
      };
    }
    // Sessions nobody continued are cleared as new ones begin.
    await this.deps.sessions.deleteExpired(now);
    return {
      id,
      state: { ...initialState(this.deps.transactions.rates), screen: 'pin', phoneNumber: phone },
      applied: 0,
      pinReplies: new Set(),
      reply: 0,
      ids: 0,
    };
  }

  /** Runs the machine and its effects at once: a USSD screen waits for no timer. */
  private async dispatch(
    session: GatewaySession,
    phone: string,
    input: KeypadInput,
  ): Promise<void> {
    const step = transition(session.state, input, {
      now: this.deps.clock(),
      // The same session and reply always give the same key, so a replayed confirmation
      // (a resend, or the session rebuilt from `text` on another instance) is recorded once.
      newId: () => transactionKey(session.id, session.reply, session.ids++),
    });
    session.state = step.state;
    for (const effect of step.effects) await this.run(session, phone, effect);
  }

  private async run(session: GatewaySession, phone: string, effect: KeypadEffect): Promise<void> {
    switch (effect.type) {
      case 'schedule':
        // Errors stay on this screen; the next reply clears them.
        if (effect.input.type !== 'clear-error') await this.dispatch(session, phone, effect.input);
        return;
      case 'login':
        try {
          const res = await this.deps.signIn.loginTrusted(phone, effect.pin);
          await this.dispatch(session, phone, {
            type: 'login-succeeded',
            balances: res.balances,
            locked: res.locked,
          });
        } catch (err) {
          // Only our refusals are for the phone's screen; an outage is the server's 503 and
          // anything else a 500, logged, whose text no phone should see.
          if (!(err instanceof HttpError)) throw err;
          await this.dispatch(session, phone, {
            type: 'login-failed',
            message: err.message,
            ...(err instanceof PinRefusedError
              ? { failedPins: err.failedPins, maxPins: err.maxPins }
              : {}),
          });
        }
        return;
      case 'load-balances':
        await this.dispatch(session, phone, {
          type: 'balances-loaded',
          balances: await this.deps.transactions.balances(phone),
        });
        return;
      case 'load-history': {
        const list = await this.deps.transactions.list(phone);
        await this.dispatch(session, phone, {
          type: 'history-loaded',
          transactions: list.map(toKeypadTransaction),
        });
        return;
      }
      case 'submit-transaction': {
        const t = effect.transaction;
        try {
          const res = await this.deps.transactions.submit(phone, toTransactionRequest(t));
          await this.dispatch(session, phone, settledInput(t.id, res.transaction));
        } catch (err) {
          // As at sign-in: only our refusals fail the transaction on screen.
          if (!(err instanceof HttpError)) throw err;
          await this.dispatch(session, phone, {
            type: 'transaction-failed',
            id: t.id,
            message: err.message,
          });
        }
        return;
      }
      case 'request-otp':
        // Never asked for: gateway sessions start at the PIN.
        return;
    }
  }
}

/**
 * What a stored session already says to this callback: the answer a resent `text` got, or
 * SESSION_ENDED after END. Undefined when the callback is new to the session.
 */
function storedAnswer(
  stored: UssdSessionRecord | undefined,
  phone: string,
  textHash: string,
): string | undefined {
  if (!stored || stored.phone !== phone) return undefined;
  if (stored.lastTextHash === textHash && stored.lastAnswer !== null) return stored.lastAnswer;
  return stored.ended ? SESSION_ENDED : undefined;
}

/** The idempotency key of the transaction a session's reply confirmed. */
export function transactionKey(sessionId: string, reply: number, n: number): string {
  const digest = sha256Hex(`${sessionId}\n${reply}\n${n}`);
  return `ussd-${digest.slice(0, 40)}`;
}
