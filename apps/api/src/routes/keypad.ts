// The OmegaPay keypad calls: OTP, wallet sign-in, balance, transactions. The wallet comes from
// the bearer token (the spec's fixed userId is ignored), never from the request body.
import { routes } from '@omega/contracts';
import { normalizePhone } from '@omega/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';
import { OTP_REQUEST, type ThrottlePolicy, WALLET_SIGN_IN } from '../services/login-throttle.js';

export default async function keypadRoutes(app: FastifyInstance) {
  const signIn = app.walletSignIn;
  const transactions = app.walletTransactions;
  const throttle = app.loginThrottle;

  /** One phone counts once in the throttle, however the number is written. */
  const phoneKey = (phone: string) => normalizePhone(phone) ?? phone;
  /** Checks and counts a try in one step (429 when it must wait), per address and per phone. */
  const beginAttempt = (request: FastifyRequest, policy: ThrottlePolicy, phone: string) =>
    throttle.begin(policy, request.ip, phoneKey(phone), request.id);

  function walletOf(request: FastifyRequest): string {
    if (!request.wallet) throw new HttpError(401, 'Wallet sign-in required');
    return request.wallet;
  }

  defineRoute(app, routes.ussdOtp, async (request) => {
    const attempt = await beginAttempt(request, OTP_REQUEST, request.body.phone);
    let sent: Awaited<ReturnType<typeof signIn.requestOtp>>;
    try {
      sent = await signIn.requestOtp(request.body.phone, request.id);
    } catch (err) {
      // A bad number reached no provider: it counts as nothing. A provider that failed was
      // still called, so that counts, or a failing provider could be hammered without limit.
      if (err instanceof HttpError && err.statusCode === 400) await attempt.withdraw();
      else attempt.keep();
      throw err;
    }
    // Every code sent counts, so the endpoint cannot be used to spam SMS; a code that then
    // signs the wallet in is given back (below).
    attempt.keep();
    return {
      sent: true as const,
      expiresAt: new Date(sent.expiresAt).toISOString(),
      demoOtp: sent.demoOtp,
    };
  });

  defineRoute(app, routes.ussdLogin, async (request) => {
    const { phone, otp, pin } = request.body;
    const attempt = await beginAttempt(request, WALLET_SIGN_IN, phone);
    let result: Awaited<ReturnType<typeof signIn.login>>;
    try {
      // Signed in to an account too (the keypad at '/'): an ownerless wallet becomes its.
      const account = await app.currentUser(request);
      result = await signIn.login(phone, otp, pin, account?.id ?? null);
    } catch (err) {
      // A wrong OTP or PIN stays counted; a locked wallet or a bad number checked no secret.
      if (err instanceof HttpError && err.statusCode === 401) attempt.keep();
      else await attempt.withdraw();
      // A PIN refusal carries the wrong-PIN count (n/3) as details the error handler sends.
      throw err;
    }
    await attempt.succeeded();
    // A sign-in proves the code reached its owner: that OTP request counts as nothing either.
    await throttle.refundNewest(OTP_REQUEST, phoneKey(phone));
    return result;
  });

  defineRoute(app, routes.ussdBalance, async (request) => {
    const phone = walletOf(request);
    return { phone, balances: await transactions.balances(phone), rates: transactions.rates };
  });

  defineRoute(app, routes.ussdTransaction, async (request) =>
    transactions.submit(walletOf(request), request.body),
  );

  defineRoute(app, routes.ussdGateway, async (request, reply) => {
    const answer = await app.ussdGateway.handle(request.body, request.id);
    // Aggregators read the answer as plain text: 'CON …' to continue, 'END …' to close.
    reply.type('text/plain; charset=utf-8');
    return answer;
  });

  defineRoute(app, routes.ussdTransactions, async (request) => ({
    status: 'ok' as const,
    transactions: await transactions.list(walletOf(request)),
  }));
}
