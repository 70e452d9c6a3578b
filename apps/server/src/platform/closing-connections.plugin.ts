import type { Http2Session } from 'node:http2';
import fp from 'fastify-plugin';

/**
 * Closing the app closes each keep-alive connection as soon as its answer is sent. Fastify closes only the
 * connections idle at that moment (fastify#7044), so one busy then kept close waiting its 72 s keep-alive.
 * Under TLS the server is HTTP/2's: each session is closed (its streams under way finish first), which
 * Fastify's own tracking of sessions missed, keeping close waiting its 72 s session timeout.
 */
export const closingConnections = fp(
  async (app) => {
    let closing = false;
    const server = app.server as Partial<typeof app.server> & NodeJS.EventEmitter;
    const sessions = new Set<Http2Session>();
    server.on('session', (session: Http2Session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
    });
    const closeIdle = () => setImmediate(() => server.closeIdleConnections?.());
    app.addHook('preClose', async () => {
      closing = true;
      closeIdle();
      for (const session of sessions) session.close();
    });
    // A callback hook: no promise made per request.
    app.addHook('onResponse', (_req, _reply, done) => {
      if (closing) closeIdle();
      done();
    });
  },
  { name: 'closing-connections' },
);
