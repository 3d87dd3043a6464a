// Lingering close, as nginx does it: an answer given before the request's body was read (a body
// over the size limit) goes out with `Connection: close`, and the connection then stays open
// while the client sends the rest of the body it announced, which is read and thrown away. Closing
// at once left those bytes unread, and a socket closed with unread bytes is reset: the reset could
// overtake the answer, and the client saw a network fault instead of its 413 (issue 35). The rest
// is read up to a cap in bytes and in time, so a client cannot hold the connection open at will.
import type { IncomingMessage } from 'node:http';

/** At most this many more bytes are read and discarded before the connection closes. */
export const LINGER_MAX_BYTES = 10 * 1024 * 1024;
/** At most this long is waited for the rest of the body before the connection closes. */
export const LINGER_MAX_MS = 5_000;

/**
 * Makes the connection of `request`, whose answer is to close it, close only once the client has
 * sent the rest of the request (or the caps are reached). Node closes such a connection with the
 * socket's `destroySoon` once the answer is written: for this socket, that first ends our side
 * (the client reads the answer and the end), then discards what still arrives, then closes.
 */
export function lingerBeforeClose(
  request: IncomingMessage,
  limits: { bytes: number; ms: number } = { bytes: LINGER_MAX_BYTES, ms: LINGER_MAX_MS },
): void {
  if (request.complete) return;
  const socket = request.socket;
  socket.destroySoon = () => {
    // The HTTP parser goes on reading the socket and drops the rest of the body (Node dumps a
    // request whose answer is out), so what was read is counted on the socket itself.
    const readBefore = socket.bytesRead;
    const started = Date.now();
    const close = () => {
      clearInterval(watch);
      socket.destroy();
    };
    const watch = setInterval(() => {
      if (socket.bytesRead - readBefore > limits.bytes || Date.now() - started > limits.ms) close();
    }, 20);
    watch.unref();
    request.once('end', close);
    request.once('error', close);
    socket.once('end', close);
    socket.once('close', () => clearInterval(watch));
    socket.end();
    request.resume();
  };
}
