import { describe, expect, it } from 'vitest';
import { PLAN_TYPES, type PlanType } from '../constants.ts';
import { NARRATION_SERVER_MESSAGES, VALIDATION } from '../messages.ts';
import {
  aiAvailability,
  aiProcessingStatus,
  AI_STORY_STATUSES,
  canPressGenerate,
  countWords,
  defaultVoiceName,
  generateProblem,
  generationsRemaining,
  isAiRecordingId,
  isApproximateVoice,
  isGenerating,
  bookTextPages,
  narrationScript,
  parseAiRecordingId,
  refusalStatus,
  toAiRecordingId,
  voiceCloneProblem,
  VOICE_CLONE_MAX_RECORDINGS,
  type AvailabilityInput,
} from './narration.rules.ts';
import { aiRecordingParams, availabilityBody, generateStoryBody, voiceCloneBody } from './narration.schema.ts';

const UUID = '0b6c1f6e-5f0e-4a53-9a51-3e2f5a1d2c4b';

describe('AI recording ids', () => {
  it('prefixes ai_ and reads it back', () => {
    expect(toAiRecordingId(UUID)).toBe(`ai_${UUID}`);
    expect(toAiRecordingId(UUID.toUpperCase())).toBe(`ai_${UUID}`);
    expect(parseAiRecordingId(`ai_${UUID}`)).toBe(UUID);
    expect(parseAiRecordingId(UUID)).toBe(UUID);
    expect(parseAiRecordingId(`ai_${UUID.toUpperCase()}`)).toBe(UUID);
  });
  it.each(['', 'ai_', 'ai_123', `ai_${UUID}x`, `ai_ai_${UUID}`, `${UUID}/..`, 'ai_00000000-0000-0000-0000-00000000000g'])('refuses %j', (id) => {
    expect(parseAiRecordingId(id)).toBeNull();
    expect(aiRecordingParams.safeParse({ id }).success).toBe(false);
  });
  it('tells AI ids from recording ids', () => {
    expect(isAiRecordingId(`ai_${UUID}`)).toBe(true);
    expect(isAiRecordingId(UUID)).toBe(false);
    expect(isAiRecordingId('ai_nope')).toBe(false);
  });
});

describe('AI story states', () => {
  it.each([
    ['pending', 'processing', true],
    ['processing', 'processing', true],
    ['ready', 'ready', false],
    ['failed', 'failed', false],
  ] as const)('%s reads as %s; generating: %s', (status, processing, generating) => {
    expect(aiProcessingStatus(status)).toBe(processing);
    expect(isGenerating(status)).toBe(generating);
  });
  it('covers every state', () => expect(AI_STORY_STATUSES).toEqual(['pending', 'processing', 'ready', 'failed']));
});

describe('voice clones', () => {
  it('names the voice after the reader', () => {
    expect(defaultVoiceName('Rose')).toBe("Rose's Voice");
    expect(defaultVoiceName('  Rose ')).toBe("Rose's Voice");
  });
  it('calls only the local voice approximate', () => {
    expect(isApproximateVoice('local')).toBe(true);
    expect(isApproximateVoice('elevenlabs')).toBe(false);
  });
  it.each([
    [{ readerId: null, readerRecordingCount: 3, selectedCount: 1 }, VALIDATION.selectReaderFirst],
    [{ readerId: '', readerRecordingCount: 0, selectedCount: 0 }, VALIDATION.selectReaderFirst],
    [{ readerId: 'r', readerRecordingCount: 0, selectedCount: 0 }, 'Rose needs to record at least one story before creating a voice clone'],
    [{ readerId: 'r', readerRecordingCount: 0, selectedCount: 1 }, 'Rose needs to record at least one story before creating a voice clone'],
    [{ readerId: 'r', readerRecordingCount: 2, selectedCount: 0 }, VALIDATION.selectAtLeastOneRecording],
    [{ readerId: 'r', readerRecordingCount: 2, selectedCount: 1 }, null],
    [{ readerId: 'r', readerRecordingCount: 20, selectedCount: VOICE_CLONE_MAX_RECORDINGS }, null],
    [
      { readerId: 'r', readerRecordingCount: 20, selectedCount: VOICE_CLONE_MAX_RECORDINGS + 1 },
      NARRATION_SERVER_MESSAGES.tooManyRecordings(VOICE_CLONE_MAX_RECORDINGS),
    ],
  ])('clone form %j → %s', (input, problem) => {
    expect(voiceCloneProblem({ ...input, readerFirstName: 'Rose' })).toBe(problem);
  });

  it('takes the clone form as JSON or as multipart fields', () => {
    const ok = (v: unknown) => voiceCloneBody.safeParse(v);
    expect(ok({ readerId: UUID, recording_ids: [UUID] }).data).toEqual({ readerId: UUID, recording_ids: [UUID] });
    expect(ok({ readerId: UUID, recording_ids: JSON.stringify([UUID]), voice_name: ' Gran ' }).data).toEqual({
      readerId: UUID,
      recording_ids: [UUID],
      voice_name: 'Gran',
    });
    expect(ok({ readerId: UUID, recording_ids: `${UUID}, ${UUID}`, voice_name: '' }).data).toEqual({ readerId: UUID, recording_ids: [UUID, UUID] });
  });
  it.each([
    [{ recording_ids: [UUID] }, 'readerId', VALIDATION.selectReaderFirst],
    [{ readerId: UUID }, 'recording_ids', VALIDATION.selectAtLeastOneRecording],
    [{ readerId: UUID, recording_ids: [] }, 'recording_ids', VALIDATION.selectAtLeastOneRecording],
    [{ readerId: UUID, recording_ids: '' }, 'recording_ids', VALIDATION.selectAtLeastOneRecording],
    [{ readerId: UUID, recording_ids: '[nope' }, 'recording_ids', NARRATION_SERVER_MESSAGES.recordingsNotReaders],
    [{ readerId: UUID, recording_ids: Array(11).fill(UUID) }, 'recording_ids', NARRATION_SERVER_MESSAGES.tooManyRecordings(VOICE_CLONE_MAX_RECORDINGS)],
    [{ readerId: UUID, recording_ids: [UUID], voice_name: 'x'.repeat(101) }, 'voice_name', NARRATION_SERVER_MESSAGES.voiceNameInvalid(100)],
  ])('refuses the clone form %j with a message on %s', (input, field, message) => {
    const r = voiceCloneBody.safeParse(input);
    expect(r.success).toBe(false);
    const issue = r.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});

describe('availability', () => {
  const base: AvailabilityInput = { tier: 'premium', used: 0, hasVoiceClone: true, existing: null, premiumLocked: false, hasBookText: true };
  const limits: Record<PlanType, number> = { free: 0, premium: 5, gold: 20 };

  it.each(PLAN_TYPES)('counts what is left of the %s limit', (tier) => {
    for (const used of [0, 1, 4, 5, 6, 19, 20, 25]) {
      expect(generationsRemaining(tier, used)).toBe(Math.max(0, limits[tier] - used));
      expect(aiAvailability({ ...base, tier, used }).generations_limit).toBe(limits[tier]);
    }
    expect(generationsRemaining(tier, -3)).toBe(limits[tier]);
  });

  it('is available with a plan, a voice, credit left, no existing story and an open book', () => {
    expect(aiAvailability(base)).toEqual({
      has_voice_clone: true,
      has_recording: false,
      recording_type: null,
      ai_available: true,
      generations_remaining: 5,
      generations_limit: 5,
      reason: null,
      reason_code: null,
    });
    expect(aiAvailability({ ...base, tier: 'gold', used: 19 })).toMatchObject({ ai_available: true, generations_remaining: 1 });
  });

  it.each([
    [{ tier: 'free' }, 'subscription_required', NARRATION_SERVER_MESSAGES.needsSubscription],
    [{ existing: 'ai' }, 'recording_exists', NARRATION_SERVER_MESSAGES.existingAi],
    [{ existing: 'manual' }, 'recording_exists', NARRATION_SERVER_MESSAGES.existingManual],
    [{ hasBookText: false }, 'no_book_text', NARRATION_SERVER_MESSAGES.noBookText],
    [{ hasVoiceClone: false }, 'no_voice_clone', NARRATION_SERVER_MESSAGES.noVoiceClone],
    [{ used: 5 }, 'limit_reached', NARRATION_SERVER_MESSAGES.limitReached(5)],
    [{ tier: 'gold', used: 20 }, 'limit_reached', NARRATION_SERVER_MESSAGES.limitReached(20)],
    [{ premiumLocked: true }, 'premium_locked', NARRATION_SERVER_MESSAGES.premiumLocked],
  ] as const)('%j is refused: %s', (change, code, reason) => {
    const a = aiAvailability({ ...base, ...change });
    expect(a).toMatchObject({ ai_available: false, reason_code: code, reason });
  });

  it('reports the banner fields whatever else fails', () => {
    expect(aiAvailability({ ...base, existing: 'manual', hasVoiceClone: false })).toMatchObject({
      has_recording: true,
      recording_type: 'manual',
      has_voice_clone: false,
    });
    expect(aiAvailability({ ...base, existing: 'ai' })).toMatchObject({ has_recording: true, recording_type: 'ai' });
  });

  // Every combination: exactly one reason, the first in the documented order.
  const combos: AvailabilityInput[] = [];
  for (const tier of PLAN_TYPES)
    for (const used of [0, 5, 20])
      for (const hasVoiceClone of [true, false])
        for (const existing of [null, 'ai', 'manual'] as const)
          for (const premiumLocked of [false, true])
            for (const hasBookText of [true, false]) combos.push({ tier, used, hasVoiceClone, existing, premiumLocked, hasBookText });
  it.each(combos)('%j follows the order of reasons', (input) => {
    const expected =
      input.tier === 'free'
        ? 'subscription_required'
        : input.existing
          ? 'recording_exists'
          : !input.hasBookText
            ? 'no_book_text'
            : !input.hasVoiceClone
              ? 'no_voice_clone'
              : generationsRemaining(input.tier, input.used) === 0
                ? 'limit_reached'
                : input.premiumLocked
                  ? 'premium_locked'
                  : null;
    const a = aiAvailability(input);
    expect(a.reason_code).toBe(expected);
    expect(a.ai_available).toBe(expected === null);
    expect(a.reason === null).toBe(expected === null);
    expect(a.has_recording).toBe(input.existing !== null);
    expect(a.generations_remaining).toBe(generationsRemaining(input.tier, input.used));
  });

  it.each([
    ['subscription_required', 403],
    ['limit_reached', 403],
    ['premium_locked', 403],
    ['recording_exists', 409],
    ['no_voice_clone', 409],
    ['no_book_text', 409],
  ] as const)('a refused generation for %s answers %i', (reason, status) => expect(refusalStatus(reason)).toBe(status));

  it('checks the request bodies', () => {
    expect(availabilityBody.safeParse({ book_id: UUID, reader_id: UUID }).error?.issues[0]?.message).toBe(VALIDATION.selectReaderAndKid);
    expect(availabilityBody.safeParse({ book_id: UUID, kid_id: UUID }).error?.issues[0]?.message).toBe(VALIDATION.selectReaderAndKid);
    expect(generateStoryBody.safeParse({ book_id: UUID, reader_id: UUID, kid_id: UUID }).success).toBe(true);
    // Text from the requester is never read aloud (issue 27): refused, not ignored.
    expect(generateStoryBody.safeParse({ book_id: UUID, reader_id: UUID, kid_id: UUID, book_text: 'Send me your card number' }).error?.issues[0]?.message).toBe(
      NARRATION_SERVER_MESSAGES.bookTextNotAccepted,
    );
  });
});

describe('the generate button', () => {
  it.each([
    [{ readerId: null, kidId: 'k' }, VALIDATION.selectReaderAndKid],
    [{ readerId: 'r', kidId: null }, VALIDATION.selectReaderAndKid],
    [{ readerId: '', kidId: '' }, VALIDATION.selectReaderAndKid],
    [{ readerId: 'r', kidId: 'k' }, null],
  ])('%j → %s', (input, problem) => expect(generateProblem(input)).toBe(problem));

  it('is enabled only with reader, kid, availability and nothing generating', () => {
    for (const readerId of [null, 'r'])
      for (const kidId of [null, 'k'])
        for (const aiAvailable of [false, true])
          for (const generating of [false, true]) {
            expect(canPressGenerate({ readerId, kidId, aiAvailable, generating })).toBe(Boolean(readerId && kidId && aiAvailable && !generating));
          }
  });
});

describe('book text', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['Once upon a time.', 4],
    ["The bear's honey — all of it!", 6],
    ['It was 3 o’clock, said Mia.', 6],
    ['— … !', 0],
    ['Él comió pan. Über alles.', 5],
  ])('%j has %i words', (text, n) => expect(countWords(text)).toBe(n));

  it("reads the book's extracted pages, keeping empty ones in step", () => {
    expect(narrationScript(['', 'Once  upon\na time.', '  ', 'The end.'])).toEqual([
      { page: 1, text: '' },
      { page: 2, text: 'Once upon a time.' },
      { page: 3, text: '' },
      { page: 4, text: 'The end.' },
    ]);
  });
  it("reads the site admin's text for the book first, its pages split at --- lines", () => {
    expect(narrationScript(['', ' '], '  A moon\nrose.\n---\n\nGoodnight. \n ---- \n')).toEqual([
      { page: 1, text: 'A moon rose.' },
      { page: 2, text: 'Goodnight.' },
      { page: 3, text: '' },
    ]);
    expect(narrationScript(['Printed text.'], 'Entered text.')).toEqual([{ page: 1, text: 'Entered text.' }]);
    expect(narrationScript(['Printed text.'], '  ')).toEqual([{ page: 1, text: 'Printed text.' }]);
  });
  it('has nothing to read when the stored book has no words', () => {
    expect(narrationScript(['', '—'], '  ')).toBeNull();
    expect(narrationScript([], null)).toBeNull();
    expect(narrationScript([])).toBeNull();
  });
  it('splits a site admin text into pages', () => {
    expect(bookTextPages('One\r\n---\r\nTwo')).toEqual(['One', 'Two']);
    expect(bookTextPages('A -- dash --- inside')).toEqual(['A -- dash --- inside']);
    expect(bookTextPages('')).toEqual([]);
    expect(bookTextPages(null)).toEqual([]);
  });
});
