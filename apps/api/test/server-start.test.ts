// Where the server process listens, and that whoever started it talks to it and to no one else
// (decision 048). A port chosen before the server starts can be taken by another process in
// between, which then answers the starter's checks: in CI a shutdown test signalled its own
// server and asked readiness of another test's server, which never turned 503. Now the kernel
// picks the port as the server binds, and a port that is taken stops the start, loudly.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { stablePort } from '../src/lib/listening.js';
import { request, type ServerProcess, startServer } from './helpers/server-process.js';

const servers: ServerProcess[] = [];
const strangers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()));
  for (const stranger of strangers.splice(0)) stranger.close();
});

/** Another process's server on a loopback port, answering 200 to everything. */
async function stranger(): Promise<number> {
  const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
  strangers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

describe('the server process: where it listens', () => {
  it('binds a port the kernel picks with PORT=0, and tells the parent that started it which', async () => {
    const server = await startServer({});
    servers.push(server);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
    const ready = await request(server.url, { path: '/api/health/ready' });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ok', database: 'ok' });
  }, 90_000);

  it('exits 1 naming the address when its port is taken, so its starter never talks to the owner', async () => {
    const taken = await stranger();
    const starting = startServer({ PORT: String(taken) });
    await expect(starting).rejects.toThrow(/the server exited \(1\) before it listened/);
    await expect(starting).rejects.toThrow(new RegExp(`EADDRINUSE.*127\\.0\\.0\\.1:${taken}`));
  }, 90_000);

  it('keeps a port for restarts outside the range the kernel hands out, which PORT=0 draws from', async () => {
    const range = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    const low = Number(range.split(/\s+/)[0]);
    const kernel: number[] = [];
    for (let i = 0; i < 20; i++) kernel.push(await stranger());
    expect(Math.min(...kernel)).toBeGreaterThanOrEqual(low);
    for (let i = 0; i < 20; i++) {
      const port = await stablePort();
      expect(port).toBeLessThan(low);
      expect(port).toBeGreaterThanOrEqual(10_000);
    }
  });
});
