// The API contract of recordings (spec sections 3 and 7 "Recordings", reader endpoints of "Books";
// decisions.md "Recordings and media" and "Endpoints beyond the spec").
import { z } from 'zod';
import { text } from '../http/text.ts';
import { RECORDING_TYPES } from '../constants.ts';
import { RECORDING_SERVER_MESSAGES, RECORDING_TEXTS, VALIDATION } from '../messages.ts';
import { parseFormFlag } from '../books/books.rules.ts';
import { PAGE_TRACK_MAX_TURNS, PROCESSING_STATUSES, RECORDING_KIDS_MAX, RECORDING_MAX_SECONDS, UPLOAD_ID_PATTERN } from './recordings.rules.ts';

export const recordingTypeSchema = z.enum(RECORDING_TYPES, { error: RECORDING_SERVER_MESSAGES.typeInvalid });
export const processingStatusSchema = z.enum(PROCESSING_STATUSES);

/** One page turn while recording: the book page shown from `at_seconds` into the recording on. */
const badTurn = RECORDING_SERVER_MESSAGES.pageTrackInvalid;
export const pageTurnSchema = z.object(
  {
    page: z.number({ error: badTurn }).int(badTurn).min(1, badTurn).max(10_000, badTurn),
    at_seconds: z.number({ error: badTurn }).min(0, badTurn).max(RECORDING_MAX_SECONDS, badTurn),
  },
  { error: badTurn },
);
export const pageTrackSchema = z.array(pageTurnSchema).max(PAGE_TRACK_MAX_TURNS);

/** A kid a recording is assigned to. Callers see only the kids of their own families. */
export const recordingKidSchema = z.object({
  id: z.string(),
  name: z.string(),
  family_id: z.string(),
  family_name: z.string(),
});
export type RecordingKid = z.infer<typeof recordingKidSchema>;

export const recordingBookSchema = z.object({
  title: z.string(),
  author: z.string(),
  description: z.string(),
  /** A signed link to the book's PDF, valid about an hour. */
  pdf_url: z.string().nullable(),
  /** A signed link to the book's cover image (its first page); null until made. */
  cover_url: z.string().nullable(),
  token_cost: z.number().int(),
});

/**
 * A recording (spec section 3). `book` and the book fields are null when an admin has removed the book
 * from the catalogue (the reading stays). Media links are signed, valid about an hour, and present only
 * when the recording is `ready`.
 */
export const recordingSchema = z.object({
  id: z.string(),
  book: recordingBookSchema.nullable(),
  book_id: z.string().nullable(),
  book_title: z.string().nullable(),
  book_author: z.string().nullable(),
  reader_id: z.string(),
  reader_name: z.string(),
  /** The reader's initials. */
  reader_avatar: z.string(),
  reader: z.object({ first_name: z.string(), last_name: z.string() }),
  /** The assigned kids' names, comma-separated (the kids the caller may see). */
  kid_name: z.string(),
  kids: z.array(recordingKidSchema),
  /** Signed link to the playable video (MP4 once processed) for video types; null for audio_only or until ready. */
  video_url: z.string().nullable(),
  /** Signed link to the sound for audio_only recordings; null otherwise or until ready. */
  audio_url: z.string().nullable(),
  /** Signed link to a JPEG still of the video; null for audio or when none could be made. */
  poster_url: z.string().nullable(),
  created_at: z.string(),
  /** Whole seconds; the true length once processed, the recorder's own count before. */
  duration_seconds: z.number().int(),
  processing_status: processingStatusSchema,
  /** Why processing failed: shown to the recording's owner only (null for everyone else). */
  failure_reason: z.string().nullable(),
  is_premium: z.boolean(),
  /** True for AI stories (narration; their ids start with `ai_`), false for a reader's own readings. */
  is_ai: z.boolean(),
  /** The AI voice an AI story was read in; null for a reader's own readings. */
  voice_name: z.string().nullable(),
  play_count: z.number().int(),
  recording_type: recordingTypeSchema,
  /** Same as book.pdf_url. */
  pdf_url: z.string().nullable(),
  /** Page turns made while recording, in time order, for playback that turns the pages in step. */
  page_track: pageTrackSchema,
  /** Whether the caller made this recording (may assign it to any of their kids and delete it). */
  is_owner: z.boolean(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingParams = z.object({ id: z.uuid({ error: RECORDING_TEXTS.notFound }) });
export const kidRecordingsParams = z.object({ kidId: z.uuid({ error: RECORDING_TEXTS.kidNotFound }) });
export const readerParams = z.object({ id: z.uuid({ error: RECORDING_SERVER_MESSAGES.readerNotFound }) });

/** `GET /api/recording/{id}`, `POST /api/recording/upload` (201). */
export const recordingResponse = z.object({ recording: recordingSchema });
/** `GET /api/recording/my-recordings`: the caller's own recordings, newest first, every status. */
export const myRecordingsResponse = z.array(recordingSchema);
/** `GET /api/recording/kid_fromGparent/{kidId}`, `GET /api/reader/{id}/recordings`, the family lists. */
export const recordingListResponse = z.object({ recordings: z.array(recordingSchema) });

export const recordingKidSummarySchema = z.object({
  id: z.string(),
  first_name: z.string(),
  name: z.string(),
  age: z.number().int(),
  family_id: z.string(),
  family_name: z.string(),
});
/** `GET /api/recording/kid/{kidId}`: the kid and their recordings (ready ones; the caller's own in any status). */
export const kidRecordingsResponse = z.object({ kid: recordingKidSummarySchema, recordings: z.array(recordingSchema) });

/** `GET /api/recording/{id}/view-url`: a signed link to the playable media. */
export const viewUrlResponse = z.object({ url: z.string(), expires_at: z.string() });

/** `POST /api/recording/{id}/assign`. */
export const assignBody = z.object({
  kid_ids: z
    .array(z.uuid({ error: RECORDING_TEXTS.kidNotFound }), { error: VALIDATION.selectAtLeastOneChild })
    .min(1, VALIDATION.selectAtLeastOneChild)
    .max(RECORDING_KIDS_MAX),
});
export type AssignBody = z.input<typeof assignBody>;
export const assignResponse = z.object({
  /** Share tokens this assignment cost (premium sharing; 0 until billing charges for it). */
  share_tokens_used: z.number().int(),
  share_tokens_remaining: z.number().int(),
  /** Kids newly given the recording. */
  assigned_kid_ids: z.array(z.string()),
  /** Kids asked for that already had it: skipped, nothing charged. */
  already_assigned_kid_ids: z.array(z.string()),
  recording: recordingSchema,
});
export type AssignResponse = z.infer<typeof assignResponse>;

// ---- Upload form -------------------------------------------------------------------------------------

// A JSON-encoded form field: its value, or the text itself when it is not JSON (refused as not a list).
const jsonField = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/**
 * The text fields of `POST /api/recording/upload` (multipart/form-data), as the browser sends them.
 * The media file goes in the part named `recording` (content type one of RECORDING_MIME_TYPES); or,
 * for a recording sent through the resumable endpoint, `upload_id` names the finished tus upload and no
 * file is sent. Send the text fields before the file: the server then refuses a bad form before the
 * file is transferred.
 *
 * - `book_id` — the book read.
 * - `recording_type` — video_with_pdf | audio_only | webcam_only.
 * - `duration_seconds` — the recorder's count (the server measures the true length when it can).
 * - `kid_ids` — JSON list of kid ids, at least one, each a kid of a family where the caller is a reader.
 * - `is_premium` — sent by the recorder for premium books; the server decides from the book (a recording of
 *   a premium book is premium, of a regular book never).
 * - `page_track` — JSON list of `{ page, at_seconds }`, the page turns made while recording.
 */
export const recordingUploadForm = z.object({
  book_id: z.uuid({ error: RECORDING_SERVER_MESSAGES.bookRequired }),
  recording_type: recordingTypeSchema,
  duration_seconds: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? (/^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN) : v),
    z
      .number({ error: RECORDING_SERVER_MESSAGES.durationInvalid })
      .min(0, RECORDING_SERVER_MESSAGES.durationInvalid)
      .max(RECORDING_MAX_SECONDS, RECORDING_SERVER_MESSAGES.durationInvalid)
      .default(0),
  ),
  kid_ids: z.preprocess(
    jsonField,
    z
      .array(z.uuid({ error: RECORDING_TEXTS.kidNotFound }), {
        error: (iss) => (iss.input === undefined ? VALIDATION.selectChildToRecord : RECORDING_SERVER_MESSAGES.kidIdsInvalid),
      })
      .min(1, VALIDATION.selectChildToRecord)
      .max(RECORDING_KIDS_MAX, RECORDING_SERVER_MESSAGES.kidIdsInvalid),
  ),
  is_premium: z.preprocess(
    (v) => (typeof v === 'string' || typeof v === 'boolean' || v === undefined ? (parseFormFlag(v as string | boolean | undefined) ?? 'invalid') : v),
    z.boolean({ error: RECORDING_SERVER_MESSAGES.premiumFlagInvalid }),
  ),
  page_track: z.preprocess(
    jsonField,
    z
      .array(pageTurnSchema, { error: RECORDING_SERVER_MESSAGES.pageTrackInvalid })
      .max(PAGE_TRACK_MAX_TURNS, RECORDING_SERVER_MESSAGES.pageTrackInvalid)
      .default([]),
  ),
  upload_id: text().regex(UPLOAD_ID_PATTERN, RECORDING_SERVER_MESSAGES.uploadIdInvalid).optional(),
});
/** What the web app puts in the form (every value a string). */
export type RecordingUploadFields = { [K in keyof z.input<typeof recordingUploadForm>]?: string };
export type RecordingUpload = z.output<typeof recordingUploadForm>;
export const RECORDING_UPLOAD_FIELDS = Object.keys(recordingUploadForm.shape) as (keyof RecordingUpload)[];
