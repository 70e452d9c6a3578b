import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { NARRATION_SERVER_MESSAGES } from '@fst/shared/messages';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createAuthRepository } from '../features/auth/auth.repository.ts';
import { createAccountDeletion, createAccountEraser } from '../features/auth/account-deletion.ts';
import { ACCOUNT_MAIL_OPTIONS, ACCOUNT_MAIL_QUEUE, createAccountMailer, type AccountMailJob } from '../features/auth/account-mail.ts';
import { createAuthService, DEFAULT_RATE_LIMITS, type RateLimits } from '../features/auth/auth.service.ts';
import { createBooksRepository } from '../features/books/books.repository.ts';
import { createBooksService } from '../features/books/books.service.ts';
import { seedStarterBooks } from '../features/books/starter-books.ts';
import { BOOK_COVER_OPTIONS, BOOK_COVER_QUEUE, createCoverMaker, queueMissingCovers, type BookCoverJob } from '../features/books/book-covers.ts';
import { createDevicesRepository } from '../features/devices/devices.repository.ts';
import { createDevicesService } from '../features/devices/devices.service.ts';
import { createFamilyAccess } from '../features/families/families.access.ts';
import { createFamiliesRepository } from '../features/families/families.repository.ts';
import { createFamiliesService } from '../features/families/families.service.ts';
import { createBillingRepository } from '../features/billing/billing.repository.ts';
import { createBillingService } from '../features/billing/billing.service.ts';
import { createLocalPayments } from '../features/billing/local-payments.ts';
import { createStripeClient, createStripePayments } from '../features/billing/stripe-payments.ts';
import {
  abandonRecording,
  createRecordingProcessor,
  PROCESS_LONG_RECORDING_OPTIONS,
  PROCESS_LONG_RECORDING_QUEUE,
  PROCESS_RECORDING_OPTIONS,
  PROCESS_RECORDING_QUEUE,
  type ProcessRecordingJob,
} from '../features/recordings/recording-processing.ts';
import { createRecordingsRepository } from '../features/recordings/recordings.repository.ts';
import { createRecordingsService } from '../features/recordings/recordings.service.ts';
import { createRecordingCharges } from '../features/billing/recording-charges.ts';
import { createRequestsRepository } from '../features/requests/requests.repository.ts';
import { createRequestsService } from '../features/requests/requests.service.ts';
import { createPlaybackRepository } from '../features/playback/playback.repository.ts';
import { createPlaybackService } from '../features/playback/playback.service.ts';
import { createStoryNotices } from '../features/playback/story-notices.ts';
import { createStoryNoticesRepository } from '../features/playback/story-notices.repository.ts';
import { createNarrationRepository } from '../features/narration/narration.repository.ts';
import {
  createNarrationService,
  createVoiceRemover,
  DELETE_VOICE_OPTIONS,
  DELETE_VOICE_QUEUE,
  type DeleteVoiceJob,
} from '../features/narration/narration.service.ts';
import {
  createStoryGenerator,
  failStory,
  GENERATE_STORY_OPTIONS,
  GENERATE_STORY_QUEUE,
  type GenerateStoryJob,
} from '../features/narration/story-generation.ts';
import { createExportsRepository } from '../features/exports/exports.repository.ts';
import { createExportsService } from '../features/exports/exports.service.ts';
import { createReportsRepository } from '../features/reports/reports.repository.ts';
import { createReportsService } from '../features/reports/reports.service.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../platform/mail/mailer.ts';
import { LOST_JOB_GRACE_MS, LOST_JOB_HORIZON_MS, settleLostJobs } from '../platform/jobs/jobs.ts';
import type { Sweep } from '../platform/jobs/jobs.plugin.ts';
import { createPgBossJobs } from '../platform/jobs/pg-boss-jobs.ts';
import { findMediaTools, type MediaTools } from '../platform/media/ffmpeg.ts';
import { createPasswordHasher, type PasswordHasher } from '../platform/passwords.ts';
import { renderPdfCover } from '../platform/pdf/pdf-cover.ts';
import { extractPdfText } from '../platform/pdf/pdf-text.ts';
import { createIdempotency } from '../platform/idempotency/idempotency.ts';
import { createRateLimiter, releaseAttempt } from '../platform/rate-limit/rate-limiter.ts';
import { appSecret } from '../platform/secrets/app-secrets.ts';
import { createStorage } from '../platform/storage/create-storage.ts';
import { removeStaleParts } from '../platform/storage/local-storage.ts';
import { createMediaLinks } from '../platform/storage/media-links.ts';
import { createResumableUploads } from '../platform/uploads/resumable-uploads.ts';
import { createVoiceProvider } from '../platform/voice/create-voice-provider.ts';
import { createAudioDecoder } from '../platform/voice/pcm.ts';
import type { VoiceProvider } from '../platform/voice/voice.ts';

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
};

export type Services = Awaited<ReturnType<typeof createServices>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the routes, hooks and jobs use, made once by the wiring module (composition/services.ts). */
    services: Services;
  }
}

// Unfinished resumable uploads and old idempotent answers are swept away this often.
const UPLOAD_SWEEP_MS = 60 * 60 * 1000;
const LOST_JOBS_SWEEP_MS = 5 * 60 * 1000;
// Scratch folders of media work older than this belong to no running job (one crashed mid-way).
const STALE_WORK_MS = 6 * 60 * 60 * 1000;
// A media write whose file has not changed for this long belongs to no running request.
const STALE_PART_MS = 10 * 60 * 1000;

/** The wiring module: makes every service once, each given the others it needs, and decorates the app with them. */
export const servicesPlugin = fp<AppDeps>(
  async (app, deps) => {
    const services = await createServices(deps, app.log);
    app.decorate('services', services);
    if (deps.starterBooks ?? true) {
      const started = performance.now();
      const added = await seedStarterBooks({ books: services.booksRepository, storage: services.storage });
      if (added) app.log.info({ added, ms: Math.round(performance.now() - started) }, 'starter books added');
    }
  },
  { name: 'services' },
);

async function createServices(deps: AppDeps, log: FastifyBaseLogger) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl
      ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from, log })
      : createOutboxMailer({ dir: config.mail.outboxDir, from: config.mail.from, log }));
  const limiter = createRateLimiter(database.db, clock);
  const idempotency = createIdempotency(database.db, clock);
  const mediaLinks = createMediaLinks({ secret: await appSecret(database.db, 'media-links'), clock });
  const storage = createStorage(config.storage, mediaLinks, clock);

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
        log,
      })
    : null;
  const localPayments = stripePayments ? null : createLocalPayments({ billing: billingRepository, service: billing, clock });
  const paymentProvider = stripePayments ? stripePayments.provider : localPayments!.provider;
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
    familyTier: (familyId) => billing.familyTier(familyId),
    limiter,
    releaseAttempt: (key) => releaseAttempt(database.db, key),
    mailer,
    publicUrl: config.publicUrl,
    log,
    removeStories: (readerId, familyId, actorId) => recordings.removeFromFamily(readerId, familyId, actorId),
    removeFiles: (keys) => removeFiles(keys),
  });
  // One hasher: its queue keeps password hashes from filling libuv's threadpool.
  const hasher = deps.hasher ?? createPasswordHasher(config.passwordHashCost);
  const limits = deps.rateLimits ?? { ...DEFAULT_RATE_LIMITS, signupPerClient: { max: config.signupsPerClientPerHour, windowMs: 60 * 60 * 1000 } };
  const auth = createAuthService({
    users: usersRepository,
    hasher,
    mailer,
    // The job queue is made below; mails are sent only once requests arrive.
    jobs: { send: (name, data) => jobs.send(name, data) },
    limiter,
    clock,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    limits,
    listFamilies: (userId) => families.listForUser(userId),
    log,
  });
  // Deletion (docs/decisions/016): rows first, then the files they named; a file that cannot go is logged.
  const removeFiles = async (keys: string[]) => {
    await Promise.all(keys.map((key) => storage.delete(key).catch((err) => log.error({ err, key }, "a deleted thing's file could not be deleted"))));
  };
  const deleteAccount = createAccountDeletion({
    users: usersRepository,
    hasher,
    limiter,
    limits,
    mailer,
    log,
    erase: createAccountEraser(database.db),
    familyNeedingAdmin: (userId) => families.familyNeedingAdmin(userId),
    deleteFamiliesAlone: (userId) => families.deleteFamiliesAlone(userId),
    cancelPlan: (userId) => paymentProvider.cancelPlan(userId),
    removeFiles,
    forgetVoice: async (voice) => void (await jobs.send(DELETE_VOICE_QUEUE, voice as DeleteVoiceJob)),
  });
  const books = createBooksService({
    books: booksRepository,
    storage,
    clock,
    premium: { unlockedBookIds: (userId) => billing.openPremiumBooks(userId) },
    premiumRequests: createRequestsRepository(database.db),
    extractText: extractPdfText,
    pdfMaxBytes: config.books.maxBytes,
    log,
    queueCover: (bookId) => jobs.send(BOOK_COVER_QUEUE, { bookId } satisfies BookCoverJob),
  });
  const reports = createReportsService({
    reports: createReportsRepository(database.db),
    mailer,
    limiter,
    clock,
    adminEmails: config.adminEmails,
    log,
  });
  // The family archive and "my data" (issue 25): zips streamed from storage.
  const exportsService = createExportsService({
    exports: createExportsRepository(database.db),
    access: createFamilyAccess(familiesRepository),
    storage,
    clock,
  });

  // E-mail notices: a reader when a story is requested of them, parents when a new story arrives.
  const storyNotices = createStoryNotices({
    notices: createStoryNoticesRepository(database.db),
    mailer,
    publicUrl: config.publicUrl,
    log,
    // A book cover is no secret: its link in an e-mail lasts a week (S3's longest presigned link).
    coverLink: async (key) => {
      if (!key) return null;
      const url = await storage.signedUrl(key, 7 * 24 * 60 * 60 * 1000);
      return url.startsWith('/') ? `${config.publicUrl}${url}` : url;
    },
  });
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
  const jobs = createPgBossJobs({ sql: database.sql, log, pollingIntervalSeconds: deps.jobPollingSeconds });
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
    log,
  });
  const processorDeps = {
    recordings: recordingsRepository,
    storage,
    media: mediaTools,
    workDir: config.media.workDir,
    clock,
    log,
    onReady: storyNotices.storyReady,
  };
  jobs.define<ProcessRecordingJob>(
    PROCESS_RECORDING_QUEUE,
    PROCESS_RECORDING_OPTIONS,
    createRecordingProcessor({ ...processorDeps, toLongQueue: async (job) => void (await jobs.send(PROCESS_LONG_RECORDING_QUEUE, job)) }),
  );
  jobs.define<ProcessRecordingJob>(PROCESS_LONG_RECORDING_QUEUE, PROCESS_LONG_RECORDING_OPTIONS, createRecordingProcessor(processorDeps));

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
    familyTier: (familyId) => billing.familyTier(familyId),
    findBook: (bookId) => booksRepository.find(bookId),
    pageTexts: (bookId) => books.pageTexts(bookId),
    premiumUnlocked: (userId, bookId) => billing.premiumBookOpen(userId, bookId),
    kidRecordings: async (session, kidId) => (await recordings.kidRecordings(session, kidId)).recordings,
    playCounts: (ids) => playback.playCounts(ids),
    log,
  });
  jobs.define<GenerateStoryJob>(
    GENERATE_STORY_QUEUE,
    GENERATE_STORY_OPTIONS,
    createStoryGenerator({ narration: narrationRepository, voice, storage, media: mediaTools, workDir: config.media.workDir, clock, log }),
  );
  jobs.define<DeleteVoiceJob>(DELETE_VOICE_QUEUE, DELETE_VOICE_OPTIONS, createVoiceRemover({ voice, log }));
  jobs.define<BookCoverJob>(BOOK_COVER_QUEUE, BOOK_COVER_OPTIONS, createCoverMaker({ books: booksRepository, storage, render: renderPdfCover, log }));
  jobs.define<AccountMailJob>(
    ACCOUNT_MAIL_QUEUE,
    ACCOUNT_MAIL_OPTIONS,
    createAccountMailer({ users: usersRepository, mailer, clock, publicUrl: config.publicUrl }),
  );

  // Kid devices (docs/decisions/018).
  const devices = createDevicesService({ devices: createDevicesRepository(database.db), access: createFamilyAccess(familiesRepository), limiter, clock });

  // A recording or AI story stored by a process that died before sending its job would wait forever: its
  // job is sent at start, and looked for again every few minutes. One whose process died during its last
  // attempt (so no attempt is left, and none recorded the failure) is ended as failed, as a failed last attempt would.
  const settleLost = async () => {
    const now = clock.now().getTime();
    const [from, to] = [new Date(now - LOST_JOB_HORIZON_MS), new Date(now - LOST_JOB_GRACE_MS)];
    const lostRecordings = await settleLostJobs(
      jobs,
      PROCESS_RECORDING_QUEUE,
      'recordingId',
      await recordingsRepository.stillProcessing(from, to),
      abandonRecording(recordingsRepository, clock),
      [PROCESS_LONG_RECORDING_QUEUE],
    );
    const stories = await settleLostJobs(jobs, GENERATE_STORY_QUEUE, 'aiRecordingId', await narrationRepository.unfinished(from, to), (id) =>
      failStory(narrationRepository, clock, id, NARRATION_SERVER_MESSAGES.synthesisFailed),
    );
    if (lostRecordings.resent.length + stories.resent.length > 0)
      log.warn({ recordings: lostRecordings.resent, aiStories: stories.resent }, 'jobs never sent, sent now');
    if (lostRecordings.gaveUp.length + stories.gaveUp.length > 0)
      log.warn({ recordings: lostRecordings.gaveUp, aiStories: stories.gaveUp }, 'jobs died on their last attempt, ended as failed');
  };
  /** The housekeeping the jobs plugin runs once the queue has started. */
  const sweeps: Sweep[] = [
    // Books without a cover (added before covers were made, or whose cover job failed) get theirs, premium
    // books without their first-page preview and books without their first page's size (added before either
    // was made) get it.
    {
      what: 'missing book covers',
      awaited: true,
      run: async () => {
        const covers = await queueMissingCovers(jobs, booksRepository);
        if (covers) log.info({ covers }, 'book cover jobs queued');
      },
    },
    { what: 'old idempotent answers', everyMs: UPLOAD_SWEEP_MS, atStart: false, run: () => idempotency.sweep() },
    { what: 'expired uploads', everyMs: UPLOAD_SWEEP_MS, atStart: false, run: () => uploads.cleanup() },
    // Finished uploads of this instance not yet copied to the bucket (a crash or a stop cut their copy).
    { what: 'unfinished upload hand-overs', everyMs: deps.lostJobsSweepMs ?? LOST_JOBS_SWEEP_MS, run: () => recordings.resumeHandOvers() },
    { what: 'lost jobs', everyMs: deps.lostJobsSweepMs ?? LOST_JOBS_SWEEP_MS, run: settleLost },
    { what: 'old media scratch folders', run: () => removeStaleWork(config.media.workDir, clock.now().getTime() - STALE_WORK_MS) },
  ];
  // Writes cut off by a crash leave their .part files behind (issue 27.7).
  if (config.storage.kind === 'local') {
    const dir = config.storage.dir;
    sweeps.push({
      what: 'unfinished media writes',
      run: async () => {
        const removed = await removeStaleParts(dir, Date.now() - STALE_PART_MS);
        if (removed) log.warn({ removed }, 'unfinished media writes of an earlier process removed');
      },
    });
  }

  return {
    config,
    database,
    clock,
    storage,
    mediaLinks,
    idempotency,
    uploads,
    jobs,
    voice,
    sweeps,
    auth,
    deleteAccount,
    devices,
    families,
    familiesRepository,
    billing,
    stripePayments,
    localPayments,
    paymentProvider,
    books,
    booksRepository,
    recordings,
    requests,
    playback,
    narration,
    reports,
    exports: exportsService,
  };
}

/** Removes the media scratch folders (DATA_DIR/work/<id>-…) last changed before `before`: left by a crash. */
async function removeStaleWork(workDir: string, before: number) {
  const entries = await readdir(workDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const dir = path.join(workDir, entry.name);
    if (entry.isDirectory() && (await stat(dir)).mtimeMs < before) await rm(dir, { recursive: true, force: true });
  }
}
