import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import type { PlanType } from '@fst/shared/constants';
import { billingMonth, familyAiLimit } from '@fst/shared/billing/billing.rules';
import { initials, isParentRole } from '@fst/shared/families/families.rules';
import { NARRATION_SERVER_MESSAGES, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import {
  aiAvailability,
  aiProcessingStatus,
  countWords,
  defaultVoiceName,
  isApproximateVoice,
  narrationScript,
  parseAiRecordingId,
  refusalStatus,
  toAiRecordingId,
} from '@fst/shared/narration/narration.rules';
import {
  voiceCloneBody,
  type AiRecording,
  type AvailabilityResponse,
  type availabilityBody,
  type GenerateStoryResponse,
  type generateStoryBody,
  type VoiceClone,
  type VoiceConsent,
} from '@fst/shared/narration/narration.schema';
import type { PageTurn } from '@fst/shared/recordings/recordings.rules';
import type { Recording, recordingKidSummarySchema } from '@fst/shared/recordings/recordings.schema';
import type { FamilyRole } from '@fst/shared/constants';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { isDevice, type Caller, type KidDevice, type SessionUser } from '../../platform/http.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { MEDIA_LINK_TTL_MS, type Storage } from '../../platform/storage/storage.ts';
import { AudioDecodeError, type AudioDecoder } from '../../platform/voice/pcm.ts';
import { SPEECH_SAMPLE_RATE, VoiceServiceError, type StoredVoice, type VoiceProvider, type VoiceSample } from '../../platform/voice/voice.ts';
import type { FamilyAccess } from '../families/families.access.ts';
import type { AiRecordingFilter, NarrationRepository, VoiceCloneRow } from './narration.repository.ts';
import { GENERATE_STORY_QUEUE } from './story-generation.ts';

/** How long audio links handed out in answers stay valid (at least; see the storage port). */
export const AI_RECORDING_LINK_TTL_MS = MEDIA_LINK_TTL_MS;
/** A reader is asked for consent by e-mail at most this often. */
const CONSENT_REQUEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How much of each reading goes to the voice (instant cloning wants a few minutes; more adds little). */
const SAMPLE_MAX_SECONDS = 180;
/** The family's recent AI stories list holds this many. */
export const RECENT_AI_RECORDINGS_LIMIT = 10;

/** Removing a voice at its provider is a job of its own, retried until the provider confirms. */
export const DELETE_VOICE_QUEUE = 'narration.delete-voice';
export const DELETE_VOICE_OPTIONS = { retryLimit: 8, retryDelaySeconds: 60, expireInSeconds: 10 * 60 };
export type DeleteVoiceJob = { provider: VoiceCloneRow['provider']; providerVoiceId: string };

type KidSummary = z.infer<typeof recordingKidSummarySchema>;

type Deps = {
  narration: NarrationRepository;
  access: Pick<FamilyAccess, 'requireKidMember' | 'requireMember'>;
  voice: VoiceProvider;
  storage: Storage;
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Scratch space for readings being prepared for a voice (DATA_DIR/work). */
  workDir: string;
  /** ffmpeg's decoder, or null where it is not installed (a voice is then made from the files as they are). */
  decoder: AudioDecoder | null;
  /** A family's tier (billing). */
  familyTier: (familyId: string) => Promise<PlanType>;
  findBook: (bookId: string) => Promise<{ id: string; isPremium: boolean } | undefined>;
  /** The text of each page of a book as stored: entered by a site admin, else extracted from its PDF (books). */
  pageTexts: (bookId: string) => Promise<string[]>;
  /** Whether the caller may read a premium book: unlocked by them, or gold (billing). */
  premiumUnlocked: (userId: string, bookId: string) => Promise<boolean>;
  /** The kid's readings as the caller sees them (recordings). */
  kidRecordings: (session: SessionUser, kidId: string) => Promise<Recording[]>;
  /** Watched plays of each AI story, by `ai_<uuid>` id (playback); none counted without it. */
  playCounts?: (ids: string[]) => Promise<Map<string, number>>;
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };
};

type ListRow = Awaited<ReturnType<NarrationRepository['list']>>[number];

const aiNotFound = () => notFound(NARRATION_SERVER_MESSAGES.aiRecordingNotFound);
const readerNotFound = () => fieldError('reader_id', NARRATION_SERVER_MESSAGES.readerNotFound, 'not_found');

export function createNarrationService(deps: Deps) {
  const { narration, access, voice, storage } = deps;
  const link = (key: string | null | undefined) => (key ? storage.signedUrl(key, AI_RECORDING_LINK_TTL_MS) : Promise.resolve(null));
  const usable = (clone: VoiceCloneRow | undefined) => (clone && clone.provider === voice.name ? clone : undefined);

  function toClone(row: VoiceCloneRow, reader: { firstName: string; lastName: string }): VoiceClone {
    return {
      id: row.id,
      reader_id: row.readerId,
      reader_name: `${reader.firstName} ${reader.lastName}`.trim(),
      voice_name: row.voiceName,
      provider: row.provider,
      approximate: isApproximateVoice(row.provider),
      recording_ids: row.recordingIds,
      profile: row.profile ? { pitch_hz: row.profile.pitchHz, words_per_minute: row.profile.wordsPerMinute } : null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** AI stories as `viewerId` sees them (members of the story's family only ever get here). */
  async function present(rows: ListRow[], viewerId: string | null, onlyKid?: string): Promise<AiRecording[]> {
    const [kids, playCounts] = await Promise.all([
      narration.kidsOf(rows.map((r) => r.ai.id)),
      deps.playCounts && rows.length ? deps.playCounts(rows.map((r) => toAiRecordingId(r.ai.id))) : new Map<string, number>(),
    ]);
    const kidsOf = new Map<string, AiRecording['kids']>();
    for (const k of kids) {
      // A kid device sees its kid and no other.
      if (onlyKid && k.kidId !== onlyKid) continue;
      const list = kidsOf.get(k.aiRecordingId) ?? [];
      list.push({ id: k.kidId, name: k.firstName, family_id: k.familyId, family_name: k.familyName });
      kidsOf.set(k.aiRecordingId, list);
    }
    return Promise.all(
      rows.map(async ({ ai, book, readerFirstName, readerLastName, requesterFirstName, requesterLastName, viewerRole }) => {
        const ready = ai.status === 'ready';
        const [pdfUrl, audioUrl, coverUrl] = await Promise.all([link(book?.pdfKey), link(ready ? ai.mediaKey : null), link(book?.coverKey)]);
        const assigned = kidsOf.get(ai.id) ?? [];
        return {
          id: toAiRecordingId(ai.id),
          book: book
            ? {
                title: book.title,
                author: book.author,
                description: book.description,
                pdf_url: pdfUrl,
                cover_url: coverUrl,
                token_cost: book.isPremium ? book.tokenCost : 0,
              }
            : null,
          book_id: ai.bookId,
          book_title: book?.title ?? null,
          book_author: book?.author ?? null,
          reader_id: ai.readerId,
          reader_name: `${readerFirstName} ${readerLastName}`.trim(),
          reader_avatar: initials(readerFirstName, readerLastName),
          reader: { first_name: readerFirstName, last_name: readerLastName },
          kid_name: assigned.map((k) => k.name).join(', '),
          kids: assigned,
          video_url: null,
          audio_url: audioUrl,
          poster_url: null,
          created_at: ai.createdAt.toISOString(),
          duration_seconds: ai.durationSeconds,
          processing_status: aiProcessingStatus(ai.status),
          failure_reason: ai.failureReason,
          is_premium: book?.isPremium ?? false,
          is_ai: true as const,
          voice_name: ai.voiceName,
          play_count: playCounts.get(toAiRecordingId(ai.id)) ?? 0,
          recording_type: 'audio_only' as const,
          pdf_url: pdfUrl,
          page_track: ai.pageTrack,
          is_owner: ai.requestedBy === viewerId,
          status: ai.status,
          family_id: ai.familyId,
          requested_by: {
            id: ai.requestedBy,
            name: requesterFirstName === null ? 'A former member' : `${requesterFirstName} ${requesterLastName ?? ''}`.trim(),
          },
          approximate_voice: isApproximateVoice(ai.voiceProvider),
          can_manage: isParentRole(viewerRole as FamilyRole),
        } satisfies AiRecording;
      }),
    );
  }

  /** A kid device's stories: its kid's, of its family. */
  const deviceFilter = (device: KidDevice) => ({ kidId: device.kidId, familyId: device.familyId });
  const listFor = async (session: SessionUser, filter: AiRecordingFilter) => present(await narration.list(filter, session.user.id), session.user.id);

  /** The AI story if the caller is a member of its family; else 404 (outsiders learn nothing). */
  async function visible(caller: Caller, uuid: string): Promise<ListRow> {
    const [row] = isDevice(caller)
      ? await narration.list({ id: uuid, ...deviceFilter(caller), onlyReady: true }, null)
      : await narration.list({ id: uuid }, caller.user.id);
    if (!row) throw aiNotFound();
    return row;
  }

  /** Removes the reader's voice here, and at its provider through a retried job. */
  async function removeClone(readerId: string): Promise<boolean> {
    const removed = await narration.transaction(async (tx) => {
      await tx.lockReader(readerId);
      return tx.deleteClone(readerId);
    });
    if (!removed) return false;
    await deps.jobs.send(DELETE_VOICE_QUEUE, { provider: removed.provider, providerVoiceId: removed.providerVoiceId } satisfies DeleteVoiceJob);
    deps.log.info({ readerId, provider: removed.provider }, 'voice clone removed');
    return true;
  }

  /** Asks the reader by e-mail to allow an AI voice (at most once a day). */
  async function askForConsent(reader: { id: string; firstName: string; email: string }, requester: SessionUser) {
    const now = deps.clock.now();
    const ask = await narration.claimConsentRequest(reader.id, now, new Date(now.getTime() - CONSENT_REQUEST_INTERVAL_MS));
    if (!ask) return;
    const name = `${requester.user.first_name} ${requester.user.last_name}`.trim();
    await deps.mailer
      .send({
        to: reader.email,
        subject: NARRATION_SERVER_MESSAGES.consentEmailSubject(name),
        text: NARRATION_SERVER_MESSAGES.consentEmailBody(reader.firstName, name, `${deps.publicUrl}/profile`),
      })
      .catch((err) => deps.log.error({ err, readerId: reader.id }, 'consent request e-mail could not be sent'));
  }

  /**
   * Who may make a reader's voice: the reader, or a parent of one of the reader's families (404 for
   * anyone outside them, 403 for another reader of the family). Answers the families it concerns.
   */
  async function cloneAccess(session: SessionUser, readerId: string) {
    const reader = await narration.user(readerId);
    if (!reader || reader.role !== 'grandparent') throw readerNotFound();
    if (readerId === session.user.id) return { reader, familyIds: await narration.readerFamilyIds(readerId), self: true };
    const shared = await narration.sharedReaderFamilies(readerId, session.user.id);
    if (!shared.length) throw readerNotFound();
    const asParent = shared.filter((f) => isParentRole(f.role as FamilyRole));
    if (!asParent.length) throw forbidden(NARRATION_SERVER_MESSAGES.onlyParentsOrReader);
    return { reader, familyIds: asParent.map((f) => f.familyId), self: false };
  }

  /** Some family it concerns must have AI narration (premium or gold; spec section 6). */
  async function requireAiPlan(familyIds: string[]) {
    for (const id of familyIds) if ((await deps.familyTier(id)) !== 'free') return;
    throw forbidden(NARRATION_SERVER_MESSAGES.needsSubscription);
  }

  /** The chosen readings, fetched and decoded for the provider; the pace is counted against their book's text. */
  async function prepareSamples(work: string, rows: Awaited<ReturnType<NarrationRepository['readyRecordings']>>): Promise<VoiceSample[]> {
    const samples: VoiceSample[] = [];
    const pagesOf = new Map<string, string[]>();
    for (const [i, r] of rows.entries()) {
      const mediaFile = path.join(work, `reading-${i}${path.extname(r.mediaKey)}`);
      await pipeline(await storage.get(r.mediaKey), createWriteStream(mediaFile));
      let wavFile: string | null = null;
      if (deps.decoder) {
        wavFile = path.join(work, `reading-${i}.wav`);
        await deps.decoder.toWav(mediaFile, wavFile, { sampleRate: SPEECH_SAMPLE_RATE, maxSeconds: SAMPLE_MAX_SECONDS }).catch((err) => {
          // A reading without decodable sound cannot shape a voice; the others still can.
          if (!(err instanceof AudioDecodeError)) throw err;
          deps.log.error({ err, recordingId: r.id }, 'reading could not be decoded for the voice');
          wavFile = null;
        });
      }
      let words: number | null = null;
      if (r.bookId) {
        if (!pagesOf.has(r.bookId)) pagesOf.set(r.bookId, await deps.pageTexts(r.bookId));
        const pages = pagesOf.get(r.bookId)!;
        // The pages shown while reading, when the recorder kept them; else the whole book.
        const shown = new Set((r.pageTrack as PageTurn[]).map((t) => t.page));
        const read = shown.size ? pages.filter((_, n) => shown.has(n + 1)) : pages;
        words = read.reduce((sum, text) => sum + countWords(text), 0) || null;
      }
      samples.push({ wavFile, mediaFile, mime: r.mime, words, durationSeconds: r.durationSeconds });
    }
    return samples;
  }

  /** The kid (404 outside the caller's families), the caller a parent of its family (403), the reader one of its readers (404), the book (404). */
  async function generationContext(session: SessionUser, body: z.output<typeof availabilityBody>) {
    const { kid, role } = await access.requireKidMember(body.kid_id, session.user.id);
    if (!isParentRole(role)) throw forbidden(NARRATION_SERVER_MESSAGES.onlyParentsGenerate);
    if (!(await narration.isReaderOf(kid.familyId, body.reader_id))) throw readerNotFound();
    const book = await deps.findBook(body.book_id);
    if (!book) throw fieldError('book_id', RECORDING_TEXTS.bookNotFound, 'not_found');
    return { kid, book };
  }

  async function availabilityOf(
    session: SessionUser,
    body: z.output<typeof availabilityBody>,
    kid: { id: string; familyId: string },
    book: { id: string; isPremium: boolean },
  ) {
    const month = billingMonth(deps.clock.now());
    const [tier, used, clone, existingAi, existingManual, unlocked, pages] = await Promise.all([
      deps.familyTier(kid.familyId),
      narration.generationsUsed(kid.familyId, month),
      narration.clone(body.reader_id).then(usable),
      narration.existingAi(body.reader_id, book.id, kid.id),
      narration.existingManual(body.reader_id, book.id, kid.id),
      book.isPremium ? deps.premiumUnlocked(session.user.id, book.id) : Promise.resolve(true),
      deps.pageTexts(book.id),
    ]);
    const script = narrationScript(pages);
    const result = aiAvailability({
      tier,
      used,
      hasVoiceClone: Boolean(clone),
      existing: existingAi ? 'ai' : existingManual ? 'manual' : null,
      premiumLocked: !unlocked,
      hasBookText: script !== null,
    });
    const answer: AvailabilityResponse = {
      ...result,
      existing_recording_id: existingAi ? toAiRecordingId(existingAi) : (existingManual ?? null),
      voice_name: clone?.voiceName ?? null,
      approximate_voice: clone ? isApproximateVoice(clone.provider) : null,
    };
    return { answer, clone, tier, month, script };
  }

  /** The kid, for a member of its family (404 for anyone else). */
  async function kidSummary(session: SessionUser, kidId: string): Promise<KidSummary> {
    await access.requireKidMember(kidId, session.user.id);
    const kid = await narration.kid(kidId);
    if (!kid) throw fieldError('kid_id', RECORDING_TEXTS.kidNotFound, 'not_found');
    return { id: kid.id, first_name: kid.firstName, name: kid.firstName, age: kid.age, family_id: kid.familyId, family_name: kid.familyName };
  }

  async function consentOf(readerId: string): Promise<VoiceConsent> {
    const row = await narration.consent(readerId);
    return { allowed: row?.allowed ?? false, updated_at: row?.updatedAt?.toISOString() ?? null };
  }

  async function getOne(session: SessionUser, uuid: string) {
    const [aiRecording] = await present([await visible(session, uuid)], session.user.id);
    return { ai_recording: aiRecording! };
  }

  return {
    /** `GET /api/voice/consent`: the caller's own answer (never given: not allowed). */
    consent: (session: SessionUser) => consentOf(session.user.id),

    /** `PUT /api/voice/consent`: readers only. Turning it off deletes their voice, at the provider too. */
    async setConsent(session: SessionUser, allowed: boolean): Promise<VoiceConsent> {
      if (session.user.role !== 'grandparent') throw forbidden(NARRATION_SERVER_MESSAGES.onlyReadersConsent);
      await narration.saveConsent(session.user.id, allowed, deps.clock.now());
      if (!allowed) await removeClone(session.user.id);
      return consentOf(session.user.id);
    },

    /**
     * `POST /api/voice/clone/create` (JSON or multipart fields): the reader's voice from their own chosen
     * ready readings, made by the reader or a parent of one of their families, with the reader's consent.
     */
    async createClone(session: SessionUser, raw: unknown): Promise<{ voice_clone: VoiceClone }> {
      const parsed = voiceCloneBody.safeParse(raw ?? {});
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
        throw new AppError('invalid_input', parsed.error.issues[0]!.message, errors);
      }
      const input = parsed.data;
      const { reader, familyIds, self } = await cloneAccess(session, input.readerId);
      await requireAiPlan(familyIds);

      const consent = await narration.consent(reader.id);
      if (!consent?.allowed) {
        if (self) throw forbidden(NARRATION_SERVER_MESSAGES.consentMissingSelf);
        await askForConsent(reader, session);
        throw new AppError('forbidden', NARRATION_SERVER_MESSAGES.consentMissing(reader.firstName), undefined, { reason_code: 'consent_required' });
      }

      // The reader's own ready readings that the caller can see (all of them, for the reader).
      const visibleTo = self ? undefined : session.user.id;
      const all = await narration.readyRecordings(reader.id, { visibleTo });
      if (!all.length) throw fieldError('readerId', VALIDATION.readerNeedsRecording(reader.firstName));
      const wanted = [...new Set(input.recording_ids)];
      const chosen = all.filter((r) => wanted.includes(r.id));
      if (chosen.length !== wanted.length) throw fieldError('recording_ids', NARRATION_SERVER_MESSAGES.recordingsNotReaders);

      const name = input.voice_name ?? defaultVoiceName(reader.firstName);
      await mkdir(deps.workDir, { recursive: true });
      const work = await mkdtemp(path.join(deps.workDir, `voice-${reader.id}-`));
      let made: StoredVoice;
      try {
        const samples = await prepareSamples(work, chosen);
        made = await voice.createVoice({ name, description: `Family Story Time: ${name}, from ${chosen.length} of their readings`, samples });
      } catch (err) {
        if (err instanceof VoiceServiceError) {
          deps.log.error({ err, readerId: reader.id }, 'voice clone could not be made');
          throw err.kind === 'refused'
            ? fieldError('recording_ids', NARRATION_SERVER_MESSAGES.voiceServiceRefused)
            : new AppError('unavailable', NARRATION_SERVER_MESSAGES.voiceServiceUnavailable);
        }
        throw err;
      } finally {
        await rm(work, { recursive: true, force: true });
      }

      const discard = (v: { provider: VoiceCloneRow['provider']; providerVoiceId: string }) =>
        deps.jobs.send(DELETE_VOICE_QUEUE, { provider: v.provider, providerVoiceId: v.providerVoiceId } satisfies DeleteVoiceJob);
      // The voice exists at the provider now: if it cannot be saved here, it is deleted there too (issue 27).
      const outcome = await narration
        .transaction(async (tx) => {
          await tx.lockReader(reader.id);
          // Consent withdrawn while the voice was being made: it must not be kept.
          if (!(await tx.consent(reader.id))?.allowed) return null;
          return tx.replaceClone({
            id: randomUUID(),
            readerId: reader.id,
            provider: voice.name,
            providerVoiceId: made.providerVoiceId,
            voiceName: name,
            profile: made.profile,
            recordingIds: chosen.map((r) => r.id),
            createdBy: session.user.id,
            createdAt: deps.clock.now(),
          });
        })
        .catch(async (err: unknown) => {
          // With the database down the job cannot be queued either: the provider is asked at once then.
          await discard({ provider: voice.name, providerVoiceId: made.providerVoiceId })
            .catch(() => voice.deleteVoice(made))
            .catch((cleanup: unknown) => deps.log.error({ err: cleanup, readerId: reader.id }, 'unsaved voice clone could not be deleted at the provider'));
          throw err;
        });
      if (!outcome) {
        await discard({ provider: voice.name, providerVoiceId: made.providerVoiceId });
        throw forbidden(self ? NARRATION_SERVER_MESSAGES.consentMissingSelf : NARRATION_SERVER_MESSAGES.consentMissing(reader.firstName));
      }
      if (outcome.previous && outcome.previous.providerVoiceId !== made.providerVoiceId) await discard(outcome.previous);
      deps.log.info({ readerId: reader.id, provider: voice.name, recordings: chosen.length }, 'voice clone made');
      return { voice_clone: toClone(outcome.saved, reader) };
    },

    /** `GET /api/voice/clone/my-voice`: the caller's own voice and consent. */
    async myVoice(session: SessionUser) {
      const [clone, consent] = await Promise.all([narration.clone(session.user.id), consentOf(session.user.id)]);
      return { voice_clone: clone ? toClone(clone, { firstName: session.user.first_name, lastName: session.user.last_name }) : null, consent };
    },

    /** `DELETE /api/voice/clone/my-voice`: the reader deletes their own voice (at the provider too). */
    async deleteMyVoice(session: SessionUser) {
      if (!(await removeClone(session.user.id))) throw notFound(NARRATION_SERVER_MESSAGES.noVoiceToDelete);
      return { ok: true as const };
    },

    /** `GET /api/voice/check-voice-clone/{readerId}`: for the reader and members of a family they read for. */
    async checkVoiceClone(session: SessionUser, readerId: string) {
      if (readerId !== session.user.id && !(await narration.sharedReaderFamilies(readerId, session.user.id)).length) throw readerNotFound();
      const [clone, consent] = await Promise.all([narration.clone(readerId).then(usable), narration.consent(readerId)]);
      return {
        has_voice_clone: Boolean(clone),
        voice_name: clone?.voiceName ?? null,
        approximate: clone ? isApproximateVoice(clone.provider) : null,
        consent: consent?.allowed ?? false,
      };
    },

    /** `POST /api/voice/check-availability`: by the real rules, for a parent of the kid's family. */
    async checkAvailability(session: SessionUser, body: z.output<typeof availabilityBody>): Promise<AvailabilityResponse> {
      const { kid, book } = await generationContext(session, body);
      return (await availabilityOf(session, body, kid, book)).answer;
    },

    /**
     * `POST /api/voice/generate-story`: checks as availability does, counts the generation in the family's
     * month (serialised per family, so two requests cannot both take the last one), stores the AI story
     * as pending and starts the job. Answers at once.
     */
    async generate(session: SessionUser, body: z.output<typeof generateStoryBody>): Promise<GenerateStoryResponse> {
      const { kid, book } = await generationContext(session, body);
      const { answer, clone, tier, month, script } = await availabilityOf(session, body, kid, book);
      if (!answer.ai_available || !clone || !script) {
        const code = refusalStatus(answer.reason_code!) === 409 ? 'conflict' : 'forbidden';
        throw new AppError(code, answer.reason!, undefined, { reason_code: answer.reason_code! });
      }
      // Only the stored book is read (extracted, or entered by a site admin); never text from the requester.
      const textSource = 'book' as const;

      const id = randomUUID();
      const now = deps.clock.now();
      const limit = familyAiLimit(tier);
      await narration.transaction(async (tx) => {
        await tx.lockFamilyMonth(kid.familyId, month);
        if ((await tx.generationsUsed(kid.familyId, month)) >= limit) {
          throw new AppError('forbidden', NARRATION_SERVER_MESSAGES.limitReached(limit), undefined, { reason_code: 'limit_reached' });
        }
        if (await tx.existingAi(body.reader_id, book.id, kid.id)) {
          throw new AppError('conflict', NARRATION_SERVER_MESSAGES.existingAi, undefined, { reason_code: 'recording_exists' });
        }
        await tx.insertAiRecording(
          {
            id,
            familyId: kid.familyId,
            readerId: body.reader_id,
            voiceCloneId: clone.id,
            voiceName: clone.voiceName,
            voiceProvider: clone.provider,
            bookId: book.id,
            requestedBy: session.user.id,
            status: 'pending',
            script,
            textSource,
            createdAt: now,
          },
          kid.id,
          month,
        );
      });
      try {
        await deps.jobs.send(GENERATE_STORY_QUEUE, { aiRecordingId: id });
      } catch (err) {
        // Not started: nothing may stay, and nothing is counted.
        await narration.delete(id);
        await narration.releaseGeneration(id);
        throw err;
      }
      const [aiRecording] = await listFor(session, { id });
      return { recording_id: toAiRecordingId(id), status: aiRecording!.status, ai_recording: aiRecording! };
    },

    /** `GET /api/voice/ai-recordings/{id}`: members of the story's family; the panel follows `status` here. */
    get: getOne,

    /** `GET /api/voice/ai-recordings/{id}/presigned-url`: a signed link to the story's audio. */
    async presignedUrl(caller: Caller, uuid: string) {
      const { ai } = await visible(caller, uuid);
      if (ai.status === 'failed') throw new AppError('conflict', NARRATION_SERVER_MESSAGES.generationFailed);
      if (ai.status !== 'ready' || !ai.mediaKey) throw new AppError('conflict', NARRATION_SERVER_MESSAGES.stillGenerating);
      const url = await storage.signedUrl(ai.mediaKey, AI_RECORDING_LINK_TTL_MS);
      return { url, expires_at: new Date(deps.clock.now().getTime() + AI_RECORDING_LINK_TTL_MS).toISOString() };
    },

    /** `POST /api/voice/{id}/assign-to-kid`: a parent of the story's family gives it to another kid of that family. */
    async assignToKid(session: SessionUser, uuid: string, kidId: string) {
      const { ai, viewerRole } = await visible(session, uuid);
      if (!isParentRole(viewerRole as FamilyRole)) throw forbidden(NARRATION_SERVER_MESSAGES.onlyParentsManage);
      const { kid } = await access.requireKidMember(kidId, session.user.id);
      if (kid.familyId !== ai.familyId) throw forbidden(NARRATION_SERVER_MESSAGES.otherFamilyKid);
      if (ai.status !== 'ready') throw new AppError('conflict', NARRATION_SERVER_MESSAGES.stillGenerating);
      if (!(await narration.assign(ai.id, kid.id, session.user.id, deps.clock.now())))
        throw new AppError('conflict', NARRATION_SERVER_MESSAGES.alreadyAssigned);
      return getOne(session, uuid);
    },

    /** `DELETE /api/voice/ai-recordings/{id}`: a parent of its family deletes it (it still counts in its month). */
    async remove(session: SessionUser, uuid: string) {
      const { viewerRole } = await visible(session, uuid);
      if (!isParentRole(viewerRole as FamilyRole)) throw forbidden(NARRATION_SERVER_MESSAGES.onlyParentsManage);
      const row = await narration.delete(uuid);
      if (!row) throw aiNotFound();
      if (row.mediaKey) await storage.delete(row.mediaKey).catch((err) => deps.log.error({ err, key: row.mediaKey }, 'AI story audio could not be deleted'));
      return { ok: true as const };
    },

    /** `GET /api/voice/kid/{kidId}/ai-recordings`: the kid's AI stories, every state, for members of the kid's family. */
    async kidAiRecordings(session: SessionUser, kidId: string) {
      const kid = await kidSummary(session, kidId);
      return { kid, recordings: await listFor(session, { kidId: kid.id }) };
    },

    /** `GET /api/voice/kid/{kidId}/all-recordings`: the kid's readings and AI stories together, newest first. */
    async kidAllRecordings(session: SessionUser, kidId: string) {
      const kid = await kidSummary(session, kidId);
      const [recordings, ai] = await Promise.all([deps.kidRecordings(session, kid.id), listFor(session, { kidId: kid.id })]);
      const all: Recording[] = [...recordings, ...ai].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
      return { kid, recordings: all };
    },

    /** The kid's ready AI stories as recordings, for playlists and the kid's stories (the caller is a member of the kid's family). */
    kidStories: async (caller: Caller, kidId: string): Promise<Recording[]> =>
      isDevice(caller)
        ? kidId === caller.kidId
          ? present(await narration.list({ ...deviceFilter(caller), onlyReady: true }, null), null, caller.kidId)
          : []
        : listFor(caller, { kidId, onlyReady: true }),

    /**
     * The AI story `ai_<uuid>` if it is one of the kid's (assigned to the kid, of the kid's family), for playback's
     * play events; the caller already checked the kid. Its state in the words of recordings.
     */
    async kidAiStory(kidId: string, id: string): Promise<{ status: ReturnType<typeof aiProcessingStatus>; durationSeconds: number } | undefined> {
      const uuid = parseAiRecordingId(id);
      const ai = uuid ? await narration.find(uuid) : undefined;
      if (!ai) return undefined;
      const kids = await narration.kidsOf([ai.id]);
      if (!kids.some((k) => k.kidId === kidId && k.familyId === ai.familyId)) return undefined;
      return { status: aiProcessingStatus(ai.status), durationSeconds: ai.durationSeconds };
    },

    /** The family's ready AI stories (all, or the most recent), for the family lists; the caller is a member. */
    familyAiRecordings: (session: SessionUser, familyId: string, opts: { recent: boolean }) =>
      listFor(session, { familyId, onlyReady: true, ...(opts.recent ? { limit: RECENT_AI_RECORDINGS_LIMIT } : {}) }),

    /** Readers with a voice this server's provider can speak with (reader cards' has_voice_clone). */
    async hasVoiceClone(readerIds: string[]): Promise<Set<string>> {
      const rows = await narration.clonesOf(readerIds);
      return new Set(rows.filter((r) => r.clone.provider === voice.name).map((r) => r.clone.readerId));
    },

    /** AI stories the family made in the billing month of `now` (billing's usage bar). */
    generationsUsed: (familyId: string, now: Date) => narration.generationsUsed(familyId, billingMonth(now)),

    /** Ready AI stories per kid (the kid's story count). */
    async kidStoryCounts(kidIds: string[]): Promise<Map<string, number>> {
      return new Map((await narration.readyCountsByKid(kidIds)).map((r) => [r.kidId, r.n]));
    },
  };
}
export type NarrationService = ReturnType<typeof createNarrationService>;

/** The `narration.delete-voice` job: removes a voice at its provider (a voice of another provider cannot be reached from here). */
export function createVoiceRemover(deps: {
  voice: VoiceProvider;
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };
}) {
  return async function deleteVoice(job: DeleteVoiceJob, attempt: { lastAttempt: boolean }) {
    if (job.provider !== deps.voice.name) {
      deps.log.error({ job }, 'voice of another provider left at that provider');
      return;
    }
    try {
      await deps.voice.deleteVoice({ providerVoiceId: job.providerVoiceId, profile: null });
      deps.log.info({ provider: job.provider }, 'voice removed at its provider');
    } catch (err) {
      deps.log.error(
        { err, provider: job.provider, providerVoiceId: job.providerVoiceId, lastAttempt: attempt.lastAttempt },
        'voice could not be removed at its provider',
      );
      throw err;
    }
  };
}
