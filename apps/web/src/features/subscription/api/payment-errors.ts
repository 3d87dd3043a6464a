// How a call that charges the saved card fails (issue 39): a 402 with the server's reason, and
// perhaps a payment the user's bank wants approved first. Used by the plan change and by
// paying a past-due invoice alike.
import type { PaymentRequiredResponse } from '@omega/contracts';
import type { RouteAnswer } from '@omega/contracts/client';
import { api } from '../../../lib/api.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/error-message.js';
import { StripeJsUnavailable } from './stripe-js.js';

export type PaymentAction = NonNullable<PaymentRequiredResponse['requiresAction']>;

/** Why a charge did not go through, when the failure is the server's 402; else undefined. */
export function paymentProblem(err: unknown): PaymentRequiredResponse | undefined {
  if (!(err instanceof ApiError) || err.status !== 402) return undefined;
  const body = err.body as Partial<PaymentRequiredResponse> | null | undefined;
  return typeof body?.message === 'string' ? (body as PaymentRequiredResponse) : undefined;
}

/** What to say of a failed call that may charge the card: Stripe.js missing is said as such. */
export function chargeErrorMessage(err: unknown): string {
  return err instanceof StripeJsUnavailable ? err.message : errorMessage(err);
}

/** The 402 that asks for a saved card before the charge can be tried at all. */
export function needsPaymentMethod(err: unknown): boolean {
  return paymentProblem(err)?.code === 'no_payment_method';
}

/**
 * Asks the user to approve a payment their bank wants confirmed: true approves, false refuses
 * (the demo's AuthenticationDialog, or Stripe.js's own step: see useApproval).
 */
export type AskApproval = (action: PaymentAction) => Promise<boolean>;

/**
 * Runs a call that may charge the saved card. When the card asks for authentication the user
 * is asked, and the answer goes to POST /api/billing/confirm, which finishes what the call
 * started and answers as it would have. A refusal comes back as the server's 402.
 */
export async function withApproval<T extends { message: string }>(
  run: () => Promise<T>,
  ask: AskApproval,
): Promise<T | RouteAnswer<'confirmPayment'>> {
  try {
    return await run();
  } catch (err) {
    const action = paymentProblem(err)?.requiresAction;
    if (!action) throw err;
    const approve = await ask(action);
    return api.call('confirmPayment', { body: { paymentId: action.paymentId, approve } });
  }
}
