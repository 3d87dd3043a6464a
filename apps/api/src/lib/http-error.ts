// A 4xx answer with a message for the person on the other end; thrown from handlers
// and turned into `{ message }` by the one error handler.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
