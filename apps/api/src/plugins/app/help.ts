// The help the assistant answers from: the articles, their index and the question model, built
// once at start (a malformed article stops the server here). The build is about half a second
// of CPU that blocks the event loop, so it is loaded before load shedding: @fastify/under-pressure
// starts measuring the loop when it registers, and a build inside its first sample read as a
// stalled loop, so the first calls after start were refused with 503 (decision 016).
import fp from 'fastify-plugin';
import { buildHelp, type Help } from '../../services/assistant/assistant-service.js';
import { loadArticles } from '../../services/assistant/load-articles.js';

declare module 'fastify' {
  interface FastifyInstance {
    help: Help;
  }
}

export default fp(
  async (app) => {
    app.decorate('help', buildHelp(loadArticles()));
  },
  { name: 'help' },
);
