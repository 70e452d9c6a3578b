import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NARRATION_SERVER_MESSAGES } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { FAKE_ELEVENLABS_KEY, FAKE_SECONDS_PER_CHARACTER, startFakeElevenLabs, type FakeElevenLabs } from '../../../test/fake-elevenlabs.ts';
import { hasFfmpeg } from '../../../test/media.ts';
import { narrationHelpers, STORY_PAGES } from '../../../test/narration-fixtures.ts';
import { aiGenerations } from './narration.table.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// The whole app with VOICE_PROVIDER=elevenlabs, its SDK pointed at a local stand-in of the API.
let fake: FakeElevenLabs;
let ctx: TestContext;
let h: ReturnType<typeof narrationHelpers>;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
  ctx = await createTestContext({ env: { VOICE_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: FAKE_ELEVENLABS_KEY, ELEVENLABS_API_BASE: fake.url } });
  h = narrationHelpers(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const since = (n: number) => fake.requests.slice(n);
async function until(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('AI narration with ElevenLabs', () => {
  it('clones the reader’s voice from their reading and reads a book in it, page by page', async () => {
    const w = await h.family();
    const before = fake.requests.length;
    const res = await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] });
    expect(res.statusCode, res.body).toBe(201);
    const clone = res.json().voice_clone;
    expect(clone).toMatchObject({ provider: 'elevenlabs', approximate: false, profile: null, voice_name: "Rose's Voice" });
    const [add] = since(before);
    expect(add).toMatchObject({ method: 'POST', path: '/v1/voices/add', apiKey: FAKE_ELEVENLABS_KEY });
    expect(add!.form!.fields.name).toBe("Rose's Voice");
    // The reading's sound, decoded to WAV (or the stored file as it is, without ffmpeg).
    expect(add!.form!.files).toHaveLength(1);
    if (hasFfmpeg) expect(add!.form!.files[0]).toMatchObject({ contentType: 'audio/wav', head: 'RIFF' });
    const voiceId = [...fake.voices.keys()].at(-1)!;
    expect((await h.call('GET', `/api/voice/check-voice-clone/${w.gran.id}`, w.parent)).json()).toMatchObject({ has_voice_clone: true, approximate: false });

    const tts = fake.requests.length;
    const { recording_id: id } = (await h.generate(w.parent, { book_id: w.book.id, reader_id: w.gran.id, kid_id: w.leo.id })).json();
    const story = await h.waitForStory(w.parent, id);
    expect(story).toMatchObject({ status: 'ready', approximate_voice: false, voice_name: "Rose's Voice" });
    const calls = since(tts).filter((r) => r.path.startsWith('/v1/text-to-speech/'));
    expect(calls.map((c) => [c.path, c.query.get('output_format'), c.json!.text])).toEqual(
      STORY_PAGES.filter(Boolean).map((text) => [`/v1/text-to-speech/${voiceId}`, 'pcm_22050', text]),
    );
    // The pages' speech, their pauses and the wordless page, as long as the stand-in spoke.
    const spoken = STORY_PAGES.join('').length * FAKE_SECONDS_PER_CHARACTER;
    expect(story.duration_seconds).toBeGreaterThanOrEqual(Math.floor(spoken + 0.3 + 3 * 0.8 + 1.5));
    expect(story.duration_seconds).toBeLessThanOrEqual(Math.ceil(spoken + 0.3 + 3 * 0.8 + 1.5) + 1);
    expect(story.page_track.map((t: Json) => t.page)).toEqual([1, 2, 3, 4]);
    expect(story.page_track[1].at_seconds).toBeCloseTo(0.3 + STORY_PAGES[0]!.length * FAKE_SECONDS_PER_CHARACTER + 0.8, 1);
  });

  it('retries a job the provider failed, and counts the story once', async () => {
    const w = await h.family();
    await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] });
    // The first attempt's call fails after the SDK's own retries; pg-boss tries the job again.
    const before = fake.requests.length;
    fake.failNext(3);
    const res = await h.generate(w.parent, { book_id: w.book.id, reader_id: w.gran.id, kid_id: w.leo.id });
    expect(res.statusCode, res.body).toBe(202);
    const story = await h.waitForStory(w.parent, res.json().recording_id);
    expect(story.status).toBe('ready');
    // Three failed calls for the first page (one attempt), then the second attempt read all three pages.
    expect(since(before).filter((r) => r.path.startsWith('/v1/text-to-speech/'))).toHaveLength(3 + 3);
    const rows = await ctx.db.select().from(aiGenerations).where(eq(aiGenerations.familyId, w.family.id));
    expect(rows.map((r) => r.aiRecordingId)).toEqual([story.id.slice(3)]);
    expect((await h.call('GET', '/api/user/premium-status', w.parent)).json().ai_generations_used).toBe(1);
  });

  it('deletes the voice at ElevenLabs when the reader withdraws consent, and the old one when a voice is made again', async () => {
    const w = await h.family();
    await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] });
    const first = [...fake.voices.keys()].at(-1)!;
    await h.createClone(w.gran, { readerId: w.gran.id, recording_ids: [w.reading] });
    const second = [...fake.voices.keys()].at(-1)!;
    expect(second).not.toBe(first);
    await until(() => !fake.voices.has(first));

    expect((await h.consent(w.gran, false)).statusCode).toBe(200);
    await until(() => !fake.voices.has(second));
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(
      expect.arrayContaining([`/v1/voices/${first}`, `/v1/voices/${second}`]),
    );
    expect((await h.call('GET', `/api/voice/check-voice-clone/${w.gran.id}`, w.parent)).json().has_voice_clone).toBe(false);
  });

  it('deletes the voice at ElevenLabs when it cannot be saved here (issue 27)', async () => {
    const w = await h.family();
    // The voice is made at the provider, then its row cannot be written.
    await ctx.db.execute(sql.raw(`CREATE FUNCTION refuse_clone() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`));
    await ctx.db.execute(sql.raw(`CREATE TRIGGER refuse_clone BEFORE INSERT ON voice_clones FOR EACH ROW EXECUTE FUNCTION refuse_clone()`));
    try {
      const voicesBefore = fake.voices.size;
      const before = fake.requests.length;
      const res = await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] });
      expect(res.statusCode).toBe(500);
      expect(since(before).filter((r) => r.path === '/v1/voices/add')).toHaveLength(1);
      await until(() => fake.voices.size === voicesBefore);
      expect(since(before).filter((r) => r.method === 'DELETE')).toHaveLength(1);
      expect((await h.call('GET', `/api/voice/check-voice-clone/${w.gran.id}`, w.parent)).json().has_voice_clone).toBe(false);
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER refuse_clone ON voice_clones'));
      await ctx.db.execute(sql.raw('DROP FUNCTION refuse_clone()'));
    }
  });

  it('answers 503 when ElevenLabs cannot be reached, and keeps nothing', async () => {
    const w = await h.family();
    fake.failNext(3);
    const res = await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(NARRATION_SERVER_MESSAGES.voiceServiceUnavailable);
    expect((await h.call('GET', `/api/voice/check-voice-clone/${w.gran.id}`, w.parent)).json().has_voice_clone).toBe(false);
  });
});
