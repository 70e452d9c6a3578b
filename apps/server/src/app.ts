import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '@fst/shared/constants';
import { JSON_BODY_LIMIT, routesPlugin } from './composition/routes.ts';
import { servicesPlugin, type AppDeps } from './composition/services.ts';
import { sessionsPlugin } from './features/auth/sessions.plugin.ts';
import { STRIPE_WEBHOOK_PATH } from './features/billing/stripe-payments.ts';
import { deviceSessionsPlugin } from './features/devices/devices.routes.ts';
import { closingConnections } from './platform/closing-connections.plugin.ts';
import { errorsPlugin } from './platform/errors.plugin.ts';
import type { App } from './platform/http.ts';
import { idempotencyPlugin } from './platform/idempotency/idempotency.plugin.ts';
import { jobsPlugin } from './platform/jobs/jobs.plugin.ts';
import { openApiOptions } from './platform/openapi/openapi.ts';
import { securityHeaders } from './platform/security-headers.plugin.ts';
import { staticPages } from './platform/static-pages.plugin.ts';

export type { AppDeps };

// Answers smaller than this go uncompressed: the header and the work cost more than the bytes saved.
const COMPRESS_MIN_BYTES = 1024;

/** The composition root: the app is its plugins, registered in this order (docs/architecture.md "Composition"). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    // TRUST_PROXY proxies in front: the client is the address the farthest of them added to X-Forwarded-For (as
    // proxy-addr's hop count does; Fastify reads a bare number as trusting nothing).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    requestIdHeader: false,
    // A trusted proxy's X-Request-Id names the request here too (one id across both logs); anyone else's is ignored.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return config.trustProxy && typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
    },
    // Served over TLS, the app speaks HTTP/2 (HTTP/1.1 still for clients that ask for it): a page's scripts,
    // its answers and a story's media share one connection instead of queueing for six.
    ...(config.tls ? { http2: true, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } } : {}),
  } as FastifyServerOptions).withTypeProvider<ZodTypeProvider>() as App;
  // The API speaks JSON; a text body is refused with 415 rather than read as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(closingConnections);
  await app.register(securityHeaders, { config });
  await app.register(errorsPlugin);
  await app.register(servicesPlugin, deps);
  const { services } = app;
  // API answers compressed for browsers that take it (Brotli at quality 4, the plugin's default, or gzip):
  // a kid's playlist of six stories is 11 KB of JSON, mostly signed links, and a phone on a slow network
  // waits for every byte before it can draw. JSON and text only: media is already compressed and served in
  // ranges, and the web build's files come with their compressed copies (@fastify/static, preCompressed).
  await app.register(compress, { threshold: COMPRESS_MIN_BYTES, customTypes: /^(?:application\/(?:[\w.-]+\+)?json|text\/(?:plain|csv|html))(?:;|$)/ });
  // Summaries, security, error answers and form bodies per operation (platform/openapi), for generated clients.
  await app.register(swagger, openApiOptions(SESSION_COOKIE));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionsPlugin, {
    resolveSession: (token) => services.auth.resolveSession(token),
    allowedOrigins: [config.publicUrl],
    // Stripe calls its webhook server to server, signed, with no browser cookie: the one route exempt.
    crossSite: (req) => Boolean(services.stripePayments) && req.method === 'POST' && req.routeOptions.url === STRIPE_WEBHOOK_PATH,
  });
  await app.register(deviceSessionsPlugin, { devices: services.devices, secureCookies: config.https });
  await app.register(idempotencyPlugin, { idempotency: services.idempotency });
  await app.register(routesPlugin);
  await app.register(staticPages, { webDist: config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist') });
  await app.register(jobsPlugin, {
    jobs: services.jobs,
    sweeps: services.sweeps,
    beforeStop: () => services.recordings.settle(),
    afterStop: () => services.voice.close(),
  });
  return app;
}
