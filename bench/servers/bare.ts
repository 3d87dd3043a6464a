// The baseline: a bare Fastify hello route (no logger, no plugins), the shape of Fastify's own
// benchmark. Run in its own process by the benchmarks, on PORT.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
