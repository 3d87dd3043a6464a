// Passkeys (issue 37, decision 034): what a passkey may be named, the name one gets when none is
// given, and the signature-counter rule of WebAuthn (§7.2 step 21): when either the stored or
// the received counter is non-zero, the received one must be greater, or the authenticator may
// have been cloned. Authenticators that keep no counter answer 0 every time and are accepted.
import { showsNothing, unprintableCharacter } from './text.js';

export const PASSKEY_NAME_MAX = 64;
/** How many passkeys one account may keep (the registration's exclude list stays short). */
export const PASSKEYS_MAX = 20;

/** A name as typed, trimmed and checked: the name to keep, or what is wrong with it. */
export function passkeyName(typed: string): { name: string } | { problem: string } {
  const name = typed.trim();
  const length = [...name].length;
  if (showsNothing(name)) return { problem: 'name must not be empty' };
  if (length > PASSKEY_NAME_MAX) {
    return { problem: `name must be at most ${PASSKEY_NAME_MAX} characters (got ${length})` };
  }
  const unprintable = unprintableCharacter(name);
  if (unprintable) return { problem: `name must be plain text: it holds ${unprintable}` };
  return { name };
}

/** 'Passkey N' with the smallest N from the count onwards that no passkey of the account has. */
export function defaultPasskeyName(existing: readonly string[]): string {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  let n = existing.length + 1;
  while (taken.has(`passkey ${n}`)) n += 1;
  return `Passkey ${n}`;
}

/** Whether an assertion's signature counter may follow the stored one. */
export function counterAccepted(stored: number, received: number): boolean {
  if (stored === 0 && received === 0) return true;
  return received > stored;
}
