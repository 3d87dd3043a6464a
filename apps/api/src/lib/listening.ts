// How a parent process learns where the server it spawned listens (decision 048). With PORT=0 the
// kernel picks a free port as the server binds, so no other process can take it in between; the
// server then tells a parent that gave it an IPC channel, as process managers expect. A port
// chosen beforehand by the parent and passed in is a race: another process may bind it first, and
// the parent's checks would then be answered by that process.
import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The message a server sends its parent once it listens. */
export interface ListeningMessage {
  event: 'listening';
  /** Where it listens, as Fastify's listen() returned it: `http://127.0.0.1:43215`. */
  address: string;
}

/** Tells the parent, when there is one on an IPC channel, where this process listens. */
export function announceListening(address: string): void {
  const message: ListeningMessage = { event: 'listening', address };
  process.send?.(message);
}

function isListening(message: unknown): message is ListeningMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as ListeningMessage).event === 'listening' &&
    typeof (message as ListeningMessage).address === 'string'
  );
}

/**
 * The address `child` (spawned with an 'ipc' stdio entry) announces. Rejects when it exits first
 * (a port taken, a bad configuration) or says nothing within `timeoutMs`, with `output()` (what
 * it printed) in the message.
 */
export function listeningAddress(
  child: ChildProcess,
  options: { name: string; timeoutMs: number; output?: () => string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const said = () => (options.output ? `:\n${options.output().slice(-4000)}` : '');
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: unknown) => {
      if (!isListening(message)) return;
      done();
      resolve(message.address);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      reject(new Error(`${options.name} exited (${signal ?? code}) before it listened${said()}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${options.name} did not listen within ${options.timeoutMs} ms${said()}`));
    }, options.timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Whether nothing listens on `port` on loopback right now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free loopback port for a server that must keep its port across restarts (an instance behind
 * HAProxy, whose configuration names it; the origin a browser test has loaded). It is below the
 * kernel's ephemeral range (`ip_local_port_range`), the only ports the kernel hands out by itself
 * (to PORT=0 and to outgoing connections): while the server is down for a restart, no other
 * process gets the port by chance, only one that asks for it by number.
 */
export async function stablePort(): Promise<number> {
  let low = 32768;
  try {
    low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
  } catch {
    // Not Linux: the usual default.
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = randomInt(10_000, Math.max(low, 10_001));
    if (await free(port)) return port;
  }
  throw new Error(`no free port found from 10000 to ${low - 1}`);
}
