import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_SERVER_MESSAGES } from '@fst/shared/messages';
import { readerDashboardStatsResponse } from '@fst/shared/playback/playback.schema';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { recordings as recordingsTable } from '../recordings/recordings.table.ts';

// `GET /api/playback/reader/stats`: the reader dashboard's cards (decisions.md "Resolved ambiguities": reader stats).

let ctx: TestContext;
beforeAll(async () => {
  // Processing is not what these tests are about: without ffmpeg an upload turns ready at once.
  ctx = await createTestContext({ media: null });
});
afterAll(() => ctx?.close());

type Who = { cookie: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** A ready recording of `bookId` (a new book when not given) by `who` for these kids, 100 seconds long. */
async function record(who: Who, kidIds: string[], bookId?: string) {
  const book = bookId ?? (await ctx.newBook()).id;
  const body = multipartBody({ book_id: book, recording_type: 'audio_only', duration_seconds: '100', kid_ids: JSON.stringify(kidIds) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' },
  ]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/recording/upload', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const id = res.json().recording.id as string;
  await ctx.waitForRecording(id);
  return id;
}

async function play(who: Who, recordingId: string, kidId: string, events: [string, number][]) {
  for (const [event, position_seconds] of events) {
    const res = await call('POST', '/api/playback/events', who, { recording_id: recordingId, kid_id: kidId, event, position_seconds });
    expect(res.statusCode, res.body).toBe(201);
  }
}

async function statsOf(who: Who) {
  const res = await call('GET', '/api/playback/reader/stats', who);
  expect(res.statusCode, res.body).toBe(200);
  expect(readerDashboardStatsResponse.safeParse(res.json()).success).toBe(true);
  return res.json();
}

/**
 * The Robinsons (parent, Mia, Leo) with two readers, Gran and Nana; the Outsiders (Zed) for whom Gran
 * reads too. Gran: r1 for Mia and Leo, r2 for Zed. Nana: r3 for Mia.
 */
async function world() {
  const parent = await ctx.newUser({ first_name: 'Mum' });
  const family = await ctx.newFamily(parent, 'The Robinsons');
  const mia = await ctx.newKid(family, 'Mia', 4);
  const leo = await ctx.newKid(family, 'Leo', 6);
  const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Gran' });
  const nana = await ctx.newUser({ role: 'grandparent', first_name: 'Nana' });
  await ctx.join(gran, family);
  await ctx.join(nana, family);
  const outsider = await ctx.newUser({ first_name: 'Olly' });
  const other = await ctx.newFamily(outsider, 'The Outsiders');
  const zed = await ctx.newKid(other, 'Zed', 5);
  await ctx.join(gran, other);
  const r1 = await record(gran, [mia.id, leo.id]);
  const r2 = await record(gran, [zed.id]);
  const r3 = await record(nana, [mia.id]);
  return { parent, family, mia, leo, gran, nana, outsider, other, zed, r1, r2, r3 };
}
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

describe('reader stats', () => {
  it('counts the reader’s own ready stories, the kids they reach, their watched plays and their queue', async () => {
    expect(await statsOf(w.gran)).toEqual({ stories_recorded: 2, times_watched: 0, happy_grandkids: 3, stories_queued: 0, stories_processing: 0 });
    expect(await statsOf(w.nana)).toEqual({ stories_recorded: 1, times_watched: 0, happy_grandkids: 1, stories_queued: 0, stories_processing: 0 });

    // Mia finishes r1; Leo stops halfway (not watched); Zed passes 90 percent of r2 (watched).
    await play(w.parent, w.r1, w.mia.id, [
      ['start', 0],
      ['progress', 50],
      ['complete', 100],
    ]);
    await play(w.parent, w.r1, w.leo.id, [
      ['start', 0],
      ['progress', 50],
    ]);
    await play(w.outsider, w.r2, w.zed.id, [
      ['start', 0],
      ['progress', 95],
    ]);
    // Mia watches Nana's story twice: another reader's plays do not count for Gran.
    await play(w.parent, w.r3, w.mia.id, [
      ['start', 0],
      ['complete', 100],
    ]);
    await play(w.parent, w.r3, w.mia.id, [
      ['start', 0],
      ['complete', 100],
    ]);

    expect(await statsOf(w.gran)).toMatchObject({ stories_recorded: 2, times_watched: 2, happy_grandkids: 3 });
    expect(await statsOf(w.nana)).toMatchObject({ stories_recorded: 1, times_watched: 2, happy_grandkids: 1 });
  });

  it('counts pending requests to the reader only, until the reader records them', async () => {
    const asked = await ctx.newBook({ title: 'Owl Moon' });
    const forNana = await ctx.newBook();
    const ask = (bookId: string, readerId: string, kidId = w.mia.id) =>
      call('POST', '/api/queue/request-story', w.parent, { book_id: bookId, kid_id: kidId, reader_id: readerId });
    expect((await ask(asked.id, w.gran.id)).statusCode).toBe(201);
    expect((await ask(asked.id, w.gran.id, w.leo.id)).statusCode).toBe(201);
    expect((await ask(forNana.id, w.nana.id)).statusCode).toBe(201);
    expect(await statsOf(w.gran)).toMatchObject({ stories_queued: 2 });
    expect(await statsOf(w.nana)).toMatchObject({ stories_queued: 1 });

    // Recording the book for Mia fulfils her request: one fewer queued, one more recorded.
    await record(w.gran, [w.mia.id], asked.id);
    expect(await statsOf(w.gran)).toEqual({ stories_recorded: 3, times_watched: 2, happy_grandkids: 3, stories_queued: 1, stories_processing: 0 });
    expect(await statsOf(w.nana)).toMatchObject({ stories_queued: 1, stories_recorded: 1 });
  });

  it('counts a recording only once it is ready; a failed one not at all', async () => {
    const r4 = await record(w.gran, [w.leo.id]);
    const before = await statsOf(w.gran);
    await ctx.db.update(recordingsTable).set({ status: 'processing' }).where(eq(recordingsTable.id, r4));
    expect(await statsOf(w.gran)).toMatchObject({ stories_recorded: before.stories_recorded - 1, stories_processing: 1 });
    await ctx.db.update(recordingsTable).set({ status: 'failed' }).where(eq(recordingsTable.id, r4));
    expect(await statsOf(w.gran)).toMatchObject({ stories_recorded: before.stories_recorded - 1, stories_processing: 0, happy_grandkids: 3 });
    await ctx.db.update(recordingsTable).set({ status: 'ready' }).where(eq(recordingsTable.id, r4));
    expect(await statsOf(w.gran)).toEqual(before);
  });

  it('answers a reader of no family with zeros, refuses parent accounts (403) and the signed-out (401)', async () => {
    const loner = await ctx.newUser({ role: 'grandparent' });
    expect(await statsOf(loner)).toEqual({ stories_recorded: 0, times_watched: 0, happy_grandkids: 0, stories_queued: 0, stories_processing: 0 });
    for (const parent of [w.parent, w.outsider]) {
      const res = await call('GET', '/api/playback/reader/stats', parent);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(PLAYBACK_SERVER_MESSAGES.onlyReadersHaveStats);
    }
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/playback/reader/stats' });
    expect(anon.statusCode, anon.body).toBe(401);
  });
});
