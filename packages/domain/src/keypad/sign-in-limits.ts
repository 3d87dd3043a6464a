// How many tries a wallet sign-in allows and what each refusal says: the server enforces these,
// and the keypad shows the counts (n/3). An OTP takes OTP_TRIES wrong codes and expires after
// OTP_TTL_MS; PIN_TRIES wrong PINs in a row lock the wallet for PIN_LOCK_MS.

export const OTP_TRIES = 3;
export const OTP_TTL_MS = 5 * 60_000;
export const PIN_TRIES = 3;
export const PIN_LOCK_MS = 15 * 60_000;

/** Spec section 9's text for a wrong code; also what a code already used gets. */
export const OTP_WRONG = 'Invalid OTP. Try again.';

export const SIGN_IN_MESSAGES = {
  otpWrong: OTP_WRONG,
  otpExpired: 'The OTP has expired. Request a new one.',
  otpSpent: 'Too many wrong OTPs. Request a new one.',
  /** The wrong PIN that locked the wallet. */
  lockedNow: `Wrong PIN. This wallet is locked for ${PIN_LOCK_MS / 60_000} minutes.`,
} as const;

/** Whether a wallet locked until `lockedUntil` (null: never locked) is still locked at `now`. */
export function isLocked(
  lockedUntil: number | null | undefined,
  now: number,
): lockedUntil is number {
  return lockedUntil !== null && lockedUntil !== undefined && lockedUntil > now;
}

/** What a sign-in to a locked wallet is told, whichever way it came in. */
export function lockedMessage(lockedUntil: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
  return `This wallet is locked after ${PIN_TRIES} wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** What a wrong PIN that left the wallet open is told: the tries left before it locks. */
export function wrongPinMessage(failedPins: number): string {
  const left = PIN_TRIES - failedPins;
  return `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
}
