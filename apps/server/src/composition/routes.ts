import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordingSchema } from '@fst/shared/recordings/recordings.schema';
import { aiRecordingSchema } from '@fst/shared/narration/narration.schema';
import { authRoutes } from '../features/auth/auth.routes.ts';
import { bookFormRoutes, booksRoutes } from '../features/books/books.routes.ts';
import { BOOK_LINK_TTL_MS } from '../features/books/books.service.ts';
import { devicesRoutes } from '../features/devices/devices.routes.ts';
import { familiesRoutes, familyRecordingListRoutes } from '../features/families/families.routes.ts';
import { billingRoutes } from '../features/billing/billing.routes.ts';
import { stripeRoutes } from '../features/billing/stripe.routes.ts';
import { recordingFormRoutes, recordingsRoutes } from '../features/recordings/recordings.routes.ts';
import { requestsRoutes } from '../features/requests/requests.routes.ts';
import { playbackRoutes } from '../features/playback/playback.routes.ts';
import { narrationRoutes, voiceFormRoutes } from '../features/narration/narration.routes.ts';
import { exportsRoutes } from '../features/exports/exports.routes.ts';
import { reportsRoutes } from '../features/reports/reports.routes.ts';
import { healthRoutes } from '../platform/health.ts';
import type { App } from '../platform/http.ts';
import { mediaRoutes } from '../platform/storage/media.routes.ts';
import { resumableUploadRoutes } from '../platform/uploads/resumable-uploads.ts';

// JSON bodies are small; media has its own streamed routes and limits.
export const JSON_BODY_LIMIT = 1024 * 1024;
// Defaults for multipart forms; each upload route asks for its own file size and counts.
const MULTIPART_LIMITS = { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, fileSize: JSON_BODY_LIMIT, files: 2, parts: 30, headerPairs: 50 };

/** Every API route, each feature's given the services it calls (app.services, composition/services.ts). */
export const routesPlugin = fp(
  async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>() as App;
    const s = app.services;
    const { config } = s;
    const secureCookies = config.https;
    healthRoutes(app, { database: () => s.database.ping(), storage: () => s.storage.check() });
    authRoutes(app, { auth: s.auth, deleteAccount: s.deleteAccount, secureCookies, devices: s.devices });
    devicesRoutes(app, { devices: s.devices, secureCookies });
    reportsRoutes(app, { reports: s.reports });
    familiesRoutes(app, { families: s.families });
    billingRoutes(app, {
      billing: s.billing,
      provider: s.paymentProvider,
      local: s.localPayments,
      paymentsConfig: { provider: config.payments.provider, publishable_key: config.payments.stripe?.publishableKey ?? null },
      sharesFamily: (a, b) => s.familiesRepository.sharesFamily(a, b),
    });
    if (s.stripePayments) stripeRoutes(app, { stripe: s.stripePayments });
    booksRoutes(app, { books: s.books });
    mediaRoutes(app, { storage: s.storage, links: s.mediaLinks, ttlMs: BOOK_LINK_TTL_MS });
    recordingsRoutes(app, { recordings: s.recordings });
    requestsRoutes(app, { requests: s.requests });
    playbackRoutes(app, { playback: s.playback });
    narrationRoutes(app, { narration: s.narration });
    exportsRoutes(app, { exports: s.exports });
    // The three routes that take a form, in a scope of their own with @fastify/multipart: its hooks run for
    // every request of the scope it is registered in (a listener and two promises each), the others' included.
    await app.register(async (scope) => {
      const forms = scope.withTypeProvider<ZodTypeProvider>();
      await forms.register(multipart, { limits: MULTIPART_LIMITS });
      bookFormRoutes(forms, { books: s.books, pdfMaxBytes: config.books.maxBytes });
      recordingFormRoutes(forms, { recordings: s.recordings, maxBytes: config.uploads.maxBytes });
      voiceFormRoutes(forms, { narration: s.narration });
    });
    resumableUploadRoutes(app, { uploads: s.uploads, mayCreate: (session) => s.recordings.requireRecorder(session) });
    // Readers' recordings and AI stories, each in their own lists.
    familyRecordingListRoutes(app, {
      families: s.families,
      lists: {
        'all-recordings': { item: recordingSchema, list: (familyId, session) => s.recordings.familyRecordings(session, familyId, { recent: false }) },
        'recent-recordings': { item: recordingSchema, list: (familyId, session) => s.recordings.familyRecordings(session, familyId, { recent: true }) },
        'all-ai-recordings': { item: aiRecordingSchema, list: (familyId, session) => s.narration.familyAiRecordings(session, familyId, { recent: false }) },
        'recent-ai-recordings': { item: aiRecordingSchema, list: (familyId, session) => s.narration.familyAiRecordings(session, familyId, { recent: true }) },
      },
    });
  },
  { name: 'routes', dependencies: ['services', 'sessions', 'device-sessions', 'idempotency'] },
);
