import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

// O9: an answer sent before the request body was read to its end (413 over the body limit, 415, an
// error raised by a hook, an early rejection of a multipart upload) must reach a client that is
// still writing that body. Closing the socket with the rest of the body unread makes the kernel
// answer the client's next bytes with a reset: the client's write fails (EPIPE, ECONNRESET) and the
// reset may discard the answer before the client has read it (Node's fetch failed about one time in
// three). So the rest is read and dropped — up to DRAIN_LIMIT_BYTES or DRAIN_LIMIT_MS — and only
// then is the connection closed (RFC 9112 §9.6, a "lingering close").
//
// - A rest known to fit in the bound (Content-Length) keeps the connection: once the body has
//   arrived, the next request on it is read as usual.
// - A longer rest, or one of unknown length (chunked), is answered with `Connection: close`: a
//   client that watches for early answers stops sending; the connection closes once the body has
//   arrived or the bound is reached.
// - At the byte bound the server stops reading; the connection is closed when the client closes it
//   or at the time bound. A client still writing then waits on a full window instead of meeting a
//   reset at once, which gives one whose event loop is busy the time to read the answer it already
//   has (a reset at the byte bound cut Node's fetch now and then on a loaded machine).
// Node's HTTP server closes a connection after an answer marked `Connection: close` (by Fastify on a
// body parser's error, or by the client's own request) as soon as the answer is written, through
// the socket's destroySoon(); while the rest is drained that close is held back, and done after.

/** O9: bytes of the rest of a body the server reads and drops after an early answer. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
/** O9: how long the server keeps reading that rest before it closes the connection anyway. */
export const DRAIN_LIMIT_MS = 5000;

const bodyBytesRead = new WeakMap<IncomingMessage, () => number>();
const draining = new WeakSet<IncomingMessage>();

/** A route that reads its body itself (a multipart upload) says how much it has read. */
export function countBodyBytesRead(request: FastifyRequest, read: () => number): void {
  bodyBytesRead.set(request.raw, read);
}

/** Bytes of the body still to arrive: Infinity when the headers do not tell (chunked). */
function restOfBody(raw: IncomingMessage): number {
  if (raw.headers['transfer-encoding'] !== undefined) return Infinity;
  const declared = raw.headers['content-length'];
  if (declared === undefined) return 0; // no body
  const length = Number(declared);
  if (!Number.isSafeInteger(length)) return Infinity;
  return Math.max(0, length - (bodyBytesRead.get(raw)?.() ?? 0));
}

/**
 * Called before an answer is sent (the error handler, a route scope's onSend): when the body has
 * not been read to its end, reads and drops the rest within the bounds, holding back the close of
 * the connection until then. Does nothing when the body is complete or when called again.
 */
export function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  const socket = raw.socket;
  // app.inject has no socket to keep: its whole body is in memory.
  if (raw.complete || raw.destroyed || draining.has(raw) || !(socket instanceof Socket) || socket.destroyed) return;
  const rest = restOfBody(raw);
  if (rest === 0) return;
  draining.add(raw);
  if (rest > DRAIN_LIMIT_BYTES && !reply.sent) reply.header('connection', 'close');

  let closeRequested = false;
  let drained = 0;
  const own = Object.getOwnPropertyDescriptor(socket, 'destroySoon');
  // Node's server calls this once the answer is written when it means to close the connection.
  socket.destroySoon = () => {
    closeRequested = true;
  };
  const finish = (cut: boolean) => {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', onEnd);
    socket.off('close', onClose);
    if (own) Object.defineProperty(socket, 'destroySoon', own);
    else delete (socket as { destroySoon?: unknown }).destroySoon;
    // Cut: the body goes on past the bound, so the connection cannot carry another request.
    if ((cut || closeRequested) && !socket.destroyed) socket.destroySoon();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained <= DRAIN_LIMIT_BYTES) return;
    raw.off('data', onData);
    raw.pause();
  };
  const onEnd = () => finish(false);
  const onClose = () => finish(false);
  const timer = setTimeout(() => finish(true), DRAIN_LIMIT_MS);
  timer.unref();

  raw.unpipe(); // a parser the route piped the body into (busboy) reads no more of it
  raw.on('data', onData);
  raw.once('end', onEnd);
  socket.once('close', onClose);
  raw.resume();
}
