import { describe, expect, it } from 'vitest';
import { RECORDING_TEXTS } from '../messages.ts';
import { playEventBody } from './playback.schema.ts';

const UUID = '3f2b8c1e-7d4a-4e6b-9c2d-1a2b3c4d5e6f';
const KID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('playEventBody', () => {
  it('takes reading ids and AI story ids (ai_<uuid>), in lower case', () => {
    expect(playEventBody.parse({ recording_id: UUID, kid_id: KID, event: 'start' })).toEqual({
      recording_id: UUID,
      kid_id: KID,
      event: 'start',
      position_seconds: 0,
    });
    expect(playEventBody.parse({ recording_id: `ai_${UUID.toUpperCase()}`, kid_id: KID, event: 'complete', position_seconds: 12 }).recording_id).toBe(
      `ai_${UUID}`,
    );
    expect(playEventBody.parse({ recording_id: UUID.toUpperCase(), kid_id: KID, event: 'progress' }).recording_id).toBe(UUID);
  });

  it('refuses anything else with the not-found text', () => {
    for (const bad of ['ai_', 'ai_nope', `ai_${UUID}x`, `AI_${UUID}`, 'nope', '', 42, null]) {
      const res = playEventBody.safeParse({ recording_id: bad, kid_id: KID, event: 'start' });
      expect(res.success, String(bad)).toBe(false);
      expect(res.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['recording_id', RECORDING_TEXTS.notFound]]);
    }
  });
});
