import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_SERVER_MESSAGES, PLAYBACK_SERVER_MESSAGES, RECORDING_TEXTS } from '@fst/shared/messages';
import { familyStatsResponse, playlistResponse } from '@fst/shared/playback/playback.schema';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { recordings as recordingsTable } from '../recordings/recordings.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Who = { cookie: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Moves the test clock forward to `at`; the world's people sign in again (idle sessions end after 12 hours). */
async function setClock(at: Date) {
  const ms = at.getTime() - ctx.clock.now().getTime();
  if (ms < 0) throw new Error('the test clock only moves forward');
  ctx.clock.advance(ms);
  for (const who of [w.parent, w.gran, w.outsider, w.otherReader]) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.email, password: who.password } });
    who.cookie = ctx.cookieOf(res)!;
  }
}
/** A Wednesday 12:00 UTC at least `minDays` days ahead of the test clock. */
function wednesdayNoonAhead(minDays: number) {
  const d = new Date(ctx.clock.now().getTime() + minDays * DAY);
  d.setUTCHours(12, 0, 0, 0);
  while (d.getUTCDay() !== 3) d.setTime(d.getTime() + DAY);
  return d;
}

/** A ready recording of a 100-second story by `who` for these kids. */
async function record(who: Who, kidIds: string[]) {
  const book = await ctx.newBook();
  const body = multipartBody({ book_id: book.id, recording_type: 'webcam_only', duration_seconds: '2', kid_ids: JSON.stringify(kidIds) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm'), type: 'video/webm' },
  ]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/recording/upload', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const id = res.json().recording.id as string;
  await ctx.waitForRecording(id);
  await ctx.db.update(recordingsTable).set({ durationSeconds: 100 }).where(eq(recordingsTable.id, id));
  return id;
}

/** A family (admin, reader, Mia and Leo), another family with a kid and a reader; r1 for both kids, r2 (newer) for Mia. */
async function world() {
  const parent = await ctx.newUser({ first_name: 'Mum', last_name: 'Robinson' });
  const family = await ctx.newFamily(parent, 'The Robinsons');
  const mia = await ctx.newKid(family, 'Mia', 4);
  const leo = await ctx.newKid(family, 'Leo', 6);
  const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Gran', last_name: 'Robinson' });
  await ctx.join(gran, family);
  const outsider = await ctx.newUser();
  const other = await ctx.newFamily(outsider, 'The Outsiders');
  const zed = await ctx.newKid(other, 'Zed', 5);
  const otherReader = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(otherReader, other);
  const r1 = await record(gran, [mia.id, leo.id]);
  ctx.clock.advance(1000);
  const r2 = await record(gran, [mia.id]);
  const rz = await record(otherReader, [zed.id]);
  return { family, parent, gran, mia, leo, other, outsider, zed, otherReader, r1, r2, rz };
}
type World = Awaited<ReturnType<typeof world>>;

const event = (who: Who, recording_id: string, kid_id: string, ev: string, position_seconds = 0) =>
  call('POST', '/api/playback/events', who, { recording_id, kid_id, event: ev, position_seconds });
async function play(who: Who, recordingId: string, kidId: string, events: [string, number][]) {
  let last: Json = {};
  for (const [ev, pos] of events) {
    const res = await event(who, recordingId, kidId, ev, pos);
    expect(res.statusCode, res.body).toBe(201);
    last = res.json();
  }
  return last;
}
const stats = async (w: World, who: Who = w.parent) => {
  const res = await call('GET', `/api/playback/family/${w.family.id}/stats`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

let w: World;
beforeAll(async () => {
  w = await world();
});

describe('play events and stats', () => {
  it('turns play events into exact stats, play counts and reader stats', async () => {
    expect(await stats(w)).toEqual({ times_watched: 0, watched_this_week: 0, storytime_today_seconds: 0, unwatched: 3, last_watched: null });

    const wednesday = wednesdayNoonAhead(8);
    // Last week: Mia completes r1.
    await setClock(new Date(wednesday.getTime() - 7 * DAY));
    expect(
      await play(w.parent, w.r1, w.mia.id, [
        ['start', 0],
        ['progress', 50],
        ['complete', 100],
      ]),
    ).toEqual({ ok: true, watched: true, resume_seconds: 0 });
    // Tuesday: Leo passes 90 percent of r1 without a complete event (the reader's device reports it).
    await setClock(new Date(wednesday.getTime() - DAY));
    expect(
      await play(w.gran, w.r1, w.leo.id, [
        ['start', 0],
        ['progress', 50],
        ['progress', 95],
      ]),
    ).toMatchObject({ watched: true });
    // Today: Mia stops r2 at 30 s, then plays r1 again to the end.
    await setClock(new Date(wednesday.getTime() - 2 * HOUR));
    expect(
      await play(w.parent, w.r2, w.mia.id, [
        ['start', 0],
        ['progress', 30],
      ]),
    ).toEqual({ ok: true, watched: false, resume_seconds: 30 });
    ctx.clock.advance(60_000);
    await play(w.parent, w.r1, w.mia.id, [
      ['start', 0],
      ['progress', 20],
      ['complete', 100],
    ]);
    await setClock(wednesday);

    const s = await stats(w);
    expect(familyStatsResponse.safeParse(s).success).toBe(true);
    expect(s).toEqual({
      times_watched: 3,
      watched_this_week: 2,
      storytime_today_seconds: 130,
      unwatched: 1,
      last_watched: { recording_id: w.r1, kid_id: w.mia.id, watched_at: new Date(wednesday.getTime() - 2 * HOUR + 60_000).toISOString() },
    });
    // Readers of the family see the same numbers; the other family's stats are untouched.
    expect(await stats(w, w.gran)).toEqual(s);
    expect((await call('GET', `/api/playback/family/${w.other.id}/stats`, w.outsider)).json()).toMatchObject({ times_watched: 0, unwatched: 1 });

    // play_count on recordings and Times Watched in reader stats come from the same plays.
    expect((await call('GET', `/api/recording/${w.r1}`, w.parent)).json().recording.play_count).toBe(3);
    expect((await call('GET', `/api/recording/${w.r2}`, w.parent)).json().recording.play_count).toBe(0);
    expect((await call('GET', `/api/family/${w.family.id}/reader/${w.gran.id}/stats`, w.parent)).json().times_watched).toBe(3);
  });

  it('refuses outsiders (404), stories not of the kid (404), unfinished recordings (409) and bad input (400)', async () => {
    expect((await event(w.outsider, w.r1, w.mia.id, 'start')).statusCode).toBe(404);
    expect((await event(w.otherReader, w.rz, w.mia.id, 'start')).statusCode).toBe(404);
    const notHers = await event(w.parent, w.r2, w.leo.id, 'start');
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().error).toBe(RECORDING_TEXTS.notFound);
    expect((await event(w.parent, w.rz, w.zed.id, 'start')).statusCode).toBe(404);
    const badEvent = await event(w.parent, w.r1, w.mia.id, 'pause');
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().error).toBe(PLAYBACK_SERVER_MESSAGES.eventInvalid);
    const badPosition = await event(w.parent, w.r1, w.mia.id, 'progress', -3);
    expect(badPosition.statusCode).toBe(400);
    expect(badPosition.json().error).toBe(PLAYBACK_SERVER_MESSAGES.positionInvalid);
    expect((await call('POST', '/api/playback/events', w.parent, { recording_id: 'x', kid_id: w.mia.id, event: 'start' })).statusCode).toBe(400);
    expect((await call('GET', `/api/playback/family/${w.family.id}/stats`, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/playback/family/${w.family.id}/stats?tz_offset_minutes=abc`, w.parent)).statusCode).toBe(400);
    expect((await call('GET', `/api/playback/family/${w.family.id}/stats?tz_offset_minutes=-120`, w.parent)).statusCode).toBe(200);

    await ctx.db.update(recordingsTable).set({ status: 'processing' }).where(eq(recordingsTable.id, w.rz));
    const busy = await event(w.outsider, w.rz, w.zed.id, 'start');
    expect(busy.statusCode).toBe(409);
    await ctx.db.update(recordingsTable).set({ status: 'ready' }).where(eq(recordingsTable.id, w.rz));
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/playback/events', payload: { recording_id: w.r1, kid_id: w.mia.id, event: 'start' } })).statusCode,
    ).toBe(401);
  });
});

describe('playlists', () => {
  const url = () => `/api/playback/kid/${w.mia.id}/playlist`;
  const order = async (who: Who = w.parent) => {
    const res = await call('GET', url(), who);
    expect(res.statusCode, res.body).toBe(200);
    expect(playlistResponse.safeParse(res.json()).success).toBe(true);
    return res.json();
  };

  it('answers the kid’s stories newest first with watched state and resume position; saves and resets an order', async () => {
    const first = await order();
    expect(first.custom_order).toBe(false);
    expect(first.items.map((i: Json) => [i.position, i.recording_id, i.is_ai])).toEqual([
      [1, w.r2, false],
      [2, w.r1, false],
    ]);
    // Watched state and resume position come from the earlier test's plays.
    const byId = Object.fromEntries(first.items.map((i: Json) => [i.recording_id, i]));
    expect(byId[w.r2]).toMatchObject({ watched: false, resume_seconds: 30, recording: { id: w.r2, processing_status: 'ready' } });
    expect(byId[w.r1]).toMatchObject({ watched: true, resume_seconds: 0 });

    const saved = await call('PUT', url(), w.parent, { order: [w.r1, w.r2] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().items.map((i: Json) => i.recording_id)).toEqual([w.r1, w.r2]);
    // Every device of the family plays the same order, readers' too.
    const seen = await order(w.gran);
    expect(seen.custom_order).toBe(true);
    expect(seen.items.map((i: Json) => i.recording_id)).toEqual([w.r1, w.r2]);

    const reset = await call('DELETE', url(), w.parent);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ custom_order: false });
    expect((await order()).items.map((i: Json) => i.recording_id)).toEqual([w.r2, w.r1]);
  });

  it('takes only a permutation of the kid’s stories, from parents (403 for readers, 404 for outsiders)', async () => {
    for (const bad of [[w.r1], [w.r1, w.r1], [w.r1, w.r2, w.rz], [], [w.r1, w.r2, w.r2]]) {
      const res = await call('PUT', url(), w.parent, { order: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe(PLAYBACK_SERVER_MESSAGES.orderInvalid);
    }
    expect((await call('PUT', url(), w.parent, { order: 'r1' })).statusCode).toBe(400);
    const byReader = await call('PUT', url(), w.gran, { order: [w.r1, w.r2] });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().error).toBe(FAMILY_SERVER_MESSAGES.onlyParents);
    expect((await call('DELETE', url(), w.gran)).statusCode).toBe(403);
    for (const method of ['GET', 'DELETE'] as const) expect((await call(method, url(), w.outsider)).statusCode).toBe(404);
    expect((await call('PUT', url(), w.outsider, { order: [w.r1, w.r2] })).statusCode).toBe(404);
    expect((await call('GET', `/api/playback/kid/${w.zed.id}/playlist`, w.parent)).statusCode).toBe(404);
  });
});

describe('bedtime settings', () => {
  const url = () => `/api/playback/kid/${w.leo.id}/bedtime`;
  it('answers defaults, saves valid settings, refuses bad ones, readers (403) and outsiders (404)', async () => {
    expect((await call('GET', url(), w.parent)).json()).toEqual({ kid_id: w.leo.id, stories_limit: 3, sleep_timer_minutes: 0 });
    const saved = await call('PUT', url(), w.parent, { stories_limit: 20, sleep_timer_minutes: 120 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', url(), w.parent)).json()).toEqual({ kid_id: w.leo.id, stories_limit: 20, sleep_timer_minutes: 120 });
    expect((await call('PUT', url(), w.parent, { stories_limit: 1, sleep_timer_minutes: 0 })).json()).toMatchObject({
      stories_limit: 1,
      sleep_timer_minutes: 0,
    });

    for (const [body, message] of [
      [{ stories_limit: 0, sleep_timer_minutes: 10 }, PLAYBACK_SERVER_MESSAGES.storiesLimitRange(1, 20)],
      [{ stories_limit: 21, sleep_timer_minutes: 10 }, PLAYBACK_SERVER_MESSAGES.storiesLimitRange(1, 20)],
      [{ stories_limit: 2.5, sleep_timer_minutes: 10 }, PLAYBACK_SERVER_MESSAGES.storiesLimitRange(1, 20)],
      [{ stories_limit: 3, sleep_timer_minutes: 121 }, PLAYBACK_SERVER_MESSAGES.sleepTimerRange(0, 120)],
      [{ stories_limit: 3, sleep_timer_minutes: -1 }, PLAYBACK_SERVER_MESSAGES.sleepTimerRange(0, 120)],
      [{ stories_limit: 3 }, PLAYBACK_SERVER_MESSAGES.sleepTimerRange(0, 120)],
    ] as const) {
      const res = await call('PUT', url(), w.parent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await call('GET', url(), w.parent)).json()).toMatchObject({ stories_limit: 1, sleep_timer_minutes: 0 });
    expect((await call('GET', url(), w.gran)).statusCode).toBe(403);
    expect((await call('PUT', url(), w.gran, { stories_limit: 5, sleep_timer_minutes: 5 })).statusCode).toBe(403);
    expect((await call('GET', url(), w.outsider)).statusCode).toBe(404);
    expect((await call('PUT', url(), w.outsider, { stories_limit: 5, sleep_timer_minutes: 5 })).statusCode).toBe(404);
  });
});

describe('reactions', () => {
  it('a parent sends a kid’s reaction; the reader sees it; readers (403), outsiders and other stories (404) are refused', async () => {
    const res = await call('POST', `/api/recording/${w.r1}/reactions`, w.parent, { kid_id: w.mia.id, reaction: 'heart' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reaction).toMatchObject({
      recording_id: w.r1,
      reaction: 'heart',
      kid: { id: w.mia.id, name: 'Mia', family_id: w.family.id, family_name: 'The Robinsons' },
    });
    ctx.clock.advance(1000);
    await call('POST', `/api/recording/${w.r1}/reactions`, w.parent, { kid_id: w.leo.id, reaction: 'star' });

    const mine = (await call('GET', '/api/reactions/for-reader', w.gran)).json().reactions;
    expect(mine.map((r: Json) => [r.reaction, r.kid.name, r.recording_id])).toEqual([
      ['star', 'Leo', w.r1],
      ['heart', 'Mia', w.r1],
    ]);
    expect(typeof mine[0].book_title).toBe('string');
    expect((await call('GET', '/api/reactions/for-reader', w.otherReader)).json().reactions).toEqual([]);

    const byReader = await call('POST', `/api/recording/${w.r1}/reactions`, w.gran, { kid_id: w.mia.id, reaction: 'hug' });
    expect(byReader.statusCode).toBe(403);
    expect((await call('POST', `/api/recording/${w.r1}/reactions`, w.outsider, { kid_id: w.mia.id, reaction: 'hug' })).statusCode).toBe(404);
    expect((await call('POST', `/api/recording/${w.r2}/reactions`, w.parent, { kid_id: w.leo.id, reaction: 'hug' })).statusCode).toBe(404);
    expect((await call('POST', `/api/recording/${w.rz}/reactions`, w.parent, { kid_id: w.mia.id, reaction: 'hug' })).statusCode).toBe(404);
    const bad = await call('POST', `/api/recording/${w.r1}/reactions`, w.parent, { kid_id: w.mia.id, reaction: 'thumbs' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(PLAYBACK_SERVER_MESSAGES.reactionInvalid);
  });
});

describe('notification settings', () => {
  it('are both on by default and change one at a time', async () => {
    const user = await ctx.newUser();
    expect((await call('GET', '/api/me/notifications', user)).json()).toEqual({ story_requested: true, new_story: true });
    expect((await call('PUT', '/api/me/notifications', user, { story_requested: false })).json()).toEqual({ story_requested: false, new_story: true });
    expect((await call('PUT', '/api/me/notifications', user, { new_story: false })).json()).toEqual({ story_requested: false, new_story: false });
    expect((await call('GET', '/api/me/notifications', user)).json()).toEqual({ story_requested: false, new_story: false });
    // Someone else's settings are their own.
    expect((await call('GET', '/api/me/notifications', w.parent)).json()).toEqual({ story_requested: true, new_story: true });
    const bad = await call('PUT', '/api/me/notifications', user, { new_story: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(PLAYBACK_SERVER_MESSAGES.flagInvalid);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(401);
  });
});
