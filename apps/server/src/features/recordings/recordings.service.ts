import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import type { z } from 'zod';
import type { bookListQuery, BookListResponse } from '@fst/shared/books/books.schema';
import { initials, isParentRole } from '@fst/shared/families/families.rules';
import { RECORDING_SERVER_MESSAGES, RECORDING_TEXTS } from '@fst/shared/messages';
import {
  containerExtension,
  containerOfMime,
  normalizePageTrack,
  RECENT_RECORDINGS_LIMIT,
  RECORDING_MIME_TYPES,
  SNIFF_BYTES,
  sniffContainer,
  type MediaContainer,
} from '@fst/shared/recordings/recordings.rules';
import { recordingUploadForm, type AssignResponse, type Recording, type RecordingUpload } from '@fst/shared/recordings/recordings.schema';
import { RECORDING_UPLOAD_FILE_FIELD, type FamilyRole } from '@fst/shared/constants';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { isDevice, type Caller, type KidDevice, type SessionUser } from '../../platform/http.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { NotMediaError, sniffingStream } from '../../platform/media/sniff.ts';
import { drain, formStreamError, type FormPart } from '../../platform/multipart.ts';
import { MEDIA_LINK_TTL_MS, ObjectTooLargeError, type Storage } from '../../platform/storage/storage.ts';
import type { FinishedUpload, ResumableUploads } from '../../platform/uploads/resumable-uploads.ts';
import { PROCESS_LONG_RECORDING_QUEUE, PROCESS_RECORDING_QUEUE } from './recording-processing.ts';
import type { RecordingFilter, RecordingsRepository } from './recordings.repository.ts';

/** How long media links handed out in answers stay valid (at least; see the storage port). */
export const RECORDING_LINK_TTL_MS = MEDIA_LINK_TTL_MS;

type TargetKid = { id: string; familyId: string };

/**
 * What billing decides about premium recordings; free of charge until the billing feature plugs in
 * (spec section 5, decisions.md "Resolved ambiguities": premium recording and premium sharing).
 */
export type RecordingBilling = {
  /**
   * Checks and charges the recording of a premium book for these kids, just before it is stored
   * (`recordingId` is the charge's reference). Throws an AppError to refuse. Answers tokens used.
   */
  chargeUpload(input: { session: SessionUser; recordingId: string; bookId: string; isPremium: boolean; kids: TargetKid[] }): Promise<number>;
  /**
   * Checks and charges the owner's sharing of a recording with more kids (`requestingFamilyIds`: the
   * families that already have one of its kids). Throws an AppError to refuse (e.g. code
   * `insufficient_tokens` with the spec's tokens_needed/tokens_available). Answers tokens used.
   */
  chargeShare(input: {
    session: SessionUser;
    recordingId: string;
    isPremium: boolean;
    kids: TargetKid[];
    requestingFamilyIds: ReadonlySet<string>;
  }): Promise<number>;
  shareTokensRemaining(userId: string): Promise<number>;
  /** Gives back the upload's charge when the recording could not be stored after it (once; none is harmless). */
  refundUpload(recordingId: string): Promise<void>;
  /** Gives back a share charge when the assignment could not be stored after it. */
  refundShare(recordingId: string, kidIds: string[]): Promise<void>;
};
export const noRecordingCharges: RecordingBilling = {
  chargeUpload: async () => 0,
  chargeShare: async () => 0,
  refundUpload: async () => {},
  refundShare: async () => {},
  shareTokensRemaining: async () => 0,
};

type Deps = {
  recordings: RecordingsRepository;
  storage: Storage;
  uploads: Pick<ResumableUploads, 'claimFinished' | 'release' | 'remove'>;
  jobs: Pick<JobQueue, 'send' | 'sentKeys'>;
  clock: Clock;
  /** The largest recording accepted (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  billing: RecordingBilling;
  findBook: (bookId: string) => Promise<{ id: string; isPremium: boolean } | undefined>;
  /** A page of the regular or premium library without some books, as `/api/books` answers. */
  listBooks: (session: SessionUser, query: z.output<typeof bookListQuery>, premium: boolean, excludeIds: readonly string[]) => Promise<BookListResponse>;
  log: { error: (obj: unknown, msg: string) => void };
  /** Told when a reader's recording of a book reaches kids (the story queue fulfils its requests). */
  onRecorded?: (story: { readerId: string; bookId: string; kidIds: string[]; recordingId: string }) => Promise<void>;
  /** Watched plays per recording (playback); zero without it. */
  playCounts?: (recordingIds: string[]) => Promise<Map<string, number>>;
  /** Told when a ready recording is assigned to more kids by `actorId` (parents' e-mail notices); must not throw. */
  onAssigned?: (recordingId: string, kidIds: string[], actorId: string) => Promise<void>;
};

type StoredFile = { key: string; size: number; mime: string };
// A finished upload's copy into storage is tried this often after its answer, waiting longer each time.
const HAND_OVER_TRIES = 3;
const HAND_OVER_RETRY_MS = 2_000;

type ListRow = Awaited<ReturnType<RecordingsRepository['list']>>[number];
type CheckedForm = { input: RecordingUpload; book: { id: string; isPremium: boolean }; kids: TargetKid[] };

// The form fields that must be in before an early check is worth making.
const REQUIRED_FIELDS = ['book_id', 'recording_type', 'kid_ids'] as const;
const ACCEPTED_TYPES = Object.keys(RECORDING_MIME_TYPES).join(', ');
const MB = 1024 * 1024;

/** `source` flowing through `transform`; an error of either ends both. */
const through = (source: Readable, transform: NodeJS.ReadWriteStream & Readable): Readable => pipeline(source, transform, () => {});

export function createRecordingsService(deps: Deps) {
  const { recordings, storage } = deps;
  const link = (key: string | null) => (key ? storage.signedUrl(key, RECORDING_LINK_TTL_MS) : Promise.resolve(null));

  /**
   * Answers for these rows as `viewer` sees them: only the kids of their families (a kid device: its kid
   * only), the failure reason only for the owner.
   */
  async function present(rows: ListRow[], viewer: string | KidDevice): Promise<Recording[]> {
    const ids = rows.map((r) => r.recording.id);
    const viewerId = typeof viewer === 'string' ? viewer : null;
    const [kids, playCounts] = await Promise.all([
      typeof viewer === 'string' ? recordings.visibleKids(ids, viewer) : recordings.kidOfDevice(ids, viewer.kidId),
      deps.playCounts?.(ids) ?? new Map<string, number>(),
    ]);
    const kidsOf = new Map<string, Recording['kids']>();
    for (const k of kids) {
      const list = kidsOf.get(k.recordingId) ?? [];
      list.push({ id: k.kidId, name: k.firstName, family_id: k.familyId, family_name: k.familyName });
      kidsOf.set(k.recordingId, list);
    }
    return Promise.all(
      rows.map(async ({ recording: r, book, readerFirstName, readerLastName }) => {
        const ready = r.status === 'ready';
        const audio = r.recordingType === 'audio_only';
        const [pdfUrl, mediaUrl, posterUrl, coverUrl] = await Promise.all([
          link(book?.pdfKey ?? null),
          link(ready ? r.mediaKey : null),
          link(ready ? r.posterKey : null),
          link(book?.coverKey ?? null),
        ]);
        const assigned = kidsOf.get(r.id) ?? [];
        const isOwner = r.readerId === viewerId;
        return {
          id: r.id,
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
          book_id: r.bookId,
          book_title: book?.title ?? null,
          book_author: book?.author ?? null,
          reader_id: r.readerId,
          reader_name: `${readerFirstName} ${readerLastName}`.trim(),
          reader_avatar: initials(readerFirstName, readerLastName),
          reader: { first_name: readerFirstName, last_name: readerLastName },
          kid_name: assigned.map((k) => k.name).join(', '),
          kids: assigned,
          video_url: audio ? null : mediaUrl,
          audio_url: audio ? mediaUrl : null,
          poster_url: posterUrl,
          created_at: r.createdAt.toISOString(),
          duration_seconds: r.durationSeconds,
          processing_status: r.status,
          failure_reason: isOwner ? r.failureReason : null,
          is_premium: r.isPremium,
          is_ai: false,
          voice_name: null,
          play_count: playCounts.get(r.id) ?? 0,
          recording_type: r.recordingType,
          pdf_url: pdfUrl,
          page_track: r.pageTrack,
          is_owner: isOwner,
        } satisfies Recording;
      }),
    );
  }

  const listFor = async (session: SessionUser, filter: RecordingFilter) => present(await recordings.list(filter), session.user.id);

  /** The recording if the caller may see it (its owner, or a member of a family it is assigned to); else 404. */
  async function visible(caller: Caller, id: string): Promise<ListRow> {
    // A kid device sees its kid's ready stories only.
    const [row] = await recordings.list(isDevice(caller) ? { id, kidId: caller.kidId, onlyReady: true } : { id, visibleTo: caller.user.id });
    if (!row) throw notFound(RECORDING_TEXTS.notFound);
    return row;
  }

  /** `GET /api/recording/kid/{kidId}` on the kid's own device: its ready stories; any other kid is not found. */
  async function deviceKidRecordings(device: KidDevice, kidId: string) {
    const kid = kidId === device.kidId ? await recordings.kid(kidId) : undefined;
    if (!kid) throw notFound(RECORDING_TEXTS.kidNotFound);
    const list = await present(await recordings.list({ kidId, onlyReady: true }), device);
    return {
      kid: { id: kid.kidId, first_name: kid.firstName, name: kid.firstName, age: kid.age, family_id: kid.familyId, family_name: kid.familyName },
      recordings: list,
    };
  }

  /** Only readers record (decisions.md): parents are refused before their upload is read. */
  function requireReaderAccount(session: SessionUser) {
    if (session.user.role !== 'grandparent') throw forbidden(RECORDING_SERVER_MESSAGES.onlyReaders);
  }

  /**
   * Only accounts that can record, readers of at least one family, may send media: anyone else is refused
   * before a byte is stored (issue 27.7: any account could fill the disk).
   */
  async function requireRecorder(session: SessionUser) {
    requireReaderAccount(session);
    if (!(await recordings.readsForAnyFamily(session.user.id))) throw forbidden(RECORDING_SERVER_MESSAGES.readerOfNoFamily);
  }

  /** These kids with the caller's role in their families: unknown kids and kids of other families are 404. */
  async function kidsOfCaller(session: SessionUser, kidIds: readonly string[]) {
    const unique = [...new Set(kidIds)];
    const rows = new Map((await recordings.kidsWithRole(unique, session.user.id)).map((k) => [k.kidId, k]));
    return unique.map((id) => {
      const kid = rows.get(id);
      if (!kid || !kid.role) throw notFound(RECORDING_TEXTS.kidNotFound);
      return { ...kid, role: kid.role as FamilyRole };
    });
  }

  /** The form's fields, checked: shape (400), the book (404) and the kids, which must be of families the caller reads for. */
  async function checkForm(session: SessionUser, fields: Map<string, string>): Promise<CheckedForm> {
    const parsed = recordingUploadForm.safeParse(Object.fromEntries(fields));
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
      throw new AppError('invalid_input', parsed.error.issues[0]!.message, errors);
    }
    const input = parsed.data;
    const book = await deps.findBook(input.book_id);
    if (!book) throw fieldError('book_id', RECORDING_TEXTS.bookNotFound, 'not_found');
    const kids = await kidsOfCaller(session, input.kid_ids);
    if (kids.some((k) => k.role !== 'reader')) throw forbidden(RECORDING_SERVER_MESSAGES.notReaderOfKidFamily);
    return { input, book, kids: kids.map((k) => ({ id: k.kidId, familyId: k.familyId })) };
  }

  /** Streams a media upload into storage, checking its first bytes against its content type. */
  async function storeMedia(id: string, body: Readable, mimetype: string): Promise<StoredFile> {
    const container: MediaContainer | null = containerOfMime(mimetype);
    if (!container) {
      body.destroy();
      throw fieldError(RECORDING_UPLOAD_FILE_FIELD, RECORDING_SERVER_MESSAGES.unsupportedType(ACCEPTED_TYPES), 'unsupported_media_type');
    }
    const key = `recordings/${id}/original.${containerExtension(container)}`;
    try {
      const { size } = await storage.put(key, through(body, sniffingStream(container)), { maxBytes: deps.maxBytes });
      return { key, size, mime: mimetype.split(';')[0]!.trim().toLowerCase() };
    } catch (err) {
      if (err instanceof NotMediaError) throw fieldError(RECORDING_UPLOAD_FILE_FIELD, RECORDING_SERVER_MESSAGES.notMedia, 'unsupported_media_type');
      if (err instanceof ObjectTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fieldError(RECORDING_UPLOAD_FILE_FIELD, RECORDING_SERVER_MESSAGES.tooLarge(Math.floor(deps.maxBytes / MB)), 'payload_too_large');
      }
      throw formStreamError(err) ?? err;
    }
  }

  /** Refuses a finished upload whose first bytes are not of the container its type names. */
  async function sniffFile(file: string, container: MediaContainer) {
    const handle = await open(file, 'r');
    const head = Buffer.alloc(SNIFF_BYTES);
    try {
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      if (sniffContainer(head.subarray(0, bytesRead)) !== container) {
        throw fieldError(RECORDING_UPLOAD_FILE_FIELD, RECORDING_SERVER_MESSAGES.notMedia, 'unsupported_media_type');
      }
    } finally {
      await handle.close();
    }
  }

  /**
   * A finished resumable upload made the recording's original, without a copy in the request (issue 23.9):
   * linked into storage when it is on the same disk; else (the bucket) `handOver` copies it after the answer.
   */
  async function storeUpload(id: string, upload: FinishedUpload): Promise<StoredFile & { handOver?: () => Promise<unknown> }> {
    const container = containerOfMime(upload.mimetype);
    if (!container) return storeMedia(id, upload.stream(), upload.mimetype);
    await sniffFile(upload.file, container);
    const key = `recordings/${id}/original.${containerExtension(container)}`;
    const mime = upload.mimetype.split(';')[0]!.trim().toLowerCase();
    const linked = await storage.linkIn?.(key, upload.file);
    if (linked) return { key, size: linked.size, mime };
    return { key, size: upload.size, mime, handOver: () => storage.put(key, upload.stream(), { maxBytes: deps.maxBytes }) };
  }

  // Finished uploads being copied into storage after their answers; awaited when the app closes.
  const handingOver = new Set<Promise<void>>();

  /**
   * Copies a claimed upload into storage (`copy`, tried a few times), sends the recording's job (unless one was
   * sent: `checkSent`), then removes the upload. A copy that keeps failing leaves the upload where it is, and
   * the next sweep on this instance (`resumeHandOvers`) tries again.
   */
  function handOver(recordingId: string, uploadId: string, key: string, copy: () => Promise<unknown>, checkSent = false) {
    const run = (async () => {
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await copy();
            break;
          } catch (err) {
            if (attempt >= HAND_OVER_TRIES) throw err;
            deps.log.error({ err, recordingId, attempt }, 'finished upload could not be copied into storage, trying again');
            await new Promise((r) => setTimeout(r, HAND_OVER_RETRY_MS * attempt));
          }
        }
        // Deleted by its owner during the copy: the copy goes too.
        if (!(await recordings.find(recordingId))) {
          await removeFiles([key]);
          await deps.uploads.remove(uploadId);
          return;
        }
        const sent = checkSent && (await deps.jobs.sentKeys(PROCESS_RECORDING_QUEUE, 'recordingId', [PROCESS_LONG_RECORDING_QUEUE])).has(recordingId);
        if (!sent) await deps.jobs.send(PROCESS_RECORDING_QUEUE, { recordingId });
        await deps.uploads.remove(uploadId);
      } catch (err) {
        deps.log.error({ err, recordingId }, 'finished upload could not be handed over; tried again at the next sweep');
      } finally {
        deps.uploads.release(uploadId);
      }
    })();
    handingOver.add(run);
    void run.finally(() => handingOver.delete(run));
    return run;
  }

  const removeFiles = (keys: (string | null | undefined)[]) =>
    Promise.all(
      [...new Set(keys.filter((k): k is string => Boolean(k)))].map((key) =>
        storage.delete(key).catch((err) => deps.log.error({ err, key }, 'recording file could not be deleted')),
      ),
    );

  /** The recording is stored: telling the queue must not undo that, so a failure is only logged. */
  async function recorded(story: { readerId: string; bookId: string; kidIds: string[]; recordingId: string }) {
    if (!deps.onRecorded || !story.kidIds.length) return;
    await deps.onRecorded(story).catch((err) => deps.log.error({ err, recordingId: story.recordingId }, 'story requests could not be fulfilled'));
  }

  return {
    requireReaderAccount,
    requireRecorder,

    /**
     * Hands over again the finished uploads of recordings still processing that this instance holds and no
     * hand-over is running for (cut by a crash or a stop, or failed): at start and at each sweep.
     */
    async resumeHandOvers() {
      for (const row of await recordings.awaitingUpload()) {
        const upload = await deps.uploads.claimFinished(row.uploadId, row.readerId).catch(() => null);
        // On another instance's disk, removed after its hand-over, or being handed over now.
        if (!upload) continue;
        const inStorage = Boolean(row.originalKey && (await storage.stat(row.originalKey).catch(() => null)));
        const copy = inStorage || !row.originalKey ? async () => {} : () => storage.put(row.originalKey!, upload.stream(), { maxBytes: deps.maxBytes });
        await handOver(row.id, row.uploadId, row.originalKey ?? '', copy, true);
      }
    },

    /** Waits for the hand-overs running (the app is closing). */
    async settle() {
      await Promise.all(handingOver);
    },

    /**
     * `POST /api/recording/upload`: the multipart form streamed (the file straight to storage, never
     * whole in memory), checked, stored with its kids, and queued for processing. Fields sent before the
     * file are checked before the file is read. On any failure nothing stays: no row, no file.
     */
    async upload(session: SessionUser, form: AsyncIterable<FormPart>): Promise<{ recording: Recording }> {
      await requireRecorder(session);
      const id = randomUUID();
      const fields = new Map<string, string>();
      const stored: string[] = [];
      let file: (StoredFile & { handOver?: () => Promise<unknown> }) | undefined;
      let checked: CheckedForm | undefined;
      let claimedUpload: string | undefined;
      let charged = false;
      try {
        for await (const part of form) {
          if (part.kind === 'field') {
            if (!fields.has(part.name)) fields.set(part.name, part.value);
            continue;
          }
          // An empty file input, a second file or a file under another name is read past and ignored.
          if (part.name !== RECORDING_UPLOAD_FILE_FIELD || file || !part.filename.trim()) {
            await drain(part.stream).catch((err) => {
              throw formStreamError(err) ?? err;
            });
            continue;
          }
          if (REQUIRED_FIELDS.every((f) => fields.has(f))) checked = await checkForm(session, fields);
          file = await storeMedia(id, part.stream, part.mimetype);
          stored.push(file.key);
        }
        checked ??= await checkForm(session, fields);
        const { input, book, kids } = checked;
        if (file && input.upload_id) throw fieldError('upload_id', RECORDING_SERVER_MESSAGES.fileAndUploadId);
        if (!file) {
          if (!input.upload_id) throw fieldError(RECORDING_UPLOAD_FILE_FIELD, RECORDING_SERVER_MESSAGES.fileRequired);
          // The same upload sent again (its answer was lost): the recording it made, charged once.
          const made = await recordings.findByUpload(input.upload_id, session.user.id);
          if (made) {
            const [recording] = await listFor(session, { id: made.id });
            return { recording: recording! };
          }
          const upload = await deps.uploads.claimFinished(input.upload_id, session.user.id);
          claimedUpload = input.upload_id;
          try {
            file = await storeUpload(id, upload);
          } catch (err) {
            // Not media at all: it can never become a recording.
            if (err instanceof AppError && err.code === 'unsupported_media_type') await deps.uploads.remove(input.upload_id);
            throw err;
          }
          if (!file.handOver) stored.push(file.key);
        }

        // A recording of a premium book is premium; the form's flag cannot make a regular book premium.
        const isPremium = book.isPremium;
        await deps.billing.chargeUpload({ session, recordingId: id, bookId: book.id, isPremium, kids });
        charged = true;
        await recordings.insert(
          {
            id,
            readerId: session.user.id,
            bookId: book.id,
            recordingType: input.recording_type,
            mediaKey: file.key,
            originalKey: file.key,
            mime: file.mime,
            sizeBytes: file.size,
            durationSeconds: Math.round(input.duration_seconds),
            status: 'processing',
            isPremium,
            pageTrack: normalizePageTrack(input.page_track),
            uploadId: claimedUpload ?? null,
            createdAt: deps.clock.now(),
          },
          kids.map((k) => k.id),
          session.user.id,
        );
        if (file.handOver && claimedUpload) {
          // Answered now: the copy, the job and the upload's removal follow, and the claim ends with them.
          void handOver(id, claimedUpload, file.key, file.handOver);
          claimedUpload = undefined;
        } else {
          try {
            await deps.jobs.send(PROCESS_RECORDING_QUEUE, { recordingId: id });
          } catch (err) {
            await recordings.delete(id);
            throw err;
          }
          if (claimedUpload) await deps.uploads.remove(claimedUpload);
        }
        await recorded({ readerId: session.user.id, bookId: book.id, kidIds: kids.map((k) => k.id), recordingId: id });
        const [recording] = await listFor(session, { id });
        return { recording: recording! };
      } catch (err) {
        await removeFiles(stored);
        if (charged && !(await recordings.find(id))) await deps.billing.refundUpload(id);
        throw err;
      } finally {
        if (claimedUpload) deps.uploads.release(claimedUpload);
      }
    },

    /** The caller's own recordings, newest first, in every status. */
    myRecordings: (session: SessionUser) => listFor(session, { readerId: session.user.id }),

    async get(session: SessionUser, id: string): Promise<{ recording: Recording }> {
      const [recording] = await present([await visible(session, id)], session.user.id);
      return { recording: recording! };
    },

    /** A signed link to the playable media, for its owner or a member of a family it is assigned to. */
    async viewUrl(caller: Caller, id: string) {
      const { recording } = await visible(caller, id);
      if (recording.status === 'processing') throw new AppError('conflict', RECORDING_SERVER_MESSAGES.stillProcessing);
      if (recording.status === 'failed') throw new AppError('conflict', RECORDING_SERVER_MESSAGES.processingFailed);
      const url = await storage.signedUrl(recording.mediaKey, RECORDING_LINK_TTL_MS);
      return { url, expires_at: new Date(deps.clock.now().getTime() + RECORDING_LINK_TTL_MS).toISOString() };
    },

    /** Deletes a recording and its files: its owner only. */
    async remove(session: SessionUser, id: string) {
      const { recording } = await visible(session, id);
      if (recording.readerId !== session.user.id) throw forbidden(RECORDING_SERVER_MESSAGES.onlyOwnerDeletes);
      const row = await recordings.delete(id);
      if (!row) throw notFound(RECORDING_TEXTS.notFound);
      await removeFiles([row.mediaKey, row.originalKey, row.posterKey]);
      return { ok: true as const };
    },

    /** A removed member's stories of a family, with their media where no other family has them (issue 25). */
    async removeFromFamily(readerId: string, familyId: string, actorId: string) {
      const rows = await recordings.removeFromFamily(readerId, familyId, actorId);
      await removeFiles(rows.flatMap((r) => [r.mediaKey, r.originalKey, r.posterKey]));
      return rows.length;
    },

    /**
     * Assigns a ready recording to more kids (decisions.md "Resolved ambiguities"): its owner to kids of
     * any of their families (premium sharing rules and costs through billing); a parent, to other kids of
     * their family when a kid of that family already has it, at no cost. Kids that already have it are
     * skipped; if all do, 409.
     */
    async assign(session: SessionUser, id: string, kidIds: string[]): Promise<AssignResponse> {
      const { recording } = await visible(session, id);
      const userId = session.user.id;
      const isOwner = recording.readerId === userId;
      const targets = await kidsOfCaller(session, kidIds);
      const assigned = await recordings.assignedKids(id);
      const requestingFamilyIds = new Set(assigned.map((k) => k.familyId));
      if (!isOwner) {
        // A parent of a family that has the recording, for kids of that same family.
        const roles = await recordings.rolesIn(userId, [...requestingFamilyIds]);
        const parentOf = new Set([...roles].filter(([, role]) => isParentRole(role as FamilyRole)).map(([familyId]) => familyId));
        if (!parentOf.size) throw forbidden(RECORDING_SERVER_MESSAGES.onlyOwnerOrParentAssigns);
        if (targets.some((k) => !parentOf.has(k.familyId))) throw forbidden(RECORDING_SERVER_MESSAGES.parentAssignsOwnFamily);
      }
      if (recording.status !== 'ready') throw new AppError('conflict', RECORDING_SERVER_MESSAGES.notReady);
      const already = new Set(assigned.map((k) => k.kidId));
      const fresh = targets.filter((k) => !already.has(k.kidId));
      if (!fresh.length) throw new AppError('conflict', RECORDING_SERVER_MESSAGES.alreadyAssigned);

      const used = isOwner
        ? await deps.billing.chargeShare({
            session,
            recordingId: id,
            isPremium: recording.isPremium,
            kids: fresh.map((k) => ({ id: k.kidId, familyId: k.familyId })),
            requestingFamilyIds,
          })
        : 0;
      let added: string[];
      try {
        added = await recordings.assign(
          id,
          fresh.map((k) => k.kidId),
          userId,
          deps.clock.now(),
        );
      } catch (err) {
        if (used)
          await deps.billing.refundShare(
            id,
            fresh.map((k) => k.kidId),
          );
        throw err;
      }
      if (recording.bookId) await recorded({ readerId: recording.readerId, bookId: recording.bookId, kidIds: added, recordingId: id });
      if (added.length) await deps.onAssigned?.(id, added, userId);
      const [updated] = await listFor(session, { id });
      return {
        share_tokens_used: used,
        share_tokens_remaining: await deps.billing.shareTokensRemaining(userId),
        assigned_kid_ids: added,
        already_assigned_kid_ids: targets.filter((k) => already.has(k.kidId)).map((k) => k.kidId),
        recording: updated!,
      };
    },

    /** `GET /api/recording/kid/{kidId}`: the kid and their recordings, for members of the kid's family. */
    async kidRecordings(caller: Caller, kidId: string) {
      if (isDevice(caller)) return deviceKidRecordings(caller, kidId);
      const session = caller;
      const [kid] = await kidsOfCaller(session, [kidId]);
      const list = await listFor(session, { kidId, readyUnlessOwnedBy: session.user.id });
      return {
        kid: { id: kid!.kidId, first_name: kid!.firstName, name: kid!.firstName, age: kid!.age, family_id: kid!.familyId, family_name: kid!.familyName },
        recordings: list,
      };
    },

    /** `GET /api/recording/kid_fromGparent/{kidId}`: the caller's own recordings for a kid of one of their families. */
    async readerKidRecordings(session: SessionUser, kidId: string) {
      await kidsOfCaller(session, [kidId]);
      return { recordings: await listFor(session, { kidId, readerId: session.user.id }) };
    },

    /**
     * `GET /api/reader/{id}/recordings`: a reader's own recordings (every status) for themselves; for a
     * member of a family they read for, their ready recordings assigned to that member's families.
     */
    async readerRecordings(session: SessionUser, readerId: string) {
      if (readerId === session.user.id) return { recordings: await listFor(session, { readerId }) };
      if (!(await recordings.readsForFamilyOf(readerId, session.user.id))) throw notFound(RECORDING_SERVER_MESSAGES.readerNotFound);
      return { recordings: await listFor(session, { readerId, assignedToFamiliesOf: session.user.id, onlyReady: true }) };
    },

    /** The books (regular or premium) a reader has not recorded yet, paged like `/api/books`. */
    async unrecordedBooks(session: SessionUser, readerId: string, query: z.output<typeof bookListQuery>, premium: boolean) {
      if (readerId !== session.user.id && !(await recordings.readsForFamilyOf(readerId, session.user.id))) {
        throw notFound(RECORDING_SERVER_MESSAGES.readerNotFound);
      }
      return deps.listBooks(session, query, premium, await recordings.recordedBookIds(readerId));
    },

    /** A family's ready recordings (all, or the most recent), for the family lists; the caller is a member. */
    familyRecordings: (session: SessionUser, familyId: string, opts: { recent: boolean }) =>
      listFor(session, { familyId, onlyReady: true, ...(opts.recent ? { limit: RECENT_RECORDINGS_LIMIT } : {}) }),

    /** Reader stats for the families feature (decisions.md "Resolved ambiguities"). */
    async readerStats(familyId: string, readerIds: string[]) {
      const { totals, readsTo } = await recordings.readerStats(familyId, readerIds);
      const stats = new Map<string, { storiesRecorded: number; lastRecorded: Date | null; readsTo: string[] }>();
      for (const t of totals) stats.set(t.readerId, { storiesRecorded: t.n, lastRecorded: t.last ? new Date(t.last) : null, readsTo: [] });
      for (const r of readsTo) stats.get(r.readerId)?.readsTo.push(r.firstName);
      return stats;
    },

    async kidStoryCounts(kidIds: string[]) {
      return new Map((await recordings.kidStoryCounts(kidIds)).map((r) => [r.kidId, r.n]));
    },
  };
}
export type RecordingsService = ReturnType<typeof createRecordingsService>;
