import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { parseAiRecordingId } from '@fst/shared/narration/narration.rules';
import { familyStatsResponse, playlistResponse } from '@fst/shared/playback/playback.schema';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { narrationHelpers } from '../../../test/narration-fixtures.ts';
import { aiRecordings } from '../narration/narration.table.ts';
import { playEvents } from './playback.table.ts';

// Plays of AI stories count like plays of readings (decisions.md "Stats are real").

type Who = { cookie: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let ctx: TestContext;
let h: ReturnType<typeof narrationHelpers>;
let w: Awaited<ReturnType<typeof world>>;

/** The narration fixtures' family (Mia has Rose's reading) with an AI story of Rose's voice for Leo, and another family. */
async function world() {
  const fam = await h.family();
  const clone = await h.createClone(fam.parent, { readerId: fam.gran.id, recording_ids: [fam.reading] });
  if (clone.statusCode !== 201) throw new Error(`clone: ${clone.statusCode} ${clone.body}`);
  const { recording_id: ai } = (await h.generate(fam.parent, { book_id: fam.book.id, reader_id: fam.gran.id, kid_id: fam.leo.id })).json();
  const story = await h.waitForStory(fam.parent, ai);
  if (story.status !== 'ready') throw new Error(`AI story ${story.status}: ${story.failure_reason}`);
  const outsider = await ctx.newUser({ first_name: 'Olly', last_name: 'Outsider' });
  const other = await ctx.newFamily(outsider, 'The Outsiders');
  const zed = await ctx.newKid(other, 'Zed', 5);
  return { ...fam, ai: ai as string, duration: story.duration_seconds as number, outsider, other, zed };
}

beforeAll(async () => {
  ctx = await createTestContext();
  h = narrationHelpers(ctx);
  w = await world();
}, 180_000);
afterAll(() => ctx?.close());

const event = (who: Who, recording_id: string, kid_id: string, ev: string, position_seconds = 0) =>
  h.call('POST', '/api/playback/events', who, { recording_id, kid_id, event: ev, position_seconds });
const stats = async (who: Who = w.parent) => {
  const res = await h.call('GET', `/api/playback/family/${w.family.id}/stats`, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(familyStatsResponse.safeParse(res.json()).success).toBe(true);
  return res.json() as Json;
};
const playlistItem = async (kidId: string, id: string) => {
  const res = await h.call('GET', `/api/playback/kid/${kidId}/playlist`, w.parent);
  expect(res.statusCode, res.body).toBe(200);
  return playlistResponse.parse(res.json()).items.find((i) => i.recording_id === id);
};
const eventCount = async () =>
  (
    await ctx.db
      .select({ id: playEvents.id })
      .from(playEvents)
      .where(eq(playEvents.aiRecordingId, parseAiRecordingId(w.ai)!))
  ).length;

describe('plays of AI stories', () => {
  it('are refused to outsiders (404), for another kid (404), for stories not ready (409) and for bad ids (400), storing nothing', async () => {
    // Outsiders: another family's parent, for the family's kid or for their own kid.
    expect((await event(w.outsider, w.ai, w.leo.id, 'start')).statusCode).toBe(404);
    const ownKid = await event(w.outsider, w.ai, w.zed.id, 'start');
    expect(ownKid.statusCode).toBe(404);
    expect(ownKid.json().error).toBe(RECORDING_TEXTS.notFound);
    // The AI story is Leo's: not Mia's, even for her parent.
    const notHers = await event(w.parent, w.ai, w.mia.id, 'start');
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().error).toBe(RECORDING_TEXTS.notFound);
    // An AI story id that names nothing.
    expect((await event(w.parent, 'ai_00000000-0000-4000-8000-000000000000', w.leo.id, 'start')).statusCode).toBe(404);
    for (const bad of ['ai_', 'ai_nope', 'ai_00000000-0000-4000-8000', 42]) {
      const res = await h.call('POST', '/api/playback/events', w.parent, { recording_id: bad, kid_id: w.leo.id, event: 'start' });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.recording_id).toEqual([RECORDING_TEXTS.notFound]);
    }
    // Not ready yet: 409.
    const uuid = parseAiRecordingId(w.ai)!;
    await ctx.db.update(aiRecordings).set({ status: 'processing' }).where(eq(aiRecordings.id, uuid));
    try {
      expect((await event(w.parent, w.ai, w.leo.id, 'start')).statusCode).toBe(409);
    } finally {
      await ctx.db.update(aiRecordings).set({ status: 'ready' }).where(eq(aiRecordings.id, uuid));
    }
    expect(await eventCount()).toBe(0);
    expect(await stats()).toMatchObject({ times_watched: 0, unwatched: 2, last_watched: null });
  });

  it('resume where they stopped, then a complete play makes the story watched and counts in every stat', async () => {
    expect(w.duration).toBeGreaterThan(0);
    expect(await playlistItem(w.leo.id, w.ai)).toMatchObject({ is_ai: true, watched: false, resume_seconds: 0 });

    // Leo stops part way: the playlist resumes there.
    expect((await event(w.parent, w.ai, w.leo.id, 'start', 0)).statusCode).toBe(201);
    const stopped = await event(w.parent, w.ai, w.leo.id, 'progress', 1);
    expect(stopped.statusCode, stopped.body).toBe(201);
    expect(stopped.json()).toEqual({ ok: true, watched: false, resume_seconds: 1 });
    expect(await playlistItem(w.leo.id, w.ai)).toMatchObject({ watched: false, resume_seconds: 1 });

    // The reader (a member of the family) plays it to the end with him; the id may come in capitals.
    ctx.clock.advance(60_000);
    expect((await event(w.gran, w.ai.toUpperCase().replace('AI_', 'ai_'), w.leo.id, 'start', 0)).statusCode).toBe(201);
    const done = await event(w.gran, w.ai, w.leo.id, 'complete', w.duration);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toEqual({ ok: true, watched: true, resume_seconds: 0 });
    const completedAt = ctx.clock.now().toISOString();

    expect(await playlistItem(w.leo.id, w.ai)).toMatchObject({ is_ai: true, watched: true, resume_seconds: 0 });
    const s = await stats();
    expect(s).toMatchObject({
      times_watched: 1,
      watched_this_week: 1,
      // Mia's reading is still to be watched.
      unwatched: 1,
      last_watched: { recording_id: w.ai, kid_id: w.leo.id, watched_at: completedAt },
    });
    expect(s.storytime_today_seconds).toBeGreaterThanOrEqual(Math.min(w.duration, 1));
    expect(await stats(w.gran)).toEqual(s);
    // The other family's stats are untouched.
    expect((await h.call('GET', `/api/playback/family/${w.other.id}/stats`, w.outsider)).json()).toMatchObject({ times_watched: 0, last_watched: null });

    // play_count on the AI story, and the reader's Times Watched (the story is read in her voice).
    expect((await h.call('GET', `/api/voice/ai-recordings/${w.ai}`, w.parent)).json().ai_recording.play_count).toBe(1);
    expect((await h.call('GET', '/api/playback/reader/stats', w.gran)).json().times_watched).toBe(1);
    expect((await h.call('GET', `/api/family/${w.family.id}/reader/${w.gran.id}/stats`, w.parent)).json().times_watched).toBe(1);
    expect(await eventCount()).toBe(4);
  });

  it('go with the AI story when a parent deletes it', async () => {
    expect((await h.call('DELETE', `/api/voice/ai-recordings/${w.ai}`, w.parent)).statusCode).toBe(200);
    expect(await eventCount()).toBe(0);
    expect(await stats()).toMatchObject({ times_watched: 0, unwatched: 1, last_watched: null });
  });
});
