// The API contract of AI narration (spec sections 3 "Voice clone", "Availability result", 5 and 7 "Voice";
// decisions.md "AI narration" and "Endpoints beyond the spec").
import { z } from 'zod';
import { text } from '../http/text.ts';
import { NARRATION_SERVER_MESSAGES, RECORDING_TEXTS, VALIDATION } from '../messages.ts';
import { idParam } from '../families/families.schema.ts';
import { recordingKidSummarySchema, recordingSchema } from '../recordings/recordings.schema.ts';
import {
  AI_STORY_STATUSES,
  AVAILABILITY_REASONS,
  parseAiRecordingId,
  VOICE_CLONE_MAX_RECORDINGS,
  VOICE_NAME_MAX_LENGTH,
  VOICE_PROVIDERS,
} from './narration.rules.ts';

export const aiStoryStatusSchema = z.enum(AI_STORY_STATUSES);
export const voiceProviderSchema = z.enum(VOICE_PROVIDERS);

// ---- Consent -----------------------------------------------------------------------------------------

/**
 * `GET`/`PUT /api/voice/consent`: the signed-in reader's "Allow my family to create an AI voice from my
 * readings", with when it was last changed (null: never). Only reader (grandparent) accounts may PUT.
 */
export const consentSchema = z.object({ allowed: z.boolean(), updated_at: z.string().nullable() });
export type VoiceConsent = z.infer<typeof consentSchema>;
export const consentBody = z.object({ allowed: z.boolean({ error: 'allowed must be true or false' }) });
export type VoiceConsentBody = z.input<typeof consentBody>;

// ---- Voice clones ------------------------------------------------------------------------------------

/** What the voice was measured to be (local provider): the readings' median pitch and pace. */
export const voiceProfileSchema = z.object({
  pitch_hz: z.number().nullable(),
  words_per_minute: z.number().nullable(),
});
export type VoiceProfile = z.infer<typeof voiceProfileSchema>;

/** A reader's AI voice (spec section 3 "Voice clone"). One per reader, shared by their families. */
export const voiceCloneSchema = z.object({
  id: z.string(),
  reader_id: z.string(),
  reader_name: z.string(),
  voice_name: z.string(),
  provider: voiceProviderSchema,
  /** The local provider's voice resembles the reader (pitch, pace); the UI calls it an approximate voice. */
  approximate: z.boolean(),
  /** The reader's recordings it was made from. */
  recording_ids: z.array(z.string()),
  /** Measured pitch and pace (null with a provider that clones the voice itself). */
  profile: voiceProfileSchema.nullable(),
  created_at: z.string(),
});
export type VoiceClone = z.infer<typeof voiceCloneSchema>;

// A form field holding a JSON list (multipart), a comma-separated list, or already a list (JSON body).
const listField = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return [];
  if (t.startsWith('[')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return v;
    }
  }
  return t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};

/**
 * `POST /api/voice/clone/create`: JSON, or multipart/form-data with the same fields (`recording_ids` as a
 * JSON list, or the field repeated). `voice_name` defaults to the reader's first name plus 's Voice.
 * By the reader, or a parent of one of the reader's families; needs the reader's consent.
 */
export const voiceCloneBody = z.object({
  readerId: z.uuid({ error: VALIDATION.selectReaderFirst }),
  recording_ids: z.preprocess(
    listField,
    z
      .array(z.uuid({ error: NARRATION_SERVER_MESSAGES.recordingsNotReaders }), {
        error: (iss) => (iss.input === undefined || iss.input === null ? VALIDATION.selectAtLeastOneRecording : NARRATION_SERVER_MESSAGES.recordingsNotReaders),
      })
      .min(1, VALIDATION.selectAtLeastOneRecording)
      .max(VOICE_CLONE_MAX_RECORDINGS, NARRATION_SERVER_MESSAGES.tooManyRecordings(VOICE_CLONE_MAX_RECORDINGS)),
  ),
  voice_name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    text({ error: NARRATION_SERVER_MESSAGES.voiceNameInvalid(VOICE_NAME_MAX_LENGTH) })
      .max(VOICE_NAME_MAX_LENGTH, NARRATION_SERVER_MESSAGES.voiceNameInvalid(VOICE_NAME_MAX_LENGTH))
      .optional(),
  ),
});
export type VoiceCloneBody = z.input<typeof voiceCloneBody>;
/** 201 from `clone/create`. */
export const voiceCloneResponse = z.object({ voice_clone: voiceCloneSchema });
/** `GET /api/voice/clone/my-voice`: the caller's own voice (null when none) and their consent. */
export const myVoiceResponse = z.object({ voice_clone: voiceCloneSchema.nullable(), consent: consentSchema });
/** `GET /api/voice/check-voice-clone/{readerId}`: for the reader and members of the reader's families. */
export const checkVoiceCloneResponse = z.object({
  has_voice_clone: z.boolean(),
  voice_name: z.string().nullable(),
  approximate: z.boolean().nullable(),
  /** Whether the reader allows an AI voice of their readings. */
  consent: z.boolean(),
});
export const readerIdParams = z.object({ readerId: z.uuid({ error: NARRATION_SERVER_MESSAGES.readerNotFound }) });

// ---- Availability and generation ---------------------------------------------------------------------

const pick = { error: VALIDATION.selectReaderAndKid };
/** `POST /api/voice/check-availability`. */
export const availabilityBody = z.object({
  book_id: z.uuid({ error: RECORDING_TEXTS.bookNotFound }),
  reader_id: z.uuid(pick),
  kid_id: z.uuid(pick),
});
export type AvailabilityBody = z.input<typeof availabilityBody>;

/** The availability result (spec section 3), with what the panel shows besides. */
export const availabilityResponse = z.object({
  has_voice_clone: z.boolean(),
  has_recording: z.boolean(),
  recording_type: z.enum(['ai', 'manual']).nullable(),
  ai_available: z.boolean(),
  generations_remaining: z.number().int(),
  generations_limit: z.number().int(),
  reason: z.string().nullable(),
  reason_code: z.enum(AVAILABILITY_REASONS).nullable(),
  /** The story that already exists (an `ai_` id for an AI one), to play it instead. */
  existing_recording_id: z.string().nullable(),
  voice_name: z.string().nullable(),
  approximate_voice: z.boolean().nullable(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/**
 * `POST /api/voice/generate-story`: answers 202 at once; a background job reads the stored book's own text
 * (entered by a site admin, else extracted from its PDF) in the reader's AI voice, never text from the
 * requester (`book_text` is refused). Follow it with `GET /api/voice/ai-recordings/{id}` until `status` is
 * ready or failed.
 */
export const generateStoryBody = availabilityBody.extend({
  book_text: z.never({ error: NARRATION_SERVER_MESSAGES.bookTextNotAccepted }).optional(),
});
export type GenerateStoryBody = z.input<typeof generateStoryBody>;

/**
 * An AI story: a recording (spec section 3; `is_ai` true, an `ai_` id, `recording_type` audio_only, the
 * voice's name) with the state of its generation. `processing_status` reads `processing` until it is ready.
 */
export const aiRecordingSchema = recordingSchema.extend({
  is_ai: z.literal(true),
  voice_name: z.string(),
  status: aiStoryStatusSchema,
  /** The family whose month it counted in; only its parents may give it to more kids or delete it. */
  family_id: z.string(),
  requested_by: z.object({ id: z.string().nullable(), name: z.string() }),
  approximate_voice: z.boolean(),
  /** Whether the caller may give it to more kids of its family and delete it (a parent of that family). */
  can_manage: z.boolean(),
});
export type AiRecording = z.infer<typeof aiRecordingSchema>;

export const generateStoryResponse = z.object({ recording_id: z.string(), status: aiStoryStatusSchema, ai_recording: aiRecordingSchema });
export type GenerateStoryResponse = z.infer<typeof generateStoryResponse>;
/** `GET /api/voice/ai-recordings/{id}`, `POST /api/voice/{id}/assign-to-kid`. */
export const aiRecordingResponse = z.object({ ai_recording: aiRecordingSchema });

/** An AI story id in a path: `ai_<uuid>` (the bare uuid is accepted too). */
export const aiRecordingParams = z.object({
  id: text().refine((id) => parseAiRecordingId(id) !== null, { error: NARRATION_SERVER_MESSAGES.aiRecordingNotFound }),
});
export const kidParams = z.object({ kidId: idParam });

/** `GET /api/voice/kid/{kidId}/ai-recordings`: the kid's AI stories, newest first, every state. */
export const kidAiRecordingsResponse = z.object({ kid: recordingKidSummarySchema, recordings: z.array(aiRecordingSchema) });
/**
 * `GET /api/voice/kid/{kidId}/all-recordings`: the kid's readings and AI stories together, newest first
 * (AI stories have `is_ai` true and an `ai_` id).
 */
export const kidAllRecordingsResponse = z.object({ kid: recordingKidSummarySchema, recordings: z.array(recordingSchema) });

/** `POST /api/voice/{id}/assign-to-kid`: a parent gives an AI story of their family to another kid of it. */
export const assignToKidBody = z.object({ kid_id: z.uuid({ error: RECORDING_TEXTS.kidNotFound }) });
export type AssignToKidBody = z.input<typeof assignToKidBody>;

/** `GET /api/voice/ai-recordings/{id}/presigned-url`: a signed link to the audio, valid about an hour. */
export const presignedUrlResponse = z.object({ url: z.string(), expires_at: z.string() });
