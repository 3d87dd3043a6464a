// What every caller of a provider does the same way: a charge that throws (a timeout, a
// network error, a provider's 5xx) is an answer that was lost, not a failure — its outcome is
// unknown and asked about again with the same key; a refused payment is a 402 naming why.
import { HttpError } from '../../lib/http-error.js';
import type { ChargeOutcome, ChargeRequest, DeclineCode, PaymentProvider } from './provider.js';

export async function chargeSafely(
  provider: PaymentProvider,
  request: ChargeRequest,
): Promise<ChargeOutcome> {
  try {
    return await provider.charge(request);
  } catch (err) {
    return { status: 'unknown', reason: err instanceof Error ? err.message : String(err) };
  }
}

/** 402 {message, code[, requiresAction]}: the payment did not go through. */
export function paymentRequired(
  code: DeclineCode,
  message: string,
  requiresAction?: { paymentId: string; clientSecret: string | null; amount: number },
): HttpError {
  return new HttpError(
    402,
    message,
    {},
    {
      details: requiresAction ? { code, requiresAction } : { code },
    },
  );
}
