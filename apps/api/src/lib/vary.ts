// Adds a request header to an answer's Vary, keeping what is there: the widget's CORS varies
// every answer by Origin, and a static file sent compressed also varies by Accept-Encoding.
import type { FastifyReply } from 'fastify';

export function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', field);
    return;
  }
  const named = String(vary)
    .split(',')
    .map((v) => v.trim().toLowerCase());
  if (!named.includes('*') && !named.includes(field.toLowerCase())) {
    reply.header('vary', `${vary}, ${field}`);
  }
}
