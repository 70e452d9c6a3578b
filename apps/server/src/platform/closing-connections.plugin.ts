import fp from 'fastify-plugin';

/**
 * Closing the app closes each keep-alive connection as soon as its answer is sent. Fastify closes only the
 * connections idle at that moment (fastify#7044), so one busy then kept close waiting its 72 s keep-alive.
 */
export const closingConnections = fp(
  async (app) => {
    let closing = false;
    const closeIdle = () => setImmediate(() => app.server.closeIdleConnections());
    app.addHook('preClose', async () => {
      closing = true;
      closeIdle();
    });
    // A callback hook: no promise made per request.
    app.addHook('onResponse', (_req, _reply, done) => {
      if (closing) closeIdle();
      done();
    });
  },
  { name: 'closing-connections' },
);
