import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CODE_LENGTH, DEVICE_OFFLINE_STORIES } from '@fst/shared/constants';
import { DEVICE_SERVER_MESSAGES } from '@fst/shared/messages';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { playEvents, reactions } from '../playback/playback.table.ts';
import { kidDevices } from './devices.table.ts';

// Issue 26, kid devices (docs/decisions/018): pairing, the device session's allowed and refused calls, removal.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Who = { cookie: string } | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: Who, payload?: object, remoteAddress?: string) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });

/** A family with Mia and Leo, a reader with a ready story for each, and an outsider family. */
async function world() {
  const family = await ctx.newFamily(undefined, 'The Pairings');
  const mia = await ctx.newKid(family, 'Mia', 4);
  const leo = await ctx.newKid(family, 'Leo', 6);
  const reader = await ctx.newUser({ role: 'grandparent', first_name: 'Rose' });
  await ctx.join(reader, family, 'Grandma');
  const story = async (kidId: string, title: string) => {
    const book = await ctx.newBook({ title });
    const form = multipartBody({ book_id: book.id, recording_type: 'audio_only', duration_seconds: '2', kid_ids: JSON.stringify([kidId]) }, [
      { name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/upload',
      payload: form.payload,
      headers: { ...form.headers, cookie: reader.cookie },
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
    await ctx.waitForRecording(res.json().recording.id);
    return res.json().recording.id as string;
  };
  const miaStory = await story(mia.id, 'Mia’s Moon');
  const leoStory = await story(leo.id, 'Leo’s Lion');
  const outsiders = await ctx.newFamily(undefined, 'Elsewhere');
  const outsiderKid = await ctx.newKid(outsiders, 'Otto', 5);
  return { family, mia, leo, reader, miaStory, leoStory, outsiders, outsiderKid };
}
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
}, 120_000);

const codeFor = async (kid: { id: string; family_id: string }, who: Who = w.family.admin) =>
  call('POST', `/api/family/${kid.family_id}/kids/${kid.id}/device-code`, who);

describe('pairing codes', () => {
  it('are made by the family’s parents only: 6 characters, valid 10 minutes', async () => {
    const res = await codeFor(w.mia);
    expect(res.statusCode).toBe(201);
    const { code, expires_at } = res.json();
    expect(code).toMatch(new RegExp(`^[A-Z2-9]{${DEVICE_CODE_LENGTH}}$`));
    expect(new Date(expires_at).getTime() - ctx.clock.now().getTime()).toBe(10 * 60_000);
    expect((await codeFor(w.mia, w.reader)).statusCode).toBe(403);
    expect((await codeFor(w.mia, w.outsiders.admin)).statusCode).toBe(404);
    expect((await call('POST', `/api/family/${w.family.id}/kids/${w.mia.id}/device-code`, undefined)).statusCode).toBe(401);
    // A kid of another family under this family's address is not found.
    expect((await call('POST', `/api/family/${w.family.id}/kids/${w.outsiderKid.id}/device-code`, w.family.admin)).statusCode).toBe(404);
  });

  it('pair a browser as the kid’s device: its own session, a year long, and /me answers the device and no user', async () => {
    const { code } = (await codeFor(w.mia)).json();
    const res = await call('POST', '/api/devices/pair', undefined, { code: code.toLowerCase(), device_name: ' Mia’s tablet ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().device).toMatchObject({ kid_id: w.mia.id, device_name: 'Mia’s tablet' });
    const cookie = res.cookies.find((c) => c.name === 'fst_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(new Date(cookie.expires!).getTime() - ctx.clock.now().getTime()).toBeGreaterThan(364 * 24 * 60 * 60_000);
    const device = { cookie: `fst_session=${cookie.value}` };
    const me = await call('GET', '/api/auth/me', device);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      device: { id: res.json().device.id, kid_id: w.mia.id, kid_first_name: 'Mia', family_id: w.family.id, device_name: 'Mia’s tablet', offline_stories: 5 },
    });
    expect((await call('GET', '/api/auth/check-session', device)).json()).toEqual({ authenticated: true });
  });

  it('refuses wrong, expired and used codes, each saying so', async () => {
    const wrong = await call('POST', '/api/devices/pair', undefined, { code: 'ZZZZZZ', device_name: 'Tablet' }, '10.0.1.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: DEVICE_SERVER_MESSAGES.codeWrong, reason: 'wrong' });
    const badShape = await call('POST', '/api/devices/pair', undefined, { code: 'O0I1', device_name: 'Tablet' }, '10.0.1.1');
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().errors.code).toEqual([DEVICE_SERVER_MESSAGES.codeWrong]);

    const { code: used } = (await codeFor(w.mia)).json();
    expect((await call('POST', '/api/devices/pair', undefined, { code: used, device_name: 'First' }, '10.0.1.1')).statusCode).toBe(201);
    const again = await call('POST', '/api/devices/pair', undefined, { code: used, device_name: 'Second' }, '10.0.1.1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: DEVICE_SERVER_MESSAGES.codeUsed, reason: 'used' });

    const { code: late } = (await codeFor(w.mia)).json();
    ctx.clock.advance(10 * 60_000 + 1000);
    const expired = await call('POST', '/api/devices/pair', undefined, { code: late, device_name: 'Late' }, '10.0.1.1');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: DEVICE_SERVER_MESSAGES.codeExpired, reason: 'expired' });
  });

  it('limits guessing per client: past 10 wrong tries even the right code waits, other clients still pair', async () => {
    const { code } = (await codeFor(w.mia)).json();
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/api/devices/pair', undefined, { code: 'ZZZZZ' + 'ABCDEFGHJK'[i], device_name: 'Guess' }, '10.0.2.2')).statusCode).toBe(400);
    }
    const locked = await call('POST', '/api/devices/pair', undefined, { code, device_name: 'Guess' }, '10.0.2.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(DEVICE_SERVER_MESSAGES.pairingLocked);
    expect((await call('POST', '/api/devices/pair', undefined, { code, device_name: 'Other' }, '10.0.2.3')).statusCode).toBe(201);
  });
});

describe('a kid device', () => {
  let device: { id: string; cookie: string };
  beforeAll(async () => {
    device = await ctx.newDevice(w.family.admin, w.mia, 'Mia’s tablet');
  });

  it('reads its kid’s page, playlist, bedtime limits and media links, showing no other kid', async () => {
    const page = await call('GET', `/api/recording/kid/${w.mia.id}`, device);
    expect(page.statusCode).toBe(200);
    expect(page.json().kid.first_name).toBe('Mia');
    expect(page.json().recordings.map((r: { id: string }) => r.id)).toEqual([w.miaStory]);
    expect(page.body).not.toContain(w.leo.id);
    const playlist = await call('GET', `/api/playback/kid/${w.mia.id}/playlist`, device);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.json().items.map((i: { recording_id: string }) => i.recording_id)).toEqual([w.miaStory]);
    await call('PUT', `/api/playback/kid/${w.mia.id}/bedtime`, w.family.admin, { stories_limit: 2, sleep_timer_minutes: 15 });
    expect((await call('GET', `/api/playback/kid/${w.mia.id}/bedtime`, device)).json()).toMatchObject({ stories_limit: 2, sleep_timer_minutes: 15 });
    const link = await call('GET', `/api/recording/${w.miaStory}/view-url`, device);
    expect(link.statusCode).toBe(200);
    const media = await ctx.app.inject({ method: 'GET', url: link.json().url, headers: { cookie: device.cookie } });
    expect(media.statusCode).toBe(200);
  });

  it('is refused other kids’ stories (404) and everything else (403)', async () => {
    expect((await call('GET', `/api/recording/kid/${w.leo.id}`, device)).statusCode).toBe(404);
    expect((await call('GET', `/api/playback/kid/${w.leo.id}/playlist`, device)).statusCode).toBe(404);
    expect((await call('GET', `/api/recording/${w.leoStory}/view-url`, device)).statusCode).toBe(404);
    expect((await call('GET', `/api/playback/kid/${w.outsiderKid.id}/bedtime`, device)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['GET', `/api/family/${w.family.id}`],
      ['GET', '/api/family/my-families'],
      ['GET', '/api/books'],
      ['GET', '/api/stripe/subscription-status'],
      ['GET', `/api/recording/${w.miaStory}`],
      ['PUT', `/api/playback/kid/${w.mia.id}/bedtime`, { stories_limit: 9, sleep_timer_minutes: 60 }],
      ['PUT', `/api/playback/kid/${w.mia.id}/playlist`, { order: [w.miaStory] }],
      ['POST', '/api/auth/logout'],
      ['POST', `/api/family/${w.family.id}/kids/${w.mia.id}/device-code`],
      ['GET', `/api/family/${w.family.id}/devices`],
      ['PATCH', `/api/family/${w.family.id}/devices/${device.id}`, { offline_stories: 20 }],
    ] as const) {
      const res = await call(method, url, device, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe(DEVICE_SERVER_MESSAGES.notOnDevice);
    }
  });

  it('sends play events and reactions attributed to the kid and the device', async () => {
    const event = await call('POST', '/api/playback/events', device, { recording_id: w.miaStory, kid_id: w.mia.id, event: 'start', position_seconds: 0 });
    expect(event.statusCode).toBe(201);
    const reaction = await call('POST', `/api/recording/${w.miaStory}/reactions`, device, { kid_id: w.mia.id, reaction: 'heart' });
    expect(reaction.statusCode).toBe(201);
    expect(reaction.json().reaction.kid).toMatchObject({ id: w.mia.id, name: 'Mia' });
    const [played] = await ctx.db.select().from(playEvents).where(eq(playEvents.deviceId, device.id));
    expect(played).toMatchObject({ kidId: w.mia.id, userId: null, event: 'start' });
    const [sent] = await ctx.db.select().from(reactions).where(eq(reactions.deviceId, device.id));
    expect(sent).toMatchObject({ kidId: w.mia.id, sentBy: null, reaction: 'heart' });
    // Another kid's story is not this device's to play.
    expect(
      (await call('POST', '/api/playback/events', device, { recording_id: w.leoStory, kid_id: w.leo.id, event: 'start', position_seconds: 0 })).statusCode,
    ).toBe(404);
  });

  it('sends its offline queue again with the same Idempotency-Keys: each play event and reaction is kept once', async () => {
    const send = (url: string, key: string, payload: object, who: { cookie: string } = device) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie, 'idempotency-key': key }, payload });
    const event = { recording_id: w.miaStory, kid_id: w.mia.id, event: 'complete', position_seconds: 2 };
    const reaction = { kid_id: w.mia.id, reaction: 'star' };
    const before = (await ctx.db.select().from(playEvents).where(eq(playEvents.deviceId, device.id))).length;
    const first = [
      await send('/api/playback/events', 'offline-event-0001', event),
      await send(`/api/recording/${w.miaStory}/reactions`, 'offline-reaction-0001', reaction),
    ];
    // The answers were lost (the wifi dropped again): the queue sends both again.
    const again = [
      await send('/api/playback/events', 'offline-event-0001', event),
      await send(`/api/recording/${w.miaStory}/reactions`, 'offline-reaction-0001', reaction),
    ];
    for (const [i, res] of again.entries()) {
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.json()).toEqual(first[i]!.json());
    }
    expect(await ctx.db.select().from(playEvents).where(eq(playEvents.deviceId, device.id))).toHaveLength(before + 1);
    expect((await ctx.db.select().from(reactions).where(eq(reactions.deviceId, device.id))).filter((r) => r.reaction === 'star')).toHaveLength(1);
    // The keys are the device's own: a parent sending the same key makes a request of their own.
    const parents = await send(`/api/recording/${w.miaStory}/reactions`, 'offline-reaction-0001', reaction, w.family.admin);
    expect(parents.statusCode).toBe(201);
    expect(parents.headers['idempotent-replayed']).toBeUndefined();
  });

  it('renews its year while used, and tells the parents when it was last used', async () => {
    ctx.clock.advance(5 * 60_000);
    const res = await call('GET', '/api/auth/me', device);
    const renewed = res.cookies.find((c) => c.name === 'fst_session');
    expect(renewed?.value).toBe(device.cookie.split('=')[1]);
    // (A cookie's expiry is told to the second.)
    expect(Math.abs(new Date(renewed!.expires!).getTime() - (ctx.clock.now().getTime() + 365 * 24 * 60 * 60_000))).toBeLessThan(1000);
    const list = await call('GET', `/api/family/${w.family.id}/devices`, w.family.admin);
    expect(list.statusCode).toBe(200);
    const listed = list.json().devices.find((d: { id: string }) => d.id === device.id);
    expect(listed).toMatchObject({
      device_name: 'Mia’s tablet',
      kid: { id: w.mia.id, first_name: 'Mia' },
      last_used_at: ctx.clock.now().toISOString(),
      offline_stories: DEVICE_OFFLINE_STORIES.default,
    });
    expect((await call('GET', `/api/family/${w.family.id}/devices`, w.reader)).statusCode).toBe(403);
    expect((await call('GET', `/api/family/${w.family.id}/devices`, w.outsiders.admin)).statusCode).toBe(404);
  });

  it('keeps as many stories offline as a parent sets, and learns it from /me', async () => {
    const tablet = await ctx.newDevice(w.family.admin, w.mia, 'Settings tablet');
    const url = `/api/family/${w.family.id}/devices/${tablet.id}`;
    const offlineStories = async () => (await call('GET', '/api/auth/me', tablet)).json().device.offline_stories;
    expect(await offlineStories()).toBe(DEVICE_OFFLINE_STORIES.default);

    const res = await call('PATCH', url, w.family.admin, { offline_stories: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      device: {
        id: tablet.id,
        device_name: 'Settings tablet',
        kid: { id: w.mia.id, first_name: 'Mia' },
        paired_at: expect.any(String),
        last_used_at: expect.any(String),
        offline_stories: 10,
      },
    });
    expect(await offlineStories()).toBe(10);
    const listed = (await call('GET', `/api/family/${w.family.id}/devices`, w.family.admin)).json().devices.find((d: { id: string }) => d.id === tablet.id);
    expect(listed.offline_stories).toBe(10);
    // 0: nothing saved by itself.
    expect((await call('PATCH', url, w.family.admin, { offline_stories: 0 })).json().device.offline_stories).toBe(0);
    expect(await offlineStories()).toBe(0);

    // A reader of the family, another family's parent (also under its own family's address), no one, and the device itself are refused.
    expect((await call('PATCH', url, w.reader, { offline_stories: 3 })).statusCode).toBe(403);
    expect((await call('PATCH', url, w.outsiders.admin, { offline_stories: 3 })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/family/${w.outsiders.id}/devices/${tablet.id}`, w.outsiders.admin, { offline_stories: 3 })).statusCode).toBe(404);
    expect((await call('PATCH', url, undefined, { offline_stories: 3 })).statusCode).toBe(401);
    const itself = await call('PATCH', url, tablet, { offline_stories: 3 });
    expect(itself.statusCode).toBe(403);
    expect(itself.json().error).toBe(DEVICE_SERVER_MESSAGES.notOnDevice);
    // A device of another family under this family's address is not found.
    const otherDevice = await ctx.newDevice(w.outsiders.admin, w.outsiderKid, 'Otto’s tablet');
    expect((await call('PATCH', `/api/family/${w.family.id}/devices/${otherDevice.id}`, w.family.admin, { offline_stories: 3 })).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/me', otherDevice)).json().device.offline_stories).toBe(DEVICE_OFFLINE_STORIES.default);

    // Values out of range, not whole, not numbers, or missing: 400 in the project's error shape, and nothing changes.
    const message = DEVICE_SERVER_MESSAGES.offlineStoriesRange(0, 20);
    for (const body of [{ offline_stories: -1 }, { offline_stories: 21 }, { offline_stories: 2.5 }, { offline_stories: '5' }, { offline_stories: null }, {}]) {
      const bad = await call('PATCH', url, w.family.admin, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({
        error: expect.any(String),
        code: 'invalid_input',
        errors: { offline_stories: [message] },
        requestId: expect.any(String),
      });
    }
    expect(await offlineStories()).toBe(0);
    expect((await ctx.db.select().from(kidDevices).where(eq(kidDevices.id, tablet.id)))[0]?.offlineStories).toBe(0);
  });

  it('is left only by a parent of the family signing in on it', async () => {
    const leaving = await ctx.newDevice(w.family.admin, w.mia, 'Leaving');
    const stranger = await ctx.newUser({ first_name: 'Sam' });
    const refused = await call('POST', '/api/auth/login', leaving, { email: stranger.email, password: stranger.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(DEVICE_SERVER_MESSAGES.onlyParentLeaves);
    expect((await call('GET', '/api/auth/me', leaving)).json().device.id).toBe(leaving.id);
    const admin = w.family.admin as { cookie: string; email: string; password: string };
    const signedIn = await call('POST', '/api/auth/login', leaving, { email: admin.email, password: admin.password });
    expect(signedIn.statusCode).toBe(200);
    expect(await ctx.db.select().from(kidDevices).where(eq(kidDevices.id, leaving.id))).toEqual([]);
    expect((await call('GET', '/api/auth/me', leaving)).statusCode).toBe(401);
  });

  it('removed by a parent, is refused at its next request (401), and its plays stay', async () => {
    const removed = await ctx.newDevice(w.family.admin, w.mia, 'Old phone');
    expect((await call('DELETE', `/api/family/${w.family.id}/devices/${removed.id}`, w.reader)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/family/${w.outsiders.id}/devices/${removed.id}`, w.outsiders.admin)).statusCode).toBe(404);
    const res = await call('DELETE', `/api/family/${w.family.id}/devices/${removed.id}`, w.family.admin);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/playback/kid/${w.mia.id}/playlist`, removed)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', removed)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/check-session', removed)).json()).toEqual({ authenticated: false });
    expect((await call('DELETE', `/api/family/${w.family.id}/devices/${removed.id}`, w.family.admin)).statusCode).toBe(404);
  });
});
