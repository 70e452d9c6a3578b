// Pure rules of AI narration: AI story ids, the availability of an AI reading, the voice clone and
// generate forms' checks (spec sections 3, 4, 5, 6 and 9; decisions.md "AI narration").
import type { PlanType } from '../constants.ts';
import { NARRATION_SERVER_MESSAGES, VALIDATION } from '../messages.ts';
import { familyAiLimit } from '../billing/billing.rules.ts';
import type { ProcessingStatus } from '../recordings/recordings.rules.ts';

// ---- AI story ids ------------------------------------------------------------------------------------

/** AI recording ids are prefixed `ai_` (spec section 3), so they never collide with a reader's recordings. */
export const AI_RECORDING_ID_PREFIX = 'ai_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toAiRecordingId = (uuid: string) => `${AI_RECORDING_ID_PREFIX}${uuid.toLowerCase()}`;
/** The stored id of an AI recording id (`ai_<uuid>`, or the bare uuid); null for anything else. */
export function parseAiRecordingId(id: string): string | null {
  const bare = id.startsWith(AI_RECORDING_ID_PREFIX) ? id.slice(AI_RECORDING_ID_PREFIX.length) : id;
  return UUID.test(bare) ? bare.toLowerCase() : null;
}
export const isAiRecordingId = (id: string) => id.startsWith(AI_RECORDING_ID_PREFIX) && parseAiRecordingId(id) !== null;

// ---- AI story states ---------------------------------------------------------------------------------

/** pending: waiting for a worker; processing: being synthesized; then ready or failed. */
export const AI_STORY_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export type AiStoryStatus = (typeof AI_STORY_STATUSES)[number];
/** An AI story's state in the words of recordings: not ready yet reads as processing. */
export const aiProcessingStatus = (status: AiStoryStatus): ProcessingStatus => (status === 'pending' ? 'processing' : status);
/** Whether the panel should keep following a generation. */
export const isGenerating = (status: AiStoryStatus) => status === 'pending' || status === 'processing';

// ---- Voice clones ------------------------------------------------------------------------------------

export const VOICE_PROVIDERS = ['local', 'elevenlabs'] as const;
export type VoiceProviderName = (typeof VOICE_PROVIDERS)[number];
/** The local provider synthesizes an approximate voice; the UI says so (decisions.md "AI narration"). */
export const isApproximateVoice = (provider: VoiceProviderName) => provider === 'local';

/** The spec's default name of a voice clone: the reader's first name plus 's Voice. */
export const defaultVoiceName = (readerFirstName: string) => `${readerFirstName.trim()}'s Voice`;
export const VOICE_NAME_MAX_LENGTH = 100;
/** Recordings one voice clone is made from, at most (instant cloning needs a few minutes of speech). */
export const VOICE_CLONE_MAX_RECORDINGS = 10;

/**
 * What stops the voice clone screen's Create Voice Clone (spec section 5), in the spec's order: a reader
 * first, the reader needs a recording, then at least one chosen recording. Null when it may go ahead.
 */
export function voiceCloneProblem(input: {
  readerId: string | null | undefined;
  readerFirstName: string;
  readerRecordingCount: number;
  selectedCount: number;
}): string | null {
  if (!input.readerId) return VALIDATION.selectReaderFirst;
  if (input.readerRecordingCount < 1) return VALIDATION.readerNeedsRecording(input.readerFirstName);
  if (input.selectedCount < 1) return VALIDATION.selectAtLeastOneRecording;
  if (input.selectedCount > VOICE_CLONE_MAX_RECORDINGS) return NARRATION_SERVER_MESSAGES.tooManyRecordings(VOICE_CLONE_MAX_RECORDINGS);
  return null;
}

// ---- Availability ------------------------------------------------------------------------------------

export const AVAILABILITY_REASONS = ['subscription_required', 'recording_exists', 'no_book_text', 'no_voice_clone', 'limit_reached', 'premium_locked'] as const;
export type AvailabilityReason = (typeof AVAILABILITY_REASONS)[number];

/** AI stories a family has left this month: its tier's limit less those made (never below 0). */
export const generationsRemaining = (tier: PlanType, used: number) => Math.max(0, familyAiLimit(tier) - Math.max(0, used));

export type AvailabilityInput = {
  /** The kid's family's tier (from its admin's subscription or trial). */
  tier: PlanType;
  /** AI stories the family made this billing month. */
  used: number;
  /** Whether the chosen reader has a voice clone. */
  hasVoiceClone: boolean;
  /** A story of this book for this kid by this reader that already exists: an AI one first, else a manual one. */
  existing: 'ai' | 'manual' | null;
  /** A premium book the caller has not unlocked (gold unlocks every book). */
  premiumLocked: boolean;
  /** Whether the stored book has text to read (extracted from its PDF or entered by a site admin). */
  hasBookText: boolean;
};

export type Availability = {
  has_voice_clone: boolean;
  has_recording: boolean;
  recording_type: 'ai' | 'manual' | null;
  ai_available: boolean;
  generations_remaining: number;
  generations_limit: number;
  reason: string | null;
  reason_code: AvailabilityReason | null;
};

/**
 * The availability banner of the Generate AI Reading panel (spec sections 2 and 3): a recording that
 * already exists, ready to generate (with the generations left), or why not. Reasons are checked in
 * this order: a subscription, an existing recording, the book's text, the voice clone, the month's limit, a
 * locked book.
 */
export function aiAvailability(input: AvailabilityInput): Availability {
  const limit = familyAiLimit(input.tier);
  const remaining = generationsRemaining(input.tier, input.used);
  const reasons: [boolean, AvailabilityReason, string][] = [
    [input.tier === 'free', 'subscription_required', NARRATION_SERVER_MESSAGES.needsSubscription],
    [input.existing === 'ai', 'recording_exists', NARRATION_SERVER_MESSAGES.existingAi],
    [input.existing === 'manual', 'recording_exists', NARRATION_SERVER_MESSAGES.existingManual],
    [!input.hasBookText, 'no_book_text', NARRATION_SERVER_MESSAGES.noBookText],
    [!input.hasVoiceClone, 'no_voice_clone', NARRATION_SERVER_MESSAGES.noVoiceClone],
    [remaining <= 0, 'limit_reached', NARRATION_SERVER_MESSAGES.limitReached(limit)],
    [input.premiumLocked, 'premium_locked', NARRATION_SERVER_MESSAGES.premiumLocked],
  ];
  const failed = reasons.find(([fails]) => fails);
  return {
    has_voice_clone: input.hasVoiceClone,
    has_recording: input.existing !== null,
    recording_type: input.existing,
    ai_available: !failed,
    generations_remaining: remaining,
    generations_limit: limit,
    reason: failed ? failed[2] : null,
    reason_code: failed ? failed[1] : null,
  };
}

/** The HTTP status a refused generation answers with: a plan or a locked book 403, the story's state 409. */
export const refusalStatus = (reason: AvailabilityReason): 403 | 409 =>
  reason === 'recording_exists' || reason === 'no_voice_clone' || reason === 'no_book_text' ? 409 : 403;

/** Generate needs a reader and a kid first (spec section 5). */
export const generateProblem = (input: { readerId: string | null | undefined; kidId: string | null | undefined }) =>
  input.readerId && input.kidId ? null : VALIDATION.selectReaderAndKid;

/** The Generate button: enabled only with a reader, a kid and ai_available, and while nothing is generating. */
export const canPressGenerate = (input: { readerId: string | null | undefined; kidId: string | null | undefined; aiAvailable: boolean; generating: boolean }) =>
  Boolean(input.readerId && input.kidId && input.aiAvailable && !input.generating);

// ---- Book text ---------------------------------------------------------------------------------------

/** The longest book text a site admin may enter for a book (for narration). */
export const BOOK_TEXT_MAX_LENGTH = 100_000;

/** Words in a text, as a reader reads them (numbers count; punctuation and dashes alone do not). */
export const countWords = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).length;

/** The line that ends one page and starts the next in a book text entered by a site admin. */
export const PAGE_BREAK_LINE = '---';

/** A site admin's book text as pages: split at lines holding only `---`; empty text, no pages. */
export function bookTextPages(text: string | null | undefined): string[] {
  if (!text?.trim()) return [];
  return text.split(/\r?\n[ \t]*-{3,}[ \t]*(?=\r?\n|$)/).map((page) => page.trim());
}

/**
 * The pages the AI reads, only ever from the stored book (issue 27: never text from the requester): the
 * text a site admin entered for it when there is one, else the text extracted from its PDF; null when
 * neither has words. Pages without words stay in, so the book turns through them in step.
 */
export function narrationScript(extractedPages: readonly string[], adminText?: string | null): { page: number; text: string }[] | null {
  const clean = (t: string) => t.replace(/\s+/g, ' ').trim();
  const admin = bookTextPages(adminText);
  const pages = admin.some((p) => countWords(p) > 0) ? admin : extractedPages;
  if (!pages.some((p) => countWords(p) > 0)) return null;
  return pages.map((text, i) => ({ page: i + 1, text: clean(text) }));
}
