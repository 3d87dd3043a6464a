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
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config.polled || request.method !== 'GET') return payload;
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
      reply.header('cache-control', 'private, no-cache');
      const presented = request.headers['if-none-match'];
      if (presented?.split(',').some((t) => t.trim() === etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'polled-reads' },
);
