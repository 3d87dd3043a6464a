// An answer with a message for the person on the other end (4xx, or a 503 that says what is
// unavailable); thrown from handlers and turned into `{ message }` by the one error handler.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}
