import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// An answer sent before the request's body was read (a refused upload: 401, 403, 413, 415) must not
// stall the connection: Node parses the next request on a keep-alive connection only after the body
// has been read, so an unread body held the connection until its keep-alive time-out (about 73 s).
// A small rest is read and dropped, keeping the connection; past DRAIN_LIMIT the answer closes it.

/** The most bytes of an unread body the server reads to keep its connection. */
export const DRAIN_LIMIT = 1024 * 1024;

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const raw = request.raw;
      // A request without Content-Length or Transfer-Encoding has no body (RFC 9112, 6.3), though
      // Node marks it complete only after the turn it arrived in (an answer kept in memory is sent in it).
      const bodiless =
        raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined;
      if (bodiless || raw.complete || raw.destroyed) {
        done(null, payload);
        return;
      }
      const declared = Number(raw.headers['content-length']);
      if (Number.isFinite(declared) && declared <= DRAIN_LIMIT) {
        // Whatever read the body (a multipart parser) no longer does; the rest goes nowhere.
        raw.unpipe();
        raw.resume();
      } else {
        reply.header('Connection', 'close');
      }
      done(null, payload);
    });
  },
  { name: 'unread-bodies' },
);
