// A 413 ends the connection, cleanly.
//
// A body refused for its size is not read, so the connection cannot carry another request: the
// client may still be sending the rest. Without a word about it the client would take the socket
// for a kept-alive one and send its next request on a socket the server is about to drop
// (@hono/node-server drains an unread body for a short while, then destroys the socket).
//
// So every 413 says `Connection: close`: the client opens a new socket for its next request, and
// Node ends this one once the response is written. Ending it at once would lose the answer:
// closing a socket whose unread input is still arriving makes the kernel send a reset, and a
// client that gets the reset before it has read the 413 sees only 'connection reset'. So the
// socket closes the way careful servers close it (a 'lingering close'; Go's net/http waits
// 500 ms the same way): our side ends after the response (FIN), what the client still sends is
// read and thrown away while it flows, and the socket is destroyed when the client closes its
// side, after LINGER_MS, or once about LINGER_BYTES more input arrived.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../types.ts';

/** How long a refused client may keep sending after its 413 before the socket is destroyed. */
export const LINGER_MS = 500;
/** How much more it may send in that time. */
export const LINGER_BYTES = 1024 * 1024;
const LINGER_CHECK_MS = 50;

const lingering = new WeakSet<Socket>();

/**
 * From now on, when Node ends this socket (it does so after a response that said
 * `Connection: close`), end our side, keep reading (the HTTP parser discards the rest of a body it
 * was told to dump) and destroy the socket when the client closes, or at the time or byte bound.
 */
export function lingerOnClose(socket: Socket): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  let started = false;
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (started) return;
    started = true;
    if (this.writable) this.end();
    if (this.destroyed) return;
    const readAtStart = this.bytesRead;
    const deadline = Date.now() + LINGER_MS;
    const check = setInterval(() => {
      if (this.destroyed) return clearInterval(check);
      if (Date.now() >= deadline || this.bytesRead - readAtStart > LINGER_BYTES) {
        clearInterval(check);
        this.destroy();
      }
    }, LINGER_CHECK_MS);
    check.unref();
    this.once('close', () => clearInterval(check));
    // The client closing its side ends ours for good (both directions done).
    this.once('end', () => {
      if (!this.destroyed) this.destroy();
    });
    this.resume();
  };
}

/**
 * This response says `Connection: close`, and its socket closes after it (lingering). For answers
 * given before the request body was read: the 413s (rest/body.ts payloadTooLarge).
 */
export function closeConnectionAfterResponse(c: Context<AppEnv>): void {
  c.header('Connection', 'close');
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // HTTP/1 only: an HTTP/2 stream is reset on its own and the connection lives on.
  if (incoming && incoming.httpVersionMajor === 1) lingerOnClose(incoming.socket);
}
