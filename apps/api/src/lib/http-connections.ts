// The HTTP server's connections and the requests being answered on them, for the shutdown.
// Node's server.close() ends only idle keep-alive connections, and from then on no longer
// enforces headersTimeout or requestTimeout, so one client trickling its headers or body would
// hold the shutdown until the deadline. Draining ends the rest itself (decision 016).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Answering {
  req: IncomingMessage;
  startedAt: number;
}

/**
 * The requests being answered on a socket, kept on the socket itself for its whole life. A map
 * from socket to list, set and deleted for every request, rebuilt its table every few hundred
 * requests; V8 leaves a replaced table pointing at the entries it held, so under load every
 * request's objects outlived the young generation's collections, were copied to the old
 * generation and waited for a full collection there (decision 053's later section).
 */
const ANSWERING = Symbol('omega.answering');

type TrackedSocket = Socket & { [ANSWERING]?: Answering[] };

/** How often a drain looks for requests whose body is late. */
const SWEEP_EVERY_MS = 250;

export class HttpConnections {
  private readonly open = new Set<TrackedSocket>();
  private draining = false;
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly server: Server,
    private readonly requestTimeoutMs: number,
  ) {
    server.on('connection', (socket: TrackedSocket) => {
      this.open.add(socket);
      socket.once('close', () => this.open.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.track(req, res));
  }

  /** Connections still open, and requests being answered on them. */
  counts(): { connections: number; requests: number } {
    let requests = 0;
    for (const socket of this.open) requests += socket[ANSWERING]?.length ?? 0;
    return { connections: this.open.size, requests };
  }

  /**
   * From now on no connection is kept for another request. Those with no request being
   * answered (idle, or still sending headers: nothing the app accepted) are closed now, the
   * others once answered; a request still receiving its body keeps the request timeout.
   */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    for (const socket of this.open) {
      if (!socket[ANSWERING]?.length) socket.destroy();
    }
    this.sweep = setInterval(() => this.timeOutLateBodies(), SWEEP_EVERY_MS);
    this.sweep.unref();
  }

  /** Cuts every connection still open (the shutdown deadline); returns how many there were. */
  destroyAll(): number {
    const n = this.open.size;
    for (const socket of this.open) socket.destroy();
    this.stop();
    return n;
  }

  stop(): void {
    clearInterval(this.sweep);
  }

  private track(req: IncomingMessage, res: ServerResponse): void {
    const socket: TrackedSocket = req.socket;
    const entry = { req, startedAt: performance.now() };
    // The socket's list, made at its first request, is changed in place: this runs for every
    // request.
    socket[ANSWERING] ??= [];
    const list = socket[ANSWERING];
    list.push(entry);
    res.once('close', () => {
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
      if (list.length > 0) return;
      // Answers sent while draining say Connection: close; one whose headers went out before
      // the drain began did not, and its connection is not reused either.
      if (this.draining && !socket.destroyed) socket.destroySoon();
    });
  }

  /**
   * A request whose body has not all arrived within the request timeout (counted from its
   * headers) gets what Node gives it before close(): the server's clientError with Node's own
   * timeout code, which Fastify answers 408 before closing the connection.
   */
  private timeOutLateBodies(): void {
    const now = performance.now();
    for (const socket of this.open) {
      const list = socket[ANSWERING];
      if (list?.some((e) => !e.req.complete && now - e.startedAt > this.requestTimeoutMs)) {
        const err = Object.assign(new Error('request timed out while the server drains'), {
          code: 'ERR_HTTP_REQUEST_TIMEOUT',
        });
        this.server.emit('clientError', err, socket);
      }
    }
  }
}
