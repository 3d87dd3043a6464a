// The browser half of passkeys (issue 37): asks an authenticator to create or use a passkey with
// the server's options, through @simplewebauthn/browser. The library is loaded on first use, so
// the sign-in page's first load does not carry it (decision 004). A ceremony that does not
// happen — no WebAuthn in this browser, the person cancelled, the device holds a passkey already
// — becomes a `PasskeyError` whose message is said to the person as it is.
import type {
  PasskeyAssertion,
  PasskeyAssertionOptions,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
} from '@omega/contracts';
import { errorMessage } from './error-message.js';

export const passkeyText = {
  unsupported:
    'This browser cannot use passkeys. Use a recent browser on a device with a screen lock, or sign in with your password.',
  cancelled:
    'The passkey request was cancelled or timed out, so nothing was sent. Try again when you are ready.',
  knownDevice: 'This device already holds a passkey for your account.',
} as const;

export class PasskeyError extends Error {
  override name = 'PasskeyError';
}

/** Whether this browser has WebAuthn at all (checked without loading the library). */
export const passkeysAvailable = (): boolean =>
  typeof globalThis.PublicKeyCredential === 'function';

/** What the person is told of a failed passkey step: ours, or the server's refusal. */
export function passkeyFailure(err: unknown): string {
  return err instanceof PasskeyError ? err.message : errorMessage(err);
}

/** A field of what was thrown: browsers throw DOMExceptions, which are not always Errors. */
const field = (err: unknown, key: 'name' | 'message'): string =>
  typeof err === 'object' && err !== null && key in err
    ? String((err as Record<string, unknown>)[key])
    : '';

function explain(err: unknown): PasskeyError {
  const name = field(err, 'name');
  // Browsers answer NotAllowedError for a cancel, a timeout, and no passkey chosen alike.
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new PasskeyError(passkeyText.cancelled);
  }
  if (name === 'InvalidStateError') return new PasskeyError(passkeyText.knownDevice);
  return new PasskeyError(
    `The passkey request did not work: ${field(err, 'message') || String(err)}`,
  );
}

/** Refuses at once in a browser without WebAuthn: before asking the server for anything. */
export function requirePasskeys(): void {
  if (!passkeysAvailable()) throw new PasskeyError(passkeyText.unsupported);
}

async function library() {
  requirePasskeys();
  return import('@simplewebauthn/browser');
}

/** Asks the authenticator for a new passkey (navigator.credentials.create). */
export async function createPasskey(
  options: PasskeyRegistrationOptions,
): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await library();
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (err) {
    throw explain(err);
  }
}

/** Asks the authenticator to sign the challenge with a passkey (navigator.credentials.get). */
export async function signWithPasskey(options: PasskeyAssertionOptions): Promise<PasskeyAssertion> {
  const { startAuthentication } = await library();
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (err) {
    throw explain(err);
  }
}
