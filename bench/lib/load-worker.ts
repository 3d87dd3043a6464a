// The load generator's own process (on its own core when pinned): runs autocannon for each spec
// the benchmark sends over IPC and answers with the figures.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load-spec.js';

let runs = 0;

async function run(spec: LoadSpec): Promise<LoadResult> {
  const prefix = `${randomBytes(3).toString('hex')}${(runs++).toString(36)}`;
  let nextConnection = 0;
  const perConnection = spec.perConnectionHeaders ?? [];
  const cpuBefore = process.cpuUsage();
  const method = spec.method ?? 'GET';
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    // Each connection is one client (one user, one wallet) with its own requests: autocannon's
    // request context is reset after every request, so the numbering lives here.
    setupClient: (client) => {
      const n = nextConnection++;
      let k = 0;
      const headers = { ...spec.headers, ...(perConnection[n % perConnection.length] ?? {}) };
      const dynamic = spec.bodies !== undefined || spec.uniquePlaceholder !== undefined;
      client.setRequests([
        {
          method,
          headers,
          body: spec.body,
          ...(dynamic
            ? {
                setupRequest: (request: autocannon.Request) => {
                  let body = spec.bodies ? spec.bodies[k % spec.bodies.length] : spec.body;
                  if (body !== undefined && spec.uniquePlaceholder) {
                    body = body.replaceAll(spec.uniquePlaceholder, `${prefix}-${n}-${k}`);
                  }
                  k += 1;
                  return { ...request, body };
                },
              }
            : {}),
        },
      ]);
    },
  });
  const cpu = process.cpuUsage(cpuBefore);
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = stat.count ?? 0;
  }
  const requests = result.requests.total;
  return {
    requests,
    seconds: result.duration,
    rps: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
    cpuMicros: cpu.user + cpu.system,
  };
}

process.on('message', (message) => {
  const { id, spec } = message as { id: number; spec: LoadSpec };
  run(spec).then(
    (result) => process.send?.({ id, result }),
    (err: unknown) =>
      process.send?.({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// Gone with the benchmark that started it.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
