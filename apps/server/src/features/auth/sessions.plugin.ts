import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '@fst/shared/constants';
import { unauthenticated } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import { assertSameOrigin } from '../../platform/security.ts';

type Options = {
  /** The session a cookie's token names, or null (one indexed query: nothing is kept in the process, decision 015). */
  resolveSession: (token: string | undefined) => Promise<SessionUser | null>;
  /** Origins besides the request's own that may send state-changing requests. */
  allowedOrigins: readonly string[];
  /** A route called server to server, signed, without a browser cookie (the Stripe webhook): no same-origin check. */
  crossSite?: (req: FastifyRequest) => boolean;
};

/**
 * Cookie sessions for /api/*: state-changing requests from another site are refused, the session cookie is
 * resolved to `request.session`, and signed-out callers of a route not marked `public` get 401 before their
 * input is validated (they learn nothing about its rules). A kid device's session (features/devices) is
 * resolved by its own hook, registered after this one.
 */
export const sessionsPlugin = fp<Options>(
  async (app, { resolveSession, allowedOrigins, crossSite }) => {
    await app.register(cookie);
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/api/')) return;
      if (!crossSite?.(req)) assertSameOrigin(req, allowedOrigins);
      req.session = await resolveSession(req.cookies[SESSION_COOKIE]);
    });
    app.addHook('preValidation', async (req) => {
      const open = req.is404 || req.routeOptions.config.public || req.url.startsWith('/api/docs');
      if (req.url.startsWith('/api/') && !open && !req.session && !req.device) throw unauthenticated();
    });
  },
  { name: 'sessions' },
);
