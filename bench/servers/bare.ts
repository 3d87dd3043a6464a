// The baseline: a bare Fastify hello route, run in its own process by session-read.ts.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
