// What the wallet's OTP sign-in needs from an SMS provider, the error every provider throws
// when a message was not accepted, and the HTTP call the providers share (a form post, timed out).

export interface SmsSender {
  /** Resolves once the provider has accepted the message; throws SmsSendError otherwise. */
  send(phone: string, text: string): Promise<void>;
}

/** A message the provider did not accept. Its text never contains the message sent. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  constructor(
    readonly provider: string,
    /** What went wrong, for the log: the provider's status and error, or the network's. */
    readonly reason: string,
    /** The HTTP status the provider answered, if it answered at all. */
    readonly status: number | null = null,
  ) {
    super(`${provider}: ${reason}`);
  }
}

const MAX_DETAIL = 300;

/**
 * Removes the message, and every run of 4 or more digits in it, from a provider's text: a
 * provider that echoes the request back in an error must not carry the OTP into a log.
 */
export function withoutMessage(detail: string, text: string): string {
  let out = detail.split(text).join('[message]');
  for (const digits of text.match(/\d{4,}/g) ?? []) out = out.split(digits).join('[redacted]');
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > MAX_DETAIL ? `${out.slice(0, MAX_DETAIL)}…` : out;
}

export interface FormPost {
  provider: string;
  url: string;
  headers: Record<string, string>;
  fields: Record<string, string>;
  timeoutMs: number;
  /** The message being sent, so that no failure can quote it. */
  text: string;
}

/** Posts a form and reads the whole answer in time; a network failure is an SmsSendError. */
export async function postForm(post: FormPost): Promise<{ status: number; body: string }> {
  const signal = AbortSignal.timeout(post.timeoutMs);
  try {
    const res = await fetch(post.url, {
      method: 'POST',
      headers: {
        ...post.headers,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(post.fields).toString(),
      signal,
      redirect: 'error',
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    if (signal.aborted) {
      throw new SmsSendError(post.provider, `no answer within ${post.timeoutMs} ms`);
    }
    const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
    const why =
      typeof cause?.code === 'string'
        ? cause.code
        : typeof cause?.message === 'string'
          ? cause.message
          : (err as Error).message;
    throw new SmsSendError(
      post.provider,
      `could not reach ${new URL(post.url).origin} (${withoutMessage(why, post.text)})`,
    );
  }
}

/** The JSON of an answer, or null when it is not JSON (a proxy's page, a plain-text error). */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
