// A TCP proxy on loopback that tests put between the app and PostgreSQL or Redis to break the
// network on purpose. Modes:
// - pass: bytes flow both ways;
// - refuse: nothing listens on the port, so new connections get ECONNREFUSED (open ones go on);
// - reset: every open connection is reset (RST), and so is every new one;
// - freeze: no byte moves either way and nothing is closed, like a partition; open connections
//   and new ones wait, and resume where they were when the mode goes back to pass.
import { createServer, type Server, Socket } from 'node:net';

export type FaultMode = 'pass' | 'refuse' | 'reset' | 'freeze';

export interface FaultProxy {
  readonly port: number;
  readonly mode: FaultMode;
  set(mode: FaultMode): Promise<void>;
  /** Connections accepted so far (a pool that reconnects shows up here). */
  readonly accepted: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  let accepted = 0;
  const pairs = new Set<Pair>();

  const flowing = () => mode === 'pass';

  function forward(from: Socket, to: Socket) {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (flowing()) from.resume();
    });
  }

  function onConnection(client: Socket) {
    accepted += 1;
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const upstream = new Socket();
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
      socket.on('end', end);
    }
    if (!flowing()) {
      client.pause();
      upstream.pause();
    }
    forward(client, upstream);
    forward(upstream, client);
    upstream.connect(target.port, target.host);
    if (!flowing()) upstream.pause();
  }

  let server: Server = createServer(onConnection);
  await listen(server, 0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fault proxy: no port');
  const port = address.port;

  return {
    port,
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    async set(next: FaultMode) {
      const previous = mode;
      mode = next;
      if (next === 'refuse' && previous !== 'refuse') {
        // Stop listening; open connections carry on (close() does not end them).
        server.close();
      } else if (next !== 'refuse' && previous === 'refuse') {
        server = createServer(onConnection);
        await listen(server, port);
      }
      for (const { client, upstream } of [...pairs]) {
        if (next === 'reset') {
          client.resetAndDestroy();
          upstream.destroy();
        } else if (next === 'freeze') {
          client.pause();
          upstream.pause();
        } else {
          client.resume();
          upstream.resume();
        }
      }
    },
    async close() {
      for (const { client, upstream } of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      if (mode !== 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
