/**
 * Slow clients cannot hold a socket (slowloris). Node bounds the headers (`headersTimeout`) and the whole
 * request (`requestTimeout`, set in app.ts); this adds the bound Node lacks: a request body that stops
 * arriving. While a body is still expected, the socket must deliver bytes at least every `bodyIdleMs`, or
 * the client gets a 408 and the socket is closed. It measures `socket.bytesRead`, so it reads nothing itself
 * and leaves the body to the parsers; once the body is complete it stops, so a slow AI provider (the server
 * thinking, the socket quiet) never trips it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const REQUEST_TIMEOUT_RESPONSE =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export const slowClients = fp(async (app: FastifyInstance, { bodyIdleMs }: { bodyIdleMs: number }) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const req = request.raw;
    const socket = req.socket;
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in req.headers;
    // light-my-request's injected requests (tests) have no real socket to measure or close.
    if (!hasBody || req.complete || typeof socket.bytesRead !== 'number') {
      done();
      return;
    }
    let seen = socket.bytesRead;
    const stop = () => clearInterval(timer);
    const timer = setInterval(() => {
      if (req.complete || socket.destroyed) {
        stop();
        return;
      }
      if (socket.bytesRead === seen) {
        stop();
        request.log.warn({ bytesRead: seen }, 'request body stalled: closing the connection');
        // Answer as Node does for its own request timeout; nothing of ours has been sent yet.
        if (!socket.writableEnded) socket.end(REQUEST_TIMEOUT_RESPONSE);
        socket.destroySoon();
        return;
      }
      seen = socket.bytesRead;
    }, bodyIdleMs);
    timer.unref();
    // Listening for the end does not read the body: whoever parses it still does.
    req.once('end', stop).once('close', stop);
    done();
  });

  /** A body up to this size is in the socket's buffers by the time an early answer is sent. */
  const SMALL_BODY_BYTES = 64 * 1024;

  /**
   * An answer sent before the body was read (a 413 on its Content-Length, a 401 or 404 before any upload is
   * parsed): the client is still sending, and on a keep-alive connection its next request would queue behind
   * bytes nobody reads, unanswered until a timeout (issue 25: 12–30 s). Closing the connection after this
   * answer sends the next request on a fresh one.
   */
  app.addHook('onSend', (request, reply, payload, done) => {
    const req = request.raw;
    const length = Number(req.headers['content-length'] ?? 0);
    // Only for a large (or unknown) body: a small one is already sent whole, Node reads the rest after the
    // answer and the connection stays usable, whereas closing it can cut a client that is still writing its
    // last bytes off the answer (Node's fetch then fails with EPIPE: seen with the 429s of the per-minute
    // upload limit on 1 KB pictures).
    const large = length > SMALL_BODY_BYTES || 'transfer-encoding' in req.headers;
    const realSocket = typeof req.socket.bytesRead === 'number';
    if (large && realSocket && !req.complete) void reply.header('connection', 'close');
    done(null, payload);
  });
});
