// The OmegaPay keypad calls: OTP, wallet sign-in, balance, transactions. The wallet comes from
// the bearer token (the spec's fixed userId is ignored), never from the request body.
import { routes } from '@omega/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../lib/define-route.js';
import { HttpError } from '../lib/http-error.js';

export default async function keypadRoutes(app: FastifyInstance) {
  const wallets = app.wallets;
  const throttle = app.loginThrottle;

  const refuseIfThrottled = (request: FastifyRequest, key: string) =>
    throttle.refuseIfThrottled(request.ip, key, 'Too many attempts');

  function walletOf(request: FastifyRequest): string {
    if (!request.wallet) throw new HttpError(401, 'Wallet sign-in required');
    return request.wallet;
  }

  defineRoute(app, routes.ussdOtp, async (request) => {
    const key = `otp:${request.body.phone}`;
    await refuseIfThrottled(request, key);
    const sent = await wallets.requestOtp(request.body.phone);
    // Every OTP request counts toward the limit, so the endpoint cannot be used to spam SMS.
    await throttle.recordFailure(request.ip, key);
    return {
      sent: true as const,
      expiresAt: new Date(sent.expiresAt).toISOString(),
      demoOtp: sent.demoOtp,
    };
  });

  defineRoute(app, routes.ussdLogin, async (request) => {
    const key = `wallet:${request.body.phone}`;
    await refuseIfThrottled(request, key);
    try {
      const result = await wallets.login(request.body.phone, request.body.otp, request.body.pin);
      await throttle.recordSuccess(key);
      return result;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 401) {
        await throttle.recordFailure(request.ip, key);
      }
      throw err;
    }
  });

  defineRoute(app, routes.ussdBalance, async (request) => {
    const phone = walletOf(request);
    return { phone, balances: await wallets.balances(phone), rates: wallets.rates };
  });

  defineRoute(app, routes.ussdTransaction, async (request) =>
    wallets.submit(walletOf(request), request.body),
  );

  defineRoute(app, routes.ussdGateway, async (request, reply) => {
    const answer = await app.ussdGateway.handle(request.body);
    // Aggregators read the answer as plain text: 'CON …' to continue, 'END …' to close.
    reply.type('text/plain; charset=utf-8');
    return answer;
  });

  defineRoute(app, routes.ussdTransactions, async (request) => ({
    status: 'ok' as const,
    transactions: await wallets.list(walletOf(request)),
  }));
}
