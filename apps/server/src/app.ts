import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
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
import { SESSION_COOKIE, VIEW_COOKIE } from '@fst/shared/constants';
import { recordingSchema } from '@fst/shared/recordings/recordings.schema';
import { aiRecordingSchema } from '@fst/shared/narration/narration.schema';
import { NARRATION_SERVER_MESSAGES, SERVER_MESSAGES } from '@fst/shared/messages';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '@fst/shared/http/idempotency';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { createAuthService, DEFAULT_RATE_LIMITS, type LiveSession, type RateLimits } from './features/auth/auth.service.ts';
import { createBooksRepository } from './features/books/books.repository.ts';
import { bookFormRoutes, booksRoutes } from './features/books/books.routes.ts';
import { BOOK_LINK_TTL_MS, createBooksService } from './features/books/books.service.ts';
import { seedStarterBooks } from './features/books/starter-books.ts';
import { createFamilyAccess } from './features/families/families.access.ts';
import { createFamiliesRepository } from './features/families/families.repository.ts';
import { familiesRoutes, familyRecordingListRoutes } from './features/families/families.routes.ts';
import { createFamiliesService } from './features/families/families.service.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { createBillingRepository } from './features/billing/billing.repository.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { createLocalPayments } from './features/billing/local-payments.ts';
import { createStripeClient, createStripePayments, STRIPE_WEBHOOK_PATH } from './features/billing/stripe-payments.ts';
import { stripeRoutes } from './features/billing/stripe.routes.ts';
import { abandonRecording, createRecordingProcessor, PROCESS_RECORDING_OPTIONS, PROCESS_RECORDING_QUEUE, type ProcessRecordingJob } from './features/recordings/recording-processing.ts';
import { createRecordingsRepository } from './features/recordings/recordings.repository.ts';
import { recordingFormRoutes, recordingsRoutes } from './features/recordings/recordings.routes.ts';
import { createRecordingsService } from './features/recordings/recordings.service.ts';
import { createRecordingCharges } from './features/billing/recording-charges.ts';
import { createRequestsRepository } from './features/requests/requests.repository.ts';
import { requestsRoutes } from './features/requests/requests.routes.ts';
import { createRequestsService } from './features/requests/requests.service.ts';
import { createPlaybackRepository } from './features/playback/playback.repository.ts';
import { playbackRoutes } from './features/playback/playback.routes.ts';
import { createPlaybackService } from './features/playback/playback.service.ts';
import { createStoryNotices } from './features/playback/story-notices.ts';
import { createStoryNoticesRepository } from './features/playback/story-notices.repository.ts';
import { createNarrationRepository } from './features/narration/narration.repository.ts';
import { narrationRoutes, voiceFormRoutes } from './features/narration/narration.routes.ts';
import { createNarrationService, createVoiceRemover, DELETE_VOICE_OPTIONS, DELETE_VOICE_QUEUE, type DeleteVoiceJob } from './features/narration/narration.service.ts';
import { createStoryGenerator, failStory, GENERATE_STORY_OPTIONS, GENERATE_STORY_QUEUE, type GenerateStoryJob } from './features/narration/story-generation.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { createReportsRepository } from './features/reports/reports.repository.ts';
import { createReportsService } from './features/reports/reports.service.ts';
import { COMPRESS_MIN_BYTES, copyBody, type AnswerCopy } from './platform/cache/answer-copy.ts';
import { createReadCache, noReadCache } from './platform/cache/read-cache.ts';
import { createTablesRead, tableNamesOf } from './platform/cache/tables-read.ts';
import * as schema from './db/schema.ts';
import { pageDrawer } from './drawn-pages.ts';
import { firstViewAnswers, viewHints, withFirstView } from './first-view.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { AppError, unauthenticated } from './platform/errors.ts';
import { isJson, type App } from './platform/http.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.ts';
import { LOST_JOB_GRACE_MS, LOST_JOB_HORIZON_MS, settleLostJobs } from './platform/jobs/jobs.ts';
import { createPgBossJobs } from './platform/jobs/pg-boss-jobs.ts';
import { findMediaTools, type MediaTools } from './platform/media/ffmpeg.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/passwords.ts';
import { extractPdfText } from './platform/pdf/pdf-text.ts';
import { createIdempotency, requestFingerprint } from './platform/idempotency/idempotency.ts';
import { createRateLimiter } from './platform/rate-limit/rate-limiter.ts';
import { appSecret } from './platform/secrets/app-secrets.ts';
import { apiHeaders, assertSameOrigin, contentSecurityPolicy, isSafeMethod, securityHeaders } from './platform/security.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { createMediaLinks } from './platform/storage/media-links.ts';
import { mediaRoutes } from './platform/storage/media.routes.ts';
import { s3PublicOrigin } from './platform/storage/s3-storage.ts';
import { createResumableUploads, resumableUploadRoutes } from './platform/uploads/resumable-uploads.ts';
import { createVoiceProvider } from './platform/voice/create-voice-provider.ts';
import { createAudioDecoder } from './platform/voice/pcm.ts';
import type { VoiceProvider } from './platform/voice/voice.ts';

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
  /** ffmpeg for media processing: found on the PATH when not given; null processes without it. */
  media?: MediaTools | null;
  /** How often an idle job worker polls for jobs stored by other instances (seconds, default 2). */
  jobPollingSeconds?: number;
  /** The AI voice provider: the one VOICE_PROVIDER names when not given (tests hand in their own). */
  voice?: VoiceProvider;
  /** How often rows whose job was never stored are looked for (ms; also once at start). */
  lostJobsSweepMs?: number;
  /** Keep copies of sessions and of `cached` routes' answers until a table changes (default true; decision 009). */
  readCache?: boolean;
};

// Unfinished resumable uploads past their expiry are swept away this often.
const UPLOAD_SWEEP_MS = 60 * 60 * 1000;
const LOST_JOBS_SWEEP_MS = 5 * 60 * 1000;
// Scratch folders of media work older than this belong to no running job (one crashed mid-way).
const STALE_WORK_MS = 6 * 60 * 60 * 1000;

// Copies of sessions and answers live at most this long, whatever the change feed says (decision 009): a
// session's end or a change the feed missed is never served for longer, nor a signed link's lifetime cut by more.
const SESSION_COPY_TTL_MS = 60 * 1000;
const ANSWER_COPY_TTL_MS = 10 * 1000;
const ANSWER_COPIES_MAX_BYTES = 32 * 1024 * 1024;
const SESSION_COPIES_MAX = 100_000;

// JSON bodies are small; media has its own streamed routes and limits.
const JSON_BODY_LIMIT = 1024 * 1024;
// Defaults for multipart forms; each upload route asks for its own file size and counts.
const MULTIPART_LIMITS = { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, fileSize: JSON_BODY_LIMIT, files: 2, parts: 30, headerPairs: 50 };
// Errors of the database being unreachable: the client did nothing wrong, and a retry may work.
const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
// Drizzle wraps the driver's error ("Failed query: …") and keeps it as `cause`: look down the chain.
const isDatabaseUnavailable = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (DB_UNAVAILABLE.has(String(e.code)) || /^(Connection terminated|timeout exceeded when trying to connect)/.test(String(e.message))) return true;
  }
  return false;
};

/** The type of the API's answers, errors included (set again on an error, over what a route had set). */
const JSON_TYPE = 'application/json; charset=utf-8';

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
  const clock = deps.clock ?? systemClock;
  // Sessions and the dashboards' repeated reads, kept until a table they are read from changes (decision 009).
  const keepCopies = deps.readCache ?? true;
  const liveSessions = keepCopies
    ? createReadCache<LiveSession>({
        changes: database.changes,
        clock,
        ttlMs: SESSION_COPY_TTL_MS,
        dependsOn: (table) => table === 'sessions' || table === 'users',
        maxSize: SESSION_COPIES_MAX,
        sizeOf: () => 1,
      })
    : noReadCache<LiveSession>();
  const answers = keepCopies
    ? createReadCache<AnswerCopy>({
        changes: database.changes,
        clock,
        ttlMs: ANSWER_COPY_TTL_MS,
        // A session's end changes no answer: the ended session is refused before any answer is looked up.
        dependsOn: (table) => table !== 'sessions',
        maxSize: ANSWER_COPIES_MAX_BYTES,
        // Room for the compressed forms a copy may gain, each smaller than its JSON.
        sizeOf: (answer) => 2 * answer.payload.length,
      })
    : noReadCache<AnswerCopy>();
  // The tables each answer was read from: a change to any other table leaves its copy.
  const tablesRead = createTablesRead(tableNamesOf(schema));
  if (keepCopies) database.observeQueries(tablesRead.observe);

  // Helmet's headers depend on the configuration only: worked out once, not for every response. Pages, files
  // and media get them all; JSON answers the shorter set of an API (security.ts apiHeaders).
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({
        stripe: config.payments.provider === 'stripe',
        mediaOrigin: config.storage.kind === 's3' && config.storage.bucket ? s3PublicOrigin({ ...config.storage, bucket: config.storage.bucket }) : null,
        tls: Boolean(config.tls),
      }),
    },
    strictTransportSecurity: config.tls ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
  const jsonHeaders = apiHeaders(pageHeaders);

  // Before @fastify/compress's hook, so an answer is kept as the JSON text the route made; kept encoded, so a
  // copy goes to the socket as it is. A callback hook, as the others that run for every request: only a
  // request that writes makes a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.header('x-request-id', req.id);
    reply.headers(isJson(type) ? jsonHeaders : pageHeaders);
    if (req.answerCopy && reply.statusCode === 200 && typeof payload === 'string') {
      answers.set(req.answerCopy.key, { payload: Buffer.from(payload), type: String(type) }, req.answerCopy.begun, req.answerCopy.tables);
    }
    // (A request with an Idempotency-Key is a POST to the API, so one that writes.)
    if (isSafeMethod(req.method) || !req.url.startsWith('/api/')) return done();
    afterWrite(req, reply.statusCode, payload, type).then(() => done(), done);
  });
  const afterWrite = async (req: FastifyRequest, status: number, payload: unknown, type: unknown) => {
    // A request with an Idempotency-Key: its success is kept for the same request sent again; a failure
    // frees the key, so that it can be tried again as it is.
    if (req.idempotent) {
      const { userId, key } = req.idempotent;
      req.idempotent = null;
      if (status >= 200 && status < 300 && typeof payload === 'string') await idempotency.answered(userId, key, status, payload, typeof type === 'string' ? type : null);
      else await idempotency.release(userId, key);
    }
    // A request that may have written answers once this instance has heard of its changes: the caller's next
    // read here is never answered from a copy the write made wrong.
    await database.changes.sync();
  };
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, log: app.log })
      : createOutboxMailer({ dir: config.mail.outboxDir, from: config.mail.from, log: app.log }));
  const limiter = createRateLimiter(database.db, clock);
  const idempotency = createIdempotency(database.db, clock);
  const mediaLinks = createMediaLinks({ secret: await appSecret(database.db, 'media-links'), clock });
  const storage = createStorage(config.storage, mediaLinks, clock);

  await app.register(cookie);
  // API answers compressed for browsers that take it (Brotli at quality 4, the plugin's default, or gzip):
  // a kid's playlist of six stories is 11 KB of JSON, mostly signed links, and a phone on a slow network
  // waits for every byte before it can draw. JSON and text only (with the pages made for a signed-in visitor,
  // decision 010): media is already compressed and served in ranges, and the web build's files come with
  // their compressed copies (@fastify/static, preCompressed).
  await app.register(compress, { threshold: COMPRESS_MIN_BYTES, customTypes: /^(?:application\/(?:[\w.-]+\+)?json|text\/(?:plain|csv|html))(?:;|$)/ });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Family Story Time API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const familiesRepository = createFamiliesRepository(database.db);
  const booksRepository = createBooksRepository(database.db);
  const usersRepository = createAuthRepository(database.db);
  const billingRepository = createBillingRepository(database.db);
  const billing = createBillingService({
    billing: billingRepository,
    clock,
    provider: config.payments.provider,
    findBook: (bookId) => booksRepository.find(bookId),
    membership: async (familyId, userId) => {
      const m = await familiesRepository.membership(familyId, userId);
      return m && { role: m.familyRole };
    },
    aiGenerationsUsed: (familyId, now) => narration.generationsUsed(familyId, now),
    primaryFamilyOf: async (userId) =>
      (await familiesRepository.familiesOf(userId)).find((f) => f.role === 'admin' || f.role === 'parent' || f.role === 'member')?.id ?? null,
    userRole: async (userId) => (await usersRepository.findUserById(userId))?.role,
  });
  const stripePayments = config.payments.stripe
    ? createStripePayments({
        stripe: createStripeClient(config.payments.stripe),
        settings: config.payments.stripe,
        publicUrl: config.publicUrl,
        billing: billingRepository,
        service: billing,
        userExists: async (userId) => Boolean(await usersRepository.findUserById(userId)),
        log: app.log,
      })
    : null;
  const localPayments = stripePayments ? null : createLocalPayments({ billing: billingRepository, service: billing, clock });
  const families = createFamiliesService({
    families: familiesRepository,
    access: createFamilyAccess(familiesRepository),
    clock,
    // Recordings are made below; these run only once requests arrive.
    activity: {
      readerStats: (familyId, readerIds) => recordings.readerStats(familyId, readerIds),
      // A kid's stories: their readings and their AI stories.
      kidStoryCounts: async (kidIds) => {
        const [read, ai] = await Promise.all([recordings.kidStoryCounts(kidIds), narration.kidStoryCounts(kidIds)]);
        return new Map(kidIds.map((id) => [id, (read.get(id) ?? 0) + (ai.get(id) ?? 0)]));
      },
      hasVoiceClone: (readerIds) => narration.hasVoiceClone(readerIds),
      timesWatched: (familyId, readerIds) => playback.timesWatched(familyId, readerIds),
    },
    familyTier: async (familyId) => (await billing.familyTiers([familyId])).get(familyId) ?? 'free',
  });
  const auth = createAuthService({
    users: usersRepository,
    hasher: deps.hasher ?? createPasswordHasher(),
    mailer,
    limiter,
    clock,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    limits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    listFamilies: (userId) => families.listForUser(userId),
    sessions: liveSessions,
    log: app.log,
  });
  const books = createBooksService({
    books: booksRepository,
    storage,
    clock,
    // Gold unlocks every premium book without tokens.
    premium: { unlockedBookIds: async (userId) => ((await billing.planOf(userId)).plan === 'gold' ? 'all' : billing.unlockedBookIds(userId)) },
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

  // E-mail notices: a reader when a story is requested of them, parents when a new story arrives.
  const storyNotices = createStoryNotices({ notices: createStoryNoticesRepository(database.db), mailer, publicUrl: config.publicUrl, log: app.log });
  // The story queue: premium requests follow billing's rules; recordings fulfil requests (below).
  const requests = createRequestsService({
    requests: createRequestsRepository(database.db),
    access: createFamilyAccess(familiesRepository),
    premium: {
      planOf: async (userId) => (await billing.planOf(userId)).plan,
      hasUnlocked: async (userId, bookId) => (await billing.unlockedBookIds(userId, [bookId])).has(bookId),
    },
    clock,
    onRequested: storyNotices.storyRequested,
  });
  // Playback: play events, stats, playlists, bedtime, reactions; the kid's stories come from recordings (below).
  const playback = createPlaybackService({
    playback: createPlaybackRepository(database.db),
    access: createFamilyAccess(familiesRepository),
    clock,
    // The kid's readings and AI stories, newest first.
    kidStories: async (session, kidId) => {
      const [read, ai] = await Promise.all([recordings.kidRecordings(session, kidId), narration.kidStories(session, kidId)]);
      return [...read.recordings, ...ai].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    },
    storiesQueued: async (session) => (await requests.forReader(session)).requests.length,
    kidAiStory: (kidId, id) => narration.kidAiStory(kidId, id),
  });

  // Recordings: resumable uploads on this instance's disk, processing as durable jobs in the database.
  const jobs = createPgBossJobs({ sql: database.sql, log: app.log, pollingIntervalSeconds: deps.jobPollingSeconds });
  const uploads = createResumableUploads({ dir: config.uploads.dir, maxBytes: config.uploads.maxBytes });
  const recordingsRepository = createRecordingsRepository(database.db);
  const mediaTools = deps.media === undefined ? await findMediaTools(config.media) : deps.media;
  const recordings = createRecordingsService({
    recordings: recordingsRepository,
    storage,
    uploads,
    jobs,
    clock,
    maxBytes: config.uploads.maxBytes,
    // Premium recording and sharing costs come with billing (issue 5 leaves this seam).
    billing: createRecordingCharges({
      billing,
      billingRepository,
      premiumRequestFamilies: (readerId, bookId, familyIds) => requests.premiumRequestFamilies(readerId, bookId, familyIds),
    }),
    onRecorded: (story) => requests.onRecorded(story),
    playCounts: (recordingIds) => playback.playCounts(recordingIds),
    onAssigned: storyNotices.storyAssigned,
    findBook: (bookId) => booksRepository.find(bookId),
    listBooks: (session, query, premium, excludeIds) => books.libraryExcluding(session, query, premium, excludeIds),
    log: app.log,
  });
  jobs.define<ProcessRecordingJob>(
    PROCESS_RECORDING_QUEUE,
    PROCESS_RECORDING_OPTIONS,
    createRecordingProcessor({
      recordings: recordingsRepository,
      storage,
      media: mediaTools,
      workDir: config.media.workDir,
      clock,
      log: app.log,
      onReady: storyNotices.storyReady,
    }),
  );

  // AI narration: voices from readers' own readings (local espeak-ng or ElevenLabs), AI stories made as jobs.
  const voice = deps.voice ?? createVoiceProvider(config.voice);
  const narrationRepository = createNarrationRepository(database.db);
  const narration = createNarrationService({
    narration: narrationRepository,
    access: createFamilyAccess(familiesRepository),
    voice,
    storage,
    jobs,
    mailer,
    clock,
    publicUrl: config.publicUrl,
    workDir: config.media.workDir,
    decoder: mediaTools ? createAudioDecoder(config.media.ffmpeg) : null,
    familyTier: async (familyId) => (await billing.familyTiers([familyId])).get(familyId) ?? 'free',
    findBook: (bookId) => booksRepository.find(bookId),
    pageTexts: (bookId) => books.pageTexts(bookId),
    // Gold reads every premium book; others the books they unlocked.
    premiumUnlocked: async (userId, bookId) =>
      (await billing.planOf(userId)).plan === 'gold' || (await billing.unlockedBookIds(userId, [bookId])).has(bookId),
    kidRecordings: async (session, kidId) => (await recordings.kidRecordings(session, kidId)).recordings,
    playCounts: (ids) => playback.playCounts(ids),
    log: app.log,
  });
  jobs.define<GenerateStoryJob>(
    GENERATE_STORY_QUEUE,
    GENERATE_STORY_OPTIONS,
    createStoryGenerator({ narration: narrationRepository, voice, storage, media: mediaTools, workDir: config.media.workDir, clock, log: app.log }),
  );
  jobs.define<DeleteVoiceJob>(DELETE_VOICE_QUEUE, DELETE_VOICE_OPTIONS, createVoiceRemover({ voice, log: app.log }));

  app.decorateRequest('session', null);
  app.decorateRequest('answerCopy', null);
  app.decorateRequest('idempotent', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    // Stripe calls its webhook server to server, signed, with no browser cookie: the one route exempt.
    const stripeWebhook = stripePayments && req.method === 'POST' && req.routeOptions.url === STRIPE_WEBHOOK_PATH;
    if (!stripeWebhook) assertSameOrigin(req, [config.publicUrl]);
    req.session = await auth.resolveSession(req.cookies[SESSION_COOKIE]);
    if (req.session && req.method === 'GET' && req.routeOptions.config.cached) {
      // Per user and URL: only a 200 is kept, so the same URL would pass validation again.
      const key = `${req.session.user.id} ${req.url}`;
      const copy = answers.get(key);
      if (copy) {
        const { body, encoding } = copyBody(copy, req.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
        return reply.type(copy.type).send(body);
      }
      // The session's user is part of every answer; the statements of the handler name the other tables.
      req.answerCopy = { key, begun: answers.begin(), tables: new Set(['users']) };
    }
  });
  // The rest of a request to be kept runs recording the tables it reads (a callback hook: what `done` starts
  // runs inside `begin`), until its answer is sent or the caller is gone.
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.answerCopy) req.answerCopy.endReading = tablesRead.begin(req.answerCopy.tables, done);
    else done();
  });
  // Callback hooks: they run for every request, and an async one would make a promise each time.
  app.addHook('onResponse', (req, _reply, done) => {
    req.answerCopy?.endReading?.();
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    req.answerCopy?.endReading?.();
    done();
  });
  // A POST sent again with its Idempotency-Key gets the first one's answer (platform/idempotency). Claimed once
  // the request is known valid: a refused one holds no key.
  // A callback hook, as the others that run for every request: only a POST with a key makes a promise.
  app.addHook('preHandler', (req, reply, done) => {
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || req.method !== 'POST' || !req.session || !req.url.startsWith('/api/')) return done();
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) return done(new AppError('invalid_input', IDEMPOTENCY_MESSAGES.invalidKey));
    const userId = req.session.user.id;
    idempotency.claim(userId, key, requestFingerprint(req.method, req.url, req.body)).then((claim) => {
      // Answered already: the first answer goes again, and the handler does not run (no done()).
      if (claim.kind === 'answered') {
        void reply.code(claim.status).type(claim.contentType ?? JSON_TYPE).header('idempotent-replayed', 'true').send(claim.body);
        return;
      }
      if (claim.kind === 'in-progress') return done(new AppError('conflict', IDEMPOTENCY_MESSAGES.inProgress));
      if (claim.kind === 'other-request') return done(new AppError('invalid_input', IDEMPOTENCY_MESSAGES.keyReused));
      req.idempotent = { userId, key };
      done();
    }, done);
  });
  // Signed out callers learn nothing about a route's input rules: 401 comes before validation.
  app.addHook('preValidation', async (req) => {
    const open = req.is404 || req.routeOptions.config.public || req.url.startsWith('/api/docs');
    if (req.url.startsWith('/api/') && !open && !req.session) throw unauthenticated();
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (status: number, code: string, message: string, errors?: Record<string, string[]>) =>
      reply.code(status).type(JSON_TYPE).send({ error: message, code, ...(errors ? { errors } : {}), requestId: req.id });

    if (err instanceof AppError) {
      if (err.details) return reply.code(err.status).type(JSON_TYPE).send({ error: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}), ...err.details, requestId: req.id });
      return send(err.status, err.code, err.message, err.errors);
    }
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

  app.get('/api/health', { config: { public: true }, schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));
  authRoutes(app, { auth, secureCookies: Boolean(config.tls) });
  reportsRoutes(app, { reports });
  familiesRoutes(app, { families });
  billingRoutes(app, {
    billing,
    provider: stripePayments ? stripePayments.provider : localPayments!.provider,
    local: localPayments,
    paymentsConfig: { provider: config.payments.provider, publishable_key: config.payments.stripe?.publishableKey ?? null },
    sharesFamily: (a, b) => familiesRepository.sharesFamily(a, b),
  });
  if (stripePayments) stripeRoutes(app, { stripe: stripePayments });
  booksRoutes(app, { books });
  mediaRoutes(app, { storage, links: mediaLinks, ttlMs: BOOK_LINK_TTL_MS });
  recordingsRoutes(app, { recordings });
  requestsRoutes(app, { requests });
  playbackRoutes(app, { playback });
  narrationRoutes(app, { narration });
  // The three routes that take a form, in a scope of their own with @fastify/multipart: its hooks run for
  // every request of the scope it is registered in (a listener and two promises each), the others' included.
  await app.register(async (scope) => {
    const forms = scope.withTypeProvider<ZodTypeProvider>();
    await forms.register(multipart, { limits: MULTIPART_LIMITS });
    bookFormRoutes(forms, { books });
    recordingFormRoutes(forms, { recordings, maxBytes: config.uploads.maxBytes });
    voiceFormRoutes(forms, { narration });
  });
  resumableUploadRoutes(app, { uploads, mayCreate: (session) => recordings.requireReaderAccount(session) });
  // Readers' recordings and AI stories, each in their own lists.
  familyRecordingListRoutes(app, {
    families,
    lists: {
      'all-recordings': { item: recordingSchema, list: (familyId, session) => recordings.familyRecordings(session, familyId, { recent: false }) },
      'recent-recordings': { item: recordingSchema, list: (familyId, session) => recordings.familyRecordings(session, familyId, { recent: true }) },
      'all-ai-recordings': { item: aiRecordingSchema, list: (familyId, session) => narration.familyAiRecordings(session, familyId, { recent: false }) },
      'recent-ai-recordings': { item: aiRecordingSchema, list: (familyId, session) => narration.familyAiRecordings(session, familyId, { recent: true }) },
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
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build's Brotli and gzip copies, when the browser takes them.
      preCompressed: true,
      // The pages rendered ahead and the module that draws pages are the server's, sent by the route below.
      allowedPath: (pathName) => !pathName.startsWith('/prerendered/'),
      // Files under /static/ carry their content's hash in their name: cached for a year, never revalidated.
      // The pages (index.html and those rendered ahead) name the current ones, so they are checked every time.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(path.join(webDist, 'static') + path.sep)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/\.html(\.br|\.gz)?$/.test(filePath)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  // The pages rendered ahead at build time (apps/web/scripts/prerender.mjs): path (or '*') → file.
  const prerendered = prerenderedPages(webDist);
  const signedInShell = prerendered.has('*') ? readFileSync(path.join(webDist, prerendered.get('*')!), 'utf8') : null;
  const pages = hasWeb ? pageDrawer(webDist, app.log) : undefined;
  if (pages) {
    app.addHook('onReady', async () => {
      pages.load();
    });
    app.addHook('onClose', () => pages.close());
  }
  // SPA fallback: every app route is answered by the page rendered ahead for that path, or else by the one
  // rendered for every other path ('*': the signed-in pages' first view), or else index.html; the router in
  // the page takes over. A route (hidden from the API's document; open, so that an unknown API path gets its
  // 404 signed in or not), so that a page made for a visitor is compressed as API answers are.
  if (hasWeb) {
    app.get('/*', { schema: { hide: true }, config: { public: true } }, async (req, reply) => {
      if (req.url.startsWith('/api/') || req.url.startsWith('/static/')) return reply.callNotFound();
      const pathname = req.url.split('?')[0]!;
      const page = prerendered.get(pathname);
      // A signed-in visitor's page comes with its first data (decision 010): made for them, never kept.
      if (!page && signedInShell) {
        // What the browser told (fst_view), read once for the answers and the drawing.
        const hints = viewHints(req.cookies[VIEW_COOKIE]);
        const answers = await firstViewAnswers(app, req, pathname, hints).catch((err: unknown) => {
          req.log.warn({ err }, 'the first view could not be answered with the page');
          return new Map<string, unknown>();
        });
        if (answers.size > 0) {
          // Drawn on the server when it can be (decision 011), else the session check's view, drawn in the browser.
          const drawn = await pages?.draw(req.url, answers, hints);
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'private, no-store')
            .header('vary', 'cookie')
            .send(withFirstView(drawn ?? signedInShell, answers));
        }
      }
      return reply.type('text/html').sendFile(page ?? prerendered.get('*') ?? 'index.html');
    });
  }
  // JSON whatever the route had begun to send: a page whose file went away since the start (a deploy rebuilding
  // the web app under this server) had set its type to HTML, and an object sent as HTML fails.
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).type(JSON_TYPE).send({ error: SERVER_MESSAGES.notFound, code: 'not_found', requestId: req.id }),
  );

  // Jobs run until the app closes: closing stops taking jobs and waits for the running ones.
  await jobs.start();
  const sweep = setInterval(() => {
    idempotency.sweep().catch((err) => app.log.error({ err }, 'old idempotent answers could not be swept'));
    uploads.cleanup().catch((err) => app.log.error({ err }, 'expired uploads could not be swept'));
  }, UPLOAD_SWEEP_MS);
  sweep.unref();
  // A recording or AI story stored by a process that died before sending its job would wait forever: its
  // job is sent now, and looked for again every few minutes. One whose process died during its last attempt
  // (so no attempt is left, and none recorded the failure) is ended as failed, as a failed last attempt would.
  const settleLost = async () => {
    const now = clock.now().getTime();
    const [from, to] = [new Date(now - LOST_JOB_HORIZON_MS), new Date(now - LOST_JOB_GRACE_MS)];
    const recordings = await settleLostJobs(jobs, PROCESS_RECORDING_QUEUE, 'recordingId', await recordingsRepository.stillProcessing(from, to), abandonRecording(recordingsRepository, clock));
    const stories = await settleLostJobs(jobs, GENERATE_STORY_QUEUE, 'aiRecordingId', await narrationRepository.unfinished(from, to), (id) =>
      failStory(narrationRepository, clock, id, NARRATION_SERVER_MESSAGES.synthesisFailed),
    );
    if (recordings.resent.length + stories.resent.length > 0) app.log.warn({ recordings: recordings.resent, aiStories: stories.resent }, 'jobs never sent, sent now');
    if (recordings.gaveUp.length + stories.gaveUp.length > 0) app.log.warn({ recordings: recordings.gaveUp, aiStories: stories.gaveUp }, 'jobs died on their last attempt, ended as failed');
  };
  const sweepLost = () => void settleLost().catch((err) => app.log.error({ err }, 'lost jobs could not be looked for'));
  sweepLost();
  const lostSweep = setInterval(sweepLost, deps.lostJobsSweepMs ?? LOST_JOBS_SWEEP_MS);
  lostSweep.unref();
  void removeStaleWork(config.media.workDir, clock.now().getTime() - STALE_WORK_MS).catch((err) =>
    app.log.error({ err }, 'old media scratch folders could not be removed'),
  );
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(lostSweep);
    await jobs.stop();
    await voice.close();
  });

  return app;
}

/** The pages the web build rendered ahead (prerendered/pages.json: path or '*' → file in the build), if any. */
function prerenderedPages(webDist: string): Map<string, string> {
  try {
    const pages = JSON.parse(readFileSync(path.join(webDist, 'prerendered', 'pages.json'), 'utf8')) as Record<string, string>;
    return new Map(Object.entries(pages).filter(([, file]) => existsSync(path.join(webDist, file))));
  } catch {
    return new Map();
  }
}

/** Removes the media scratch folders (DATA_DIR/work/<id>-…) last changed before `before`: left by a crash. */
async function removeStaleWork(workDir: string, before: number) {
  const entries = await readdir(workDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const dir = path.join(workDir, entry.name);
    if (entry.isDirectory() && (await stat(dir)).mtimeMs < before) await rm(dir, { recursive: true, force: true });
  }
}
