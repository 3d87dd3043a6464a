// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser
// that has signed in to an account holds a token for that account, and its sign-in tries are
// throttled on their own instead of on the account's shared budget. An outsider's wrong
// passwords therefore slow down every unknown device, never the owner's (decision 018, issue
// 32). A token is `<nonce>.<HMAC(key, login|nonce)>`: it names no account, it cannot be forged
// without the server's secret, and it is worth nothing for another account. One cookie holds
// the tokens of the last few accounts signed in from the browser.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'omega.device';
/**
 * Sent with API calls only (not pages or assets). Sign-in reads it; registration, under its own
 * paths, must see it too, or the new account's token would replace the others.
 */
export const DEVICE_COOKIE_PATH = '/api';
/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Accounts remembered per browser; the oldest is dropped. */
export const MAX_DEVICE_TOKENS = 5;

const NONCE = /^[A-Za-z0-9_-]{16}$/;

export class DeviceTrust {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, derived from the server's secret: a device token is not a session signature.
    this.key = createHmac('sha256', secret).update('omega device cookie v1').digest();
  }

  /**
   * The nonce of the cookie's token for this account (the device's identity for the throttle),
   * or null when the browser has not signed in to it (or the cookie was altered).
   */
  knownDevice(cookie: string | undefined, username: string): string | null {
    const login = username.toLowerCase();
    for (const token of tokens(cookie)) {
      const [nonce, mac] = token.split('.');
      if (!nonce || !mac || !NONCE.test(nonce)) continue;
      const expected = this.mac(login, nonce);
      const offered = Buffer.from(mac, 'base64url');
      if (offered.length === expected.length && timingSafeEqual(offered, expected)) return nonce;
    }
    return null;
  }

  /** The cookie's value after a sign-in to `username`: its token first, the others after. */
  remember(cookie: string | undefined, username: string): string {
    const login = username.toLowerCase();
    const nonce = this.knownDevice(cookie, login) ?? randomBytes(12).toString('base64url');
    const token = `${nonce}.${this.mac(login, nonce).toString('base64url')}`;
    const others = tokens(cookie).filter((t) => !t.startsWith(`${nonce}.`));
    return [token, ...others].slice(0, MAX_DEVICE_TOKENS).join('~');
  }

  private mac(login: string, nonce: string): Buffer {
    return createHmac('sha256', this.key).update(`${login}|${nonce}`).digest();
  }
}

function tokens(cookie: string | undefined): string[] {
  if (!cookie || cookie.length > 1000) return [];
  return cookie.split('~').slice(0, MAX_DEVICE_TOKENS);
}
