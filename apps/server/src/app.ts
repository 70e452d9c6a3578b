import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '@fst/shared/constants';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { createAuthService, DEFAULT_RATE_LIMITS, type RateLimits } from './features/auth/auth.service.ts';
import { createBooksRepository } from './features/books/books.repository.ts';
import { booksRoutes } from './features/books/books.routes.ts';
import { BOOK_LINK_TTL_MS, createBooksService, noPremiumUnlocks } from './features/books/books.service.ts';
import { seedStarterBooks } from './features/books/starter-books.ts';
import { createFamilyAccess } from './features/families/families.access.ts';
import { createFamiliesRepository } from './features/families/families.repository.ts';
import { familiesRoutes, familyRecordingListRoutes } from './features/families/families.routes.ts';
import { createFamiliesService, noReaderActivity } from './features/families/families.service.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { createReportsRepository } from './features/reports/reports.repository.ts';
import { createReportsService } from './features/reports/reports.service.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { AppError } from './platform/errors.ts';
import type { App } from './platform/http.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/passwords.ts';
import { extractPdfText } from './platform/pdf/pdf-text.ts';
import { createRateLimiter } from './platform/rate-limit/rate-limiter.ts';
import { appSecret } from './platform/secrets/app-secrets.ts';
import { assertSameOrigin, contentSecurityPolicy } from './platform/security.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { createMediaLinks } from './platform/storage/media-links.ts';
import { mediaRoutes } from './platform/storage/media.routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  hasher?: PasswordHasher;
  mailer?: Mailer;
  rateLimits?: RateLimits;
  logger?: FastifyServerOptions['logger'];
  /** Seed the starter catalogue at start (default true; tests that count books turn it off). */
  starterBooks?: boolean;
};

// JSON bodies are small; media has its own streamed routes and limits.
const JSON_BODY_LIMIT = 1024 * 1024;
// Defaults for multipart forms; each upload route asks for its own file size and counts.
const MULTIPART_LIMITS = { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, fileSize: JSON_BODY_LIMIT, files: 2, parts: 30, headerPairs: 50 };
// Errors of the database being unreachable: the client did nothing wrong, and a retry may work.
const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const isDatabaseUnavailable = (err: FastifyError) =>
  DB_UNAVAILABLE.has(String(err.code)) ||
  /^(Connection terminated|timeout exceeded when trying to connect)/.test(err.message);

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    https: config.tls ? { cert: config.tls.cert, key: config.tls.key } : null,
  } as FastifyServerOptions).withTypeProvider<ZodTypeProvider>() as App;

  // The API speaks JSON; a text body is refused with 415 rather than read as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, log: app.log })
      : createOutboxMailer({ dir: config.mail.outboxDir, from: config.mail.from, log: app.log }));
  const limiter = createRateLimiter(database.db, clock);
  const mediaLinks = createMediaLinks({ secret: await appSecret(database.db, 'media-links'), clock });
  const storage = createStorage(config.storage, mediaLinks);

  await app.register(cookie);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({
        stripe: config.payments.provider === 'stripe',
        mediaOrigin: config.storage.kind === 's3' && config.storage.endpoint ? new URL(config.storage.endpoint).origin : null,
        tls: Boolean(config.tls),
      }),
    },
    strictTransportSecurity: config.tls ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Family Story Time API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const familiesRepository = createFamiliesRepository(database.db);
  const families = createFamiliesService({
    families: familiesRepository,
    access: createFamilyAccess(familiesRepository),
    clock,
    activity: noReaderActivity,
    familyTier: async () => 'free',
  });
  const auth = createAuthService({
    users: createAuthRepository(database.db),
    hasher: deps.hasher ?? createPasswordHasher(),
    mailer,
    limiter,
    clock,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    limits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    listFamilies: (userId) => families.listForUser(userId),
    log: app.log,
  });
  const books = createBooksService({
    books: createBooksRepository(database.db),
    storage,
    clock,
    premium: noPremiumUnlocks,
    extractText: extractPdfText,
    log: app.log,
  });
  const reports = createReportsService({
    reports: createReportsRepository(database.db),
    mailer,
    limiter,
    clock,
    adminEmails: config.adminEmails,
    log: app.log,
  });

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    assertSameOrigin(req, [config.publicUrl]);
    req.session = await auth.resolveSession(req.cookies[SESSION_COOKIE]);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (status: number, code: string, message: string, errors?: Record<string, string[]>) =>
      reply.code(status).send({ error: message, code, ...(errors ? { errors } : {}), requestId: req.id });

    if (err instanceof AppError) return send(err.status, err.code, err.message, err.errors);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.split('/').filter(Boolean).join('.') || '_';
        (errors[field] ??= []).push(issue.message ?? SERVER_MESSAGES.invalidInput);
      }
      const first = err.validation[0]?.message;
      return send(400, 'invalid_input', first && !first.startsWith('Invalid input') ? first : SERVER_MESSAGES.invalidInput, errors);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, 'payload_too_large', SERVER_MESSAGES.bodyTooLarge);
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, 'unsupported_media_type', SERVER_MESSAGES.unsupportedMediaType);
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return send(400, 'invalid_input', SERVER_MESSAGES.malformedJson);
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return send(503, 'unavailable', SERVER_MESSAGES.unavailable);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, 'invalid_input', err.message);
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, 'internal', SERVER_MESSAGES.internal);
  });

  app.get('/api/health', { schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));
  authRoutes(app, { auth, secureCookies: Boolean(config.tls) });
  reportsRoutes(app, { reports });
  familiesRoutes(app, { families });
  booksRoutes(app, { books });
  mediaRoutes(app, { storage, links: mediaLinks, ttlMs: BOOK_LINK_TTL_MS });
  // Empty until recordings and AI stories exist (recording and narration features).
  familyRecordingListRoutes(app, {
    families,
    lists: {
      'all-recordings': async () => [],
      'all-ai-recordings': async () => [],
      'recent-recordings': async () => [],
      'recent-ai-recordings': async () => [],
    },
  });

  if (deps.starterBooks ?? true) {
    const started = performance.now();
    const added = await seedStarterBooks({ books: createBooksRepository(database.db), storage });
    if (added) app.log.info({ added, ms: Math.round(performance.now() - started) }, 'starter books added');
  }

  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/static/');
    // SPA fallback: every app route is answered by index.html; the router in the page takes over.
    if (hasWeb && wantsPage) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: SERVER_MESSAGES.notFound, code: 'not_found', requestId: req.id });
  });

  return app;
}
