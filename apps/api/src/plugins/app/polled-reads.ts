// Reads that clients poll every few seconds answer 304 Not Modified when the client's ETag
// still matches, so a poll that finds nothing new costs a hash instead of a download.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    polled?: boolean;
  }
}

export default fp(
  async (app) => {
    // A callback hook: the other answers pass without a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        !request.routeOptions.config.polled ||
        request.method !== 'GET' ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string'
      ) {
        done(null, payload);
        return;
      }
      const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
      reply.header('cache-control', 'private, no-cache');
      const presented = request.headers['if-none-match'];
      if (presented?.split(',').some((t) => t.trim() === etag)) {
        reply.code(304);
        done(null, '');
        return;
      }
      done(null, payload);
    });
  },
  { name: 'polled-reads' },
);
