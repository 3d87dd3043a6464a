// The one error handler: 4xx answers carry a clear `message`; a database that cannot serve
// right now is a 503 with Retry-After that says so (logged once per outage, not per request);
// anything else is logged in full and answered with a generic message, so no stack trace
// reaches a client.
import type { FastifyError, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error.js';
import { lingerBeforeClose } from '../../lib/lingering-close.js';
import { unavailable } from '../../lib/unavailable.js';
import { SessionEndedError } from '../../services/session-store.js';
import { SESSION_COOKIE } from '../external/session.js';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/**
 * A refusal's body: `message`, with the same text as `error` too where the route's answer for
 * that status declares an `error` field (POST /api/ussd/login: the spec's keypad client reads
 * `error`, ours reads `message`).
 */
function refusal(
  request: FastifyRequest,
  status: number,
  body: { message: string } & Record<string, unknown>,
) {
  const answers = request.routeOptions.schema?.response as
    | Record<string, { properties?: Record<string, unknown> }>
    | undefined;
  return answers?.[status]?.properties?.error ? { ...body, error: body.message } : body;
}

/** Fastify's own client-error codes, reworded for people. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type: send the body as application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty: send a JSON object or no Content-Type',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof SessionEndedError) {
        // Revoked while this request ran: it ends signed out, and nothing saves the session
        // again on the way out (that would make the row the revocation deleted).
        (request as { session: unknown }).session = null;
        return reply
          .code(401)
          .clearCookie(SESSION_COOKIE, { path: '/' })
          .send({ message: error.message });
      }
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send(refusal(request, error.statusCode, { ...error.details, message: error.message }));
      }
      if (error.validation) {
        return reply.code(400).send(refusal(request, 400, { message: error.message }));
      }
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      if (known) {
        // Bad bodies are bad input: 400, except a body over the size limit (413).
        const status = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 413 : 400;
        // Answered before the body was all read, on a connection Fastify closes after: the rest
        // is read first, so the close does not reset the connection under the answer.
        if (reply.getHeader('connection') === 'close') lingerBeforeClose(request.raw);
        return reply.code(status).send(refusal(request, status, { message: known }));
      }
      const down = unavailable(error);
      if (down) {
        // A lost deadlock is this request's bad luck, not an outage of the database.
        if (down.kind !== 'contention') app.databaseOutages.failed(error);
        // Nor is the session saved with this answer: the store is that same database, and a
        // save failing after this handler would replace the answer with the raw error text.
        if (request.session) (request as { session: unknown }).session = null;
        return reply
          .code(503)
          .header('retry-after', String(down.retryAfterSeconds))
          .send({ message: down.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(refusal(request, status, { message: error.message }));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: GENERIC_500 });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      // '/API/USER' and '//api//user' are API calls mistyped, not pages: they get the JSON 404.
      const asCalled = path.replace(/\/{2,}/g, '/').toLowerCase();
      if (asCalled === '/api' || asCalled.startsWith('/api/') || !app.webAppAvailable) {
        return reply.code(404).send({ message: `No such call: ${request.method} ${path}` });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(404).send({ message: `No such call: ${request.method} ${path}` });
      }
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'errors', dependencies: ['web-app', 'database'] },
);
