import { describe, expect, it } from 'vitest';
import { RECORDING_SERVER_MESSAGES, RECORDING_TEXTS, VALIDATION } from '../messages.ts';
import { assignBody, recordingUploadForm, RECORDING_UPLOAD_FIELDS } from './recordings.schema.ts';

const KID = '3f1c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const BOOK = '7a1c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const base = { book_id: BOOK, recording_type: 'webcam_only', kid_ids: JSON.stringify([KID]) };
const messages = (input: Record<string, unknown>) => {
  const r = recordingUploadForm.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
};

describe('the upload form', () => {
  it('reads the browser’s text fields', () => {
    const parsed = recordingUploadForm.parse({
      ...base,
      duration_seconds: '12.5',
      is_premium: 'true',
      page_track: JSON.stringify([{ page: 2, at_seconds: 3.5 }]),
    });
    expect(parsed).toEqual({
      book_id: BOOK,
      recording_type: 'webcam_only',
      duration_seconds: 12.5,
      kid_ids: [KID],
      is_premium: true,
      page_track: [{ page: 2, at_seconds: 3.5 }],
    });
  });

  it('has defaults for the optional fields', () => {
    expect(recordingUploadForm.parse(base)).toMatchObject({ duration_seconds: 0, is_premium: false, page_track: [] });
    expect(recordingUploadForm.parse({ ...base, duration_seconds: '', page_track: '', is_premium: '' })).toMatchObject({
      duration_seconds: 0,
      is_premium: false,
      page_track: [],
    });
    expect(recordingUploadForm.parse({ ...base, upload_id: 'a'.repeat(32) }).upload_id).toBe('a'.repeat(32));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no kids', { kid_ids: undefined }, `kid_ids: ${VALIDATION.selectChildToRecord}`],
    ['an empty kid list', { kid_ids: '[]' }, `kid_ids: ${VALIDATION.selectChildToRecord}`],
    ['kid ids that are not JSON', { kid_ids: 'abc,def' }, `kid_ids: ${RECORDING_SERVER_MESSAGES.kidIdsInvalid}`],
    ['a kid id that is not one', { kid_ids: '["nope"]' }, `kid_ids: ${RECORDING_TEXTS.kidNotFound}`],
    ['kid ids as an object', { kid_ids: '{"a":1}' }, `kid_ids: ${RECORDING_SERVER_MESSAGES.kidIdsInvalid}`],
    ['no book', { book_id: undefined }, `book_id: ${RECORDING_SERVER_MESSAGES.bookRequired}`],
    ['an unknown type', { recording_type: 'hologram' }, `recording_type: ${RECORDING_SERVER_MESSAGES.typeInvalid}`],
    ['a negative duration', { duration_seconds: '-3' }, `duration_seconds: ${RECORDING_SERVER_MESSAGES.durationInvalid}`],
    ['a duration in words', { duration_seconds: 'ten' }, `duration_seconds: ${RECORDING_SERVER_MESSAGES.durationInvalid}`],
    ['a duration of days', { duration_seconds: String(7 * 24 * 3600) }, `duration_seconds: ${RECORDING_SERVER_MESSAGES.durationInvalid}`],
    ['a premium flag in words', { is_premium: 'maybe' }, `is_premium: ${RECORDING_SERVER_MESSAGES.premiumFlagInvalid}`],
    ['a page track that is not JSON', { page_track: 'page 2 at 3s' }, `page_track: ${RECORDING_SERVER_MESSAGES.pageTrackInvalid}`],
    ['a page 0', { page_track: '[{"page":0,"at_seconds":1}]' }, `page_track: ${RECORDING_SERVER_MESSAGES.pageTrackInvalid}`],
    ['a turn without a time', { page_track: '[{"page":2}]' }, `page_track: ${RECORDING_SERVER_MESSAGES.pageTrackInvalid}`],
    ['a bad upload id', { upload_id: '../../etc/passwd' }, `upload_id: ${RECORDING_SERVER_MESSAGES.uploadIdInvalid}`],
  ])('refuses %s', (_name, change, message) => {
    expect(messages({ ...base, ...change })).toContain(message);
  });

  it('names every field the web app may send', () => {
    expect(RECORDING_UPLOAD_FIELDS).toEqual(['book_id', 'recording_type', 'duration_seconds', 'kid_ids', 'is_premium', 'page_track', 'upload_id']);
  });
});

describe('the assign body', () => {
  it('needs at least one kid id', () => {
    expect(assignBody.parse({ kid_ids: [KID] })).toEqual({ kid_ids: [KID] });
    for (const body of [{ kid_ids: [] }, {}]) {
      const r = assignBody.safeParse(body);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(VALIDATION.selectAtLeastOneChild);
    }
    expect(assignBody.safeParse({ kid_ids: ['x'] }).error!.issues[0]!.message).toBe(RECORDING_TEXTS.kidNotFound);
  });
});
