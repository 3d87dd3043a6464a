// An answer with a message for the person on the other end (4xx, or a 503 that says what is
// unavailable); thrown from handlers and turned into `{ message, ...details }` by the one error
// handler. `details` are machine-readable fields the route's error schema declares (a client
// reads those, never the wording of the message).
export class HttpError extends Error {
  readonly details: Readonly<Record<string, unknown>>;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.details = options?.details ?? {};
  }
}
