import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMonth } from '@fst/shared/billing/billing.rules';
import { FAMILY_SERVER_MESSAGES, NARRATION_SERVER_MESSAGES, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import { aiRecordingSchema, availabilityResponse, voiceCloneSchema } from '@fst/shared/narration/narration.schema';
import { recordingSchema } from '@fst/shared/recordings/recordings.schema';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { hasFfmpeg } from '../../../test/media.ts';
import { narrationHelpers, STORY_PAGES, toneReading } from '../../../test/narration-fixtures.ts';
import { createFfmpegTools } from '../../platform/media/ffmpeg.ts';
import { aiGenerations, aiRecordings, voiceClones } from './narration.table.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let ctx: TestContext;
let h: ReturnType<typeof narrationHelpers>;
beforeAll(async () => {
  ctx = await createTestContext();
  h = narrationHelpers(ctx);
});
afterAll(() => ctx?.close());

const STORY_WORDS = 22;
const generation = (w: { book: { id: string }; gran: { id: string }; mia: { id: string } }) => ({ book_id: w.book.id, reader_id: w.gran.id, kid_id: w.mia.id });

/** A clone of the reader's voice made by the family's parent from their reading; answers it. */
async function cloneOf(w: Awaited<ReturnType<typeof h.family>>) {
  const res = await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().voice_clone as Json;
}

async function probe(bytes: Buffer, ext: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fst-ai-probe-'));
  try {
    const file = path.join(dir, `story.${ext}`);
    await writeFile(file, bytes);
    return await createFfmpegTools({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }).probe(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the API', () => {
  it('documents every voice endpoint in the OpenAPI document', async () => {
    const docs = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/voice/consent', 'put'],
      ['/api/voice/clone/create', 'post'],
      ['/api/voice/clone/my-voice', 'delete'],
      ['/api/voice/check-voice-clone/{readerId}', 'get'],
      ['/api/voice/check-availability', 'post'],
      ['/api/voice/generate-story', 'post'],
      ['/api/voice/ai-recordings/{id}', 'get'],
      ['/api/voice/ai-recordings/{id}/presigned-url', 'get'],
      ['/api/voice/kid/{kidId}/ai-recordings', 'get'],
      ['/api/voice/kid/{kidId}/all-recordings', 'get'],
      ['/api/voice/{id}/assign-to-kid', 'post'],
    ] as const) {
      expect(docs.paths[path], path).toHaveProperty(method);
    }
  });
});

describe('consent', () => {
  it('is off until the reader turns it on, stored with its time; only readers may change it', async () => {
    const gran = await ctx.newUser({ role: 'grandparent' });
    const parent = await ctx.newUser();
    expect((await h.call('GET', '/api/voice/consent', gran)).json()).toEqual({ allowed: false, updated_at: null });
    const on = await h.consent(gran, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ allowed: true, updated_at: ctx.clock.now().toISOString() });
    expect((await h.call('GET', '/api/voice/consent', gran)).json().allowed).toBe(true);

    const refused = await h.consent(parent, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(NARRATION_SERVER_MESSAGES.onlyReadersConsent);
    expect((await h.call('PUT', '/api/voice/consent', gran, { allowed: 'yes' })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/voice/consent', undefined)).statusCode).toBe(401);
    expect((await h.call('PUT', '/api/voice/consent', undefined, { allowed: true })).statusCode).toBe(401);
  });
});

describe('voice clones', () => {
  it('need the reader’s consent: the parent is refused with a clear message and the reader gets one e-mail asking', async () => {
    const w = await h.family({ consent: false });
    const before = ctx.mailer.sent.length;
    const res = await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: NARRATION_SERVER_MESSAGES.consentMissing('Rose'), reason_code: 'consent_required' });
    const toReader = () => ctx.mailer.sent.slice(before).filter((m) => m.to === w.gran.email);
    const asked = toReader();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      to: w.gran.email,
      subject: NARRATION_SERVER_MESSAGES.consentEmailSubject(`${w.parent.first_name} ${w.parent.last_name}`),
    });
    expect(asked[0]!.text).toContain('Allow my family to create an AI voice from my readings');
    expect(asked[0]!.text).toContain('/profile');

    // Asking again the same day sends no second e-mail; nothing was made.
    expect((await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [w.reading] })).statusCode).toBe(403);
    expect(toReader()).toHaveLength(1);
    expect(await ctx.db.select().from(voiceClones).where(eq(voiceClones.readerId, w.gran.id))).toHaveLength(0);

    // The reader without consent is told to turn it on, and mails nobody.
    const self = await h.createClone(w.gran, { readerId: w.gran.id, recording_ids: [w.reading] });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe(NARRATION_SERVER_MESSAGES.consentMissingSelf);
    expect(toReader()).toHaveLength(1);
  });

  it('are made from the reader’s own chosen ready recordings, by a parent (multipart, as the spec sends it) or by the reader (JSON)', async () => {
    const w = await h.family();
    const form = multipartBody({ readerId: w.gran.id, recording_ids: JSON.stringify([w.reading]), voice_name: '' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/voice/clone/create',
      payload: form.payload,
      headers: { ...form.headers, cookie: w.parent.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const clone = res.json().voice_clone;
    expect(voiceCloneSchema.safeParse(clone).success).toBe(true);
    expect(clone).toMatchObject({
      reader_id: w.gran.id,
      reader_name: 'Rose Robinson',
      voice_name: "Rose's Voice",
      provider: 'local',
      approximate: true,
      recording_ids: [w.reading],
    });
    if (hasFfmpeg) {
      // Measured from the reading: its 180 Hz voice, and 19 words in 6 seconds.
      expect(clone.profile.pitch_hz).toBeGreaterThan(175);
      expect(clone.profile.pitch_hz).toBeLessThan(185);
      expect(clone.profile.words_per_minute).toBe(Math.round((STORY_WORDS / 6) * 60));
    }

    // The reader sees it as their own voice, members of the family see that Rose has one.
    const mine = (await h.call('GET', '/api/voice/clone/my-voice', w.gran)).json();
    expect(mine).toMatchObject({ voice_clone: { id: clone.id, voice_name: "Rose's Voice" }, consent: { allowed: true } });
    expect((await h.call('GET', '/api/voice/clone/my-voice', w.parent)).json()).toEqual({ voice_clone: null, consent: { allowed: false, updated_at: null } });
    expect((await h.call('GET', `/api/voice/check-voice-clone/${w.gran.id}`, w.parent)).json()).toEqual({
      has_voice_clone: true,
      voice_name: "Rose's Voice",
      approximate: true,
      consent: true,
    });
    const readers = (await h.call('GET', `/api/family/${w.family.id}/readers`, w.parent)).json().readers;
    expect(readers.find((r: Json) => r.id === w.gran.id).has_voice_clone).toBe(true);

    // The reader makes it again with a name: still one voice, under the same id.
    const again = await h.createClone(w.gran, { readerId: w.gran.id, recording_ids: [w.reading], voice_name: 'Grandma Rose' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().voice_clone).toMatchObject({ id: clone.id, voice_name: 'Grandma Rose' });
    expect(await ctx.db.select().from(voiceClones).where(eq(voiceClones.readerId, w.gran.id))).toHaveLength(1);
  });

  it('refuse bad forms with the spec’s messages, and readings that are not the reader’s own ready ones', async () => {
    const w = await h.family();
    const other = await ctx.newUser({ role: 'grandparent', first_name: 'Ada' });
    await ctx.join(other, w.family);
    const othersReading = await h.record(other, w.book, [w.leo]);
    const cases: [Json, string, string][] = [
      [{ recording_ids: [w.reading] }, 'readerId', VALIDATION.selectReaderFirst],
      [{ readerId: w.gran.id }, 'recording_ids', VALIDATION.selectAtLeastOneRecording],
      [{ readerId: w.gran.id, recording_ids: [] }, 'recording_ids', VALIDATION.selectAtLeastOneRecording],
      [{ readerId: w.gran.id, recording_ids: [othersReading] }, 'recording_ids', NARRATION_SERVER_MESSAGES.recordingsNotReaders],
      [{ readerId: w.gran.id, recording_ids: [w.reading, crypto.randomUUID()] }, 'recording_ids', NARRATION_SERVER_MESSAGES.recordingsNotReaders],
    ];
    for (const [body, field, message] of cases) {
      const res = await h.createClone(w.parent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: message, errors: { [field]: [message] } });
    }
    // A reader with no finished recording yet: the spec's message.
    const newcomer = await ctx.newUser({ role: 'grandparent', first_name: 'Walt' });
    await ctx.join(newcomer, w.family);
    await h.consent(newcomer, true);
    const none = await h.createClone(w.parent, { readerId: newcomer.id, recording_ids: [w.reading] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Walt needs to record at least one story before creating a voice clone');
    expect(await ctx.db.select().from(voiceClones).where(eq(voiceClones.readerId, w.gran.id))).toHaveLength(0);
  });

  it('cannot be made by an outsider, by another reader, or for a family without a paid plan', async () => {
    const w = await h.family();
    const outsider = (await h.family({ name: 'The Outsiders' })).parent;
    const stranger = await ctx.newUser();
    for (const who of [outsider, stranger]) {
      const res = await h.createClone(who, { readerId: w.gran.id, recording_ids: [w.reading] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(NARRATION_SERVER_MESSAGES.readerNotFound);
      expect((await h.call('GET', `/api/voice/check-voice-clone/${w.gran.id}`, who)).statusCode).toBe(404);
    }
    // A parent account is not a reader: cloning "them" finds no reader.
    expect((await h.createClone(w.parent, { readerId: w.parent.id, recording_ids: [w.reading] })).statusCode).toBe(404);
    const otherReader = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(otherReader, w.family);
    const byReader = await h.createClone(otherReader, { readerId: w.gran.id, recording_ids: [w.reading] });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().error).toBe(NARRATION_SERVER_MESSAGES.onlyParentsOrReader);

    const free = await h.family({ tier: 'free', name: 'The Frees' });
    const res = await h.createClone(free.parent, { readerId: free.gran.id, recording_ids: [free.reading] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(NARRATION_SERVER_MESSAGES.needsSubscription);
    expect((await h.createClone(undefined as never, {})).statusCode).toBe(401);
  });

  it('go when the reader withdraws consent or deletes their voice; AI stories already made stay', async () => {
    const w = await h.family();
    await cloneOf(w);
    const story = (await h.generate(w.parent, { ...generation(w), kid_id: w.leo.id })).json();
    expect((await h.waitForStory(w.parent, story.recording_id)).status).toBe('ready');

    const off = await h.consent(w.gran, false);
    expect(off.json()).toEqual({ allowed: false, updated_at: ctx.clock.now().toISOString() });
    expect((await h.call('GET', `/api/voice/check-voice-clone/${w.gran.id}`, w.parent)).json()).toMatchObject({ has_voice_clone: false, consent: false });
    expect((await h.call('GET', `/api/voice/ai-recordings/${story.recording_id}`, w.parent)).json().ai_recording).toMatchObject({
      status: 'ready',
      voice_name: "Rose's Voice",
    });
    const another = await ctx.newBook({ pages: STORY_PAGES });
    expect((await h.availability(w.parent, { ...generation(w), book_id: another.id, kid_id: w.leo.id })).json()).toMatchObject({
      has_voice_clone: false,
      reason_code: 'no_voice_clone',
    });

    expect((await h.call('DELETE', '/api/voice/clone/my-voice', w.gran)).statusCode).toBe(404);
    await h.consent(w.gran, true);
    await h.createClone(w.gran, { readerId: w.gran.id, recording_ids: [w.reading] });
    const deleted = await h.call('DELETE', '/api/voice/clone/my-voice', w.gran);
    expect(deleted.statusCode).toBe(200);
    expect((await h.call('GET', '/api/voice/clone/my-voice', w.gran)).json().voice_clone).toBeNull();
    expect((await h.call('DELETE', '/api/voice/clone/my-voice', w.parent)).statusCode).toBe(404);
  });

  it('measures the voice from a reading in another pitch', async () => {
    if (!hasFfmpeg) return;
    const w = await h.family();
    const low = await h.record(w.gran, w.book, [w.leo], toneReading(110));
    const clone = (await h.createClone(w.parent, { readerId: w.gran.id, recording_ids: [low] })).json().voice_clone;
    expect(clone.profile.pitch_hz).toBeGreaterThan(105);
    expect(clone.profile.pitch_hz).toBeLessThan(115);
  });
});

describe('availability', () => {
  it('follows the real rules: plan, existing readings, the voice, the month’s limit', async () => {
    const w = await h.family();
    const free = await h.family({ tier: 'free', name: 'The Frees' });
    const check = async (who: { cookie: string }, body: Json) => {
      const res = await h.availability(who, body as never);
      expect(res.statusCode, res.body).toBe(200);
      expect(availabilityResponse.safeParse(res.json()).success).toBe(true);
      return res.json();
    };

    expect(await check(free.parent, generation(free))).toMatchObject({ ai_available: false, reason_code: 'subscription_required', generations_remaining: 0 });
    // Rose read this book to Mia herself: that reading exists.
    expect(await check(w.parent, generation(w))).toMatchObject({
      has_recording: true,
      recording_type: 'manual',
      existing_recording_id: w.reading,
      ai_available: false,
      reason: NARRATION_SERVER_MESSAGES.existingManual,
    });
    // For Leo, there is no reading, but no voice yet either.
    expect(await check(w.parent, { ...generation(w), kid_id: w.leo.id })).toMatchObject({
      has_voice_clone: false,
      has_recording: false,
      recording_type: null,
      ai_available: false,
      reason_code: 'no_voice_clone',
      generations_remaining: 5,
      generations_limit: 5,
    });
    await cloneOf(w);
    expect(await check(w.parent, { ...generation(w), kid_id: w.leo.id })).toEqual({
      has_voice_clone: true,
      has_recording: false,
      recording_type: null,
      ai_available: true,
      generations_remaining: 5,
      generations_limit: 5,
      reason: null,
      reason_code: null,
      existing_recording_id: null,
      voice_name: "Rose's Voice",
      approximate_voice: true,
    });
  });

  it('asks for a premium book to be unlocked first (gold reads every book)', async () => {
    const w = await h.family();
    await cloneOf(w);
    const premium = await ctx.newBook({ pages: STORY_PAGES, is_premium: 'true', token_cost: '3' });
    const res = await h.availability(w.parent, { book_id: premium.id, reader_id: w.gran.id, kid_id: w.leo.id });
    expect(res.json()).toMatchObject({ ai_available: false, reason_code: 'premium_locked', reason: NARRATION_SERVER_MESSAGES.premiumLocked });
    // Premium's 5 monthly story tokens unlock it.
    expect((await h.call('POST', `/api/premium-books/${premium.id}/unlock`, w.parent)).statusCode).toBe(200);
    expect((await h.availability(w.parent, { book_id: premium.id, reader_id: w.gran.id, kid_id: w.leo.id })).json().ai_available).toBe(true);
  });

  it('checks access first: outsiders 404, readers of the family 403, unknown books and readers 404, bad input 400', async () => {
    const w = await h.family();
    const outsider = await h.family({ name: 'The Outsiders' });
    const refused = await h.availability(outsider.parent, generation(w));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(RECORDING_TEXTS.kidNotFound);
    const byReader = await h.availability(w.gran, generation(w));
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().error).toBe(NARRATION_SERVER_MESSAGES.onlyParentsGenerate);
    // Another family's reader is not a reader of this kid's family.
    expect((await h.availability(w.parent, { ...generation(w), reader_id: outsider.gran.id })).statusCode).toBe(404);
    expect((await h.availability(w.parent, { ...generation(w), book_id: crypto.randomUUID() })).json()).toMatchObject({ error: RECORDING_TEXTS.bookNotFound });
    const missing = await h.availability(w.parent, { book_id: w.book.id, reader_id: w.gran.id } as never);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(VALIDATION.selectReaderAndKid);
    expect((await h.availability(undefined as never, generation(w))).statusCode).toBe(401);
  });
});

describe('generating an AI story', () => {
  it('answers at once, then the job reads the book’s own pages in the voice into one audio file with a page track', async () => {
    const w = await h.family();
    await cloneOf(w);
    const body = { ...generation(w), kid_id: w.leo.id };
    const res = await h.generate(w.parent, body);
    expect(res.statusCode, res.body).toBe(202);
    const answer = res.json();
    expect(answer.recording_id).toMatch(/^ai_[0-9a-f-]{36}$/);
    expect(['pending', 'processing', 'ready']).toContain(answer.status);
    expect(aiRecordingSchema.safeParse(answer.ai_recording).success).toBe(true);
    expect(answer.ai_recording).toMatchObject({ id: answer.recording_id, is_ai: true, voice_name: "Rose's Voice", kids: [{ id: w.leo.id, name: 'Leo' }] });

    const story = await h.waitForStory(w.parent, answer.recording_id);
    expect(story).toMatchObject({
      id: answer.recording_id,
      status: 'ready',
      processing_status: 'ready',
      is_ai: true,
      recording_type: 'audio_only',
      book_id: w.book.id,
      reader_id: w.gran.id,
      reader_name: 'Rose Robinson',
      family_id: w.family.id,
      kid_name: 'Leo',
      approximate_voice: true,
      can_manage: true,
      is_owner: true,
      requested_by: { id: w.parent.id },
      failure_reason: null,
      video_url: null,
    });
    expect(story.audio_url).toMatch(/^\/api\/media\/ai-recordings\//);
    // One turn per page, in order, in time with the reading; the wordless page gets a moment too.
    expect(story.page_track.map((t: Json) => t.page)).toEqual([1, 2, 3, 4]);
    expect(story.page_track[0].at_seconds).toBe(0);
    const times = story.page_track.map((t: Json) => t.at_seconds);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[2] - times[1]).toBeCloseTo(1.5, 1);
    expect(story.duration_seconds).toBeGreaterThan(times[3]);

    // The audio is real and playable: a signed link, served with Range.
    const link = await h.call('GET', `/api/voice/ai-recordings/${answer.recording_id}/presigned-url`, w.parent);
    expect(link.statusCode).toBe(200);
    const media = await ctx.app.inject({ method: 'GET', url: link.json().url, headers: { cookie: w.parent.cookie } });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe(hasFfmpeg ? 'audio/mp4' : 'audio/wav');
    const ranged = await ctx.app.inject({ method: 'GET', url: link.json().url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    if (hasFfmpeg) {
      const probed = await probe(media.rawPayload, 'm4a');
      expect(probed.audio?.codec).toBe('aac');
      expect(probed.durationSeconds).toBeCloseTo(story.duration_seconds, -0.5);
    }
    const [row] = await ctx.db
      .select()
      .from(aiRecordings)
      .where(eq(aiRecordings.id, answer.recording_id.slice(3)));
    expect(row!.textSource).toBe('book');
    expect(row!.script.map((p) => p.text)).toEqual(STORY_PAGES);
  });

  it('appears in the kid’s stories, the playlist, the family’s AI lists, the kid’s count and the month’s usage', async () => {
    const w = await h.family();
    await cloneOf(w);
    const { recording_id: id } = (await h.generate(w.parent, { ...generation(w), kid_id: w.leo.id })).json();
    await h.waitForStory(w.parent, id);

    const ai = (await h.call('GET', `/api/voice/kid/${w.leo.id}/ai-recordings`, w.parent)).json();
    expect(ai.kid).toMatchObject({ id: w.leo.id, first_name: 'Leo', family_id: w.family.id });
    expect(ai.recordings.map((r: Json) => r.id)).toEqual([id]);
    // Mia has Rose's own reading; Leo the AI story; the reader sees it too as a member of the family.
    const all = (await h.call('GET', `/api/voice/kid/${w.leo.id}/all-recordings`, w.gran)).json();
    expect(all.recordings.map((r: Json) => [r.id, r.is_ai])).toEqual([[id, true]]);
    for (const r of all.recordings) expect(recordingSchema.safeParse(r).success).toBe(true);
    await h.record(w.gran, w.book, [w.leo]);
    const both = (await h.call('GET', `/api/voice/kid/${w.leo.id}/all-recordings`, w.parent)).json().recordings;
    expect(both.map((r: Json) => r.is_ai).sort()).toEqual([false, true]);

    const playlist = (await h.call('GET', `/api/playback/kid/${w.leo.id}/playlist`, w.parent)).json();
    expect(playlist.items.map((i: Json) => [i.recording_id.startsWith('ai_'), i.is_ai])).toEqual(
      expect.arrayContaining([
        [true, true],
        [false, false],
      ]),
    );
    const aiItem = playlist.items.find((i: Json) => i.is_ai);
    expect(aiItem.recording).toMatchObject({ id, is_ai: true, voice_name: "Rose's Voice", recording_type: 'audio_only' });
    expect(aiItem.recording.page_track.length).toBe(4);
    // A saved order may put the AI story first.
    const order = [id, ...playlist.items.filter((i: Json) => !i.is_ai).map((i: Json) => i.recording_id)];
    const saved = await h.call('PUT', `/api/playback/kid/${w.leo.id}/playlist`, w.parent, { order });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().items[0]).toMatchObject({ recording_id: id, is_ai: true, position: 1 });

    for (const list of ['all-ai-recordings', 'recent-ai-recordings']) {
      const res = await h.call('GET', `/api/family/${w.family.id}/${list}`, w.parent);
      expect(res.statusCode).toBe(200);
      expect(res.json().recordings.map((r: Json) => r.id)).toEqual([id]);
    }
    const manual = (await h.call('GET', `/api/family/${w.family.id}/recent-recordings`, w.parent)).json().recordings;
    expect(manual.every((r: Json) => !r.is_ai)).toBe(true);

    const kids = (await h.call('GET', `/api/family/${w.family.id}`, w.parent)).json().family.kids;
    expect(kids.find((k: Json) => k.id === w.leo.id).stories).toBe(2);
    expect((await h.call('GET', '/api/user/premium-status', w.parent)).json()).toMatchObject({ ai_generations_used: 1, ai_generations_limit: 5 });
    expect((await h.call('GET', `/api/voice/subscription/family/${w.family.id}`, w.parent)).json()).toMatchObject({ ai_generations_used: 1 });

    // Asking again for the same book and kid: it exists now.
    const again = await h.availability(w.parent, { ...generation(w), kid_id: w.leo.id });
    expect(again.json()).toMatchObject({ has_recording: true, recording_type: 'ai', existing_recording_id: id, ai_available: false });
    const twice = await h.generate(w.parent, { ...generation(w), kid_id: w.leo.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: NARRATION_SERVER_MESSAGES.existingAi, reason_code: 'recording_exists' });
  });

  it('is given to another kid of the family by a parent, and deleted by a parent', async () => {
    const w = await h.family();
    await cloneOf(w);
    const { recording_id: id } = (await h.generate(w.parent, { ...generation(w), kid_id: w.leo.id })).json();
    const outsider = await h.family({ name: 'The Outsiders' });

    await h.waitForStory(w.parent, id);
    const given = await h.call('POST', `/api/voice/${id}/assign-to-kid`, w.parent, { kid_id: w.mia.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().ai_recording.kids.map((k: Json) => k.name)).toEqual(['Leo', 'Mia']);
    const repeat = await h.call('POST', `/api/voice/${id}/assign-to-kid`, w.parent, { kid_id: w.mia.id });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toBe(NARRATION_SERVER_MESSAGES.alreadyAssigned);
    // Not to another family's kid, not by the reader, not by outsiders.
    expect((await h.call('POST', `/api/voice/${id}/assign-to-kid`, w.parent, { kid_id: outsider.mia.id })).statusCode).toBe(404);
    const byReader = await h.call('POST', `/api/voice/${id}/assign-to-kid`, w.gran, { kid_id: w.mia.id });
    expect(byReader.statusCode).toBe(403);
    expect((await h.call('POST', `/api/voice/${id}/assign-to-kid`, outsider.parent, { kid_id: outsider.mia.id })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/voice/${id}/assign-to-kid`, w.parent, { kid_id: 'nope' })).statusCode).toBe(400);

    expect((await h.call('DELETE', `/api/voice/ai-recordings/${id}`, w.gran)).statusCode).toBe(403);
    expect((await h.call('DELETE', `/api/voice/ai-recordings/${id}`, outsider.parent)).statusCode).toBe(404);
    expect((await h.call('DELETE', `/api/voice/ai-recordings/${id}`, w.parent)).statusCode).toBe(200);
    expect((await h.call('GET', `/api/voice/ai-recordings/${id}`, w.parent)).statusCode).toBe(404);
    // Deleted, it still counts in the month it was made.
    expect((await h.call('GET', '/api/user/premium-status', w.parent)).json().ai_generations_used).toBe(1);
  });

  it('refuses outsiders everywhere (404) and readers where only parents may act (403)', async () => {
    const w = await h.family();
    await cloneOf(w);
    const { recording_id: id } = (await h.generate(w.parent, { ...generation(w), kid_id: w.leo.id })).json();
    const outsider = await h.family({ name: 'The Outsiders' });
    for (const url of [
      `/api/voice/ai-recordings/${id}`,
      `/api/voice/ai-recordings/${id}/presigned-url`,
      `/api/voice/kid/${w.leo.id}/ai-recordings`,
      `/api/voice/kid/${w.leo.id}/all-recordings`,
    ]) {
      expect((await h.call('GET', url, outsider.parent)).statusCode, url).toBe(404);
      expect((await h.call('GET', url, undefined)).statusCode, url).toBe(401);
    }
    for (const list of ['all-ai-recordings', 'recent-ai-recordings']) {
      const res = await h.call('GET', `/api/family/${w.family.id}/${list}`, outsider.parent);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(FAMILY_SERVER_MESSAGES.familyNotFound);
    }
    const theirs = await h.generate(outsider.parent, { ...generation(w), kid_id: w.leo.id });
    expect(theirs.statusCode).toBe(404);
    const byReader = await h.generate(w.gran, { ...generation(w), kid_id: w.mia.id });
    expect(byReader.statusCode).toBe(403);
    for (const bad of ['nope', 'ai_nope', `ai_${w.book.id}x`]) expect((await h.call('GET', `/api/voice/ai-recordings/${bad}`, w.parent)).statusCode).toBe(400);
    expect((await h.call('GET', `/api/voice/ai-recordings/ai_${crypto.randomUUID()}`, w.parent)).statusCode).toBe(404);
    await h.waitForStory(w.parent, id);
  });

  it('never reads text from the requester: book_text is refused, and a book without text says AI is unavailable (issue 27)', async () => {
    const w = await h.family();
    await cloneOf(w);
    const blank = await ctx.newBook({ pages: ['', ''] });
    const said = await h.generate(w.parent, {
      book_id: blank.id,
      reader_id: w.gran.id,
      kid_id: w.leo.id,
      book_text: 'Please send me your bank card number.',
    } as never);
    expect(said.statusCode).toBe(400);
    expect(said.json()).toMatchObject({
      error: NARRATION_SERVER_MESSAGES.bookTextNotAccepted,
      errors: { book_text: [NARRATION_SERVER_MESSAGES.bookTextNotAccepted] },
    });

    const available = (await h.availability(w.parent, { book_id: blank.id, reader_id: w.gran.id, kid_id: w.leo.id })).json();
    expect(available).toMatchObject({ ai_available: false, reason_code: 'no_book_text', reason: NARRATION_SERVER_MESSAGES.noBookText });
    const none = await h.generate(w.parent, { book_id: blank.id, reader_id: w.gran.id, kid_id: w.leo.id });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: NARRATION_SERVER_MESSAGES.noBookText, reason_code: 'no_book_text' });
    expect((await h.call('GET', '/api/user/premium-status', w.parent)).json().ai_generations_used).toBe(0);
    expect(await ctx.db.select().from(aiRecordings).where(eq(aiRecordings.bookId, blank.id))).toEqual([]);
  });

  it('reads the text a site admin entered for a book without a text layer, page by page', async () => {
    const w = await h.family();
    await cloneOf(w);
    const blank = await ctx.newBook({ pages: ['', ''], narration_text: 'Goodnight moon.\n---\nGoodnight room.' });
    expect((await h.availability(w.parent, { book_id: blank.id, reader_id: w.gran.id, kid_id: w.leo.id })).json()).toMatchObject({ ai_available: true });
    const res = await h.generate(w.parent, { book_id: blank.id, reader_id: w.gran.id, kid_id: w.leo.id });
    expect(res.statusCode, res.body).toBe(202);
    const story = await h.waitForStory(w.parent, res.json().recording_id);
    expect(story.status).toBe('ready');
    expect(story.page_track.map((t: Json) => t.page)).toEqual([1, 2]);
    const [row] = await ctx.db
      .select()
      .from(aiRecordings)
      .where(eq(aiRecordings.id, story.id.slice(3)));
    expect(row).toMatchObject({
      textSource: 'book',
      script: [
        { page: 1, text: 'Goodnight moon.' },
        { page: 2, text: 'Goodnight room.' },
      ],
    });
  });

  it('reads longer books into longer stories', async () => {
    const w = await h.family();
    await cloneOf(w);
    const short = await ctx.newBook({ pages: ['The end.'] });
    const long = await ctx.newBook({
      pages: ['Once upon a time there lived a bear.', 'He walked to the river and looked at the fish.', 'Then he went home and slept all winter long.'],
    });
    const durations: number[] = [];
    for (const book of [short, long]) {
      const { recording_id: id } = (await h.generate(w.parent, { book_id: book.id, reader_id: w.gran.id, kid_id: w.leo.id })).json();
      durations.push((await h.waitForStory(w.parent, id)).duration_seconds);
    }
    expect(durations[1]).toBeGreaterThan(durations[0]! * 3);
  });
});

describe('monthly limits', () => {
  it('lets a gold family make 20, counted per family, and only one of two requests takes the last one', async () => {
    const w = await h.family({ tier: 'gold' });
    await cloneOf(w);
    const month = billingMonth(ctx.clock.now());
    // 18 made earlier this month (written as the service writes them).
    await ctx.db.insert(aiGenerations).values(Array.from({ length: 18 }, () => ({ familyId: w.family.id, month, createdAt: ctx.clock.now() })));
    expect((await h.availability(w.parent, { ...generation(w), kid_id: w.leo.id })).json()).toMatchObject({
      ai_available: true,
      generations_remaining: 2,
      generations_limit: 20,
    });
    const one = await ctx.newBook({ pages: ['Number nineteen.'] });
    expect((await h.generate(w.parent, { book_id: one.id, reader_id: w.gran.id, kid_id: w.leo.id })).statusCode).toBe(202);

    // Two at once for the last one: exactly one is made.
    const [a, b] = [await ctx.newBook({ pages: ['Twenty.'] }), await ctx.newBook({ pages: ['Twenty-one.'] })];
    const both = await Promise.all([a, b].map((book) => h.generate(w.parent, { book_id: book.id, reader_id: w.gran.id, kid_id: w.leo.id })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 403]);
    const rows = await ctx.db
      .select()
      .from(aiGenerations)
      .where(and(eq(aiGenerations.familyId, w.family.id), eq(aiGenerations.month, month)));
    expect(rows).toHaveLength(20);
    // Another family's month is its own.
    const other = await h.family({ tier: 'gold', name: 'The Golds' });
    await cloneOf(other);
    expect((await h.availability(other.parent, { ...generation(other), kid_id: other.leo.id })).json().generations_remaining).toBe(20);
    for (const r of both.filter((x) => x.statusCode === 202)) await h.waitForStory(w.parent, r.json().recording_id);
  });

  it('lets a premium family make 5 AI stories a month, then refuses, and gives them again the next month', async () => {
    const w = await h.family();
    await cloneOf(w);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const book = await ctx.newBook({ pages: [`Story number ${i + 1}.`] });
      const res = await h.generate(w.parent, { book_id: book.id, reader_id: w.gran.id, kid_id: w.leo.id });
      expect(res.statusCode, res.body).toBe(202);
      ids.push(res.json().recording_id);
    }
    const sixth = await ctx.newBook({ pages: ['One too many.'] });
    const body = { book_id: sixth.id, reader_id: w.gran.id, kid_id: w.leo.id };
    expect((await h.availability(w.parent, body)).json()).toMatchObject({
      ai_available: false,
      generations_remaining: 0,
      reason_code: 'limit_reached',
      reason: NARRATION_SERVER_MESSAGES.limitReached(5),
    });
    const refused = await h.generate(w.parent, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: NARRATION_SERVER_MESSAGES.limitReached(5), reason_code: 'limit_reached' });
    for (const id of ids) expect((await h.waitForStory(w.parent, id)).status).toBe('ready');
    expect((await h.call('GET', '/api/user/premium-status', w.parent)).json()).toMatchObject({ ai_generations_used: 5, ai_generations_limit: 5 });

    // A new month: the allowance is back (credits do not roll over).
    const month = billingMonth(ctx.clock.now());
    ctx.clock.advance(32 * 24 * 60 * 60 * 1000);
    expect(billingMonth(ctx.clock.now())).not.toBe(month);
    for (const who of [w.parent, w.gran]) {
      const login = await h.call('POST', '/api/auth/login', undefined, { email: who.email, password: who.password });
      who.cookie = ctx.cookieOf(login)!;
    }
    // The local test-mode provider renews the plan when it is next looked at, as a provider's renewal would.
    expect((await h.call('GET', '/api/user/premium-status', w.parent)).json()).toMatchObject({ plan_type: 'premium', ai_generations_used: 0 });
    expect((await h.availability(w.parent, body)).json()).toMatchObject({ ai_available: true, generations_remaining: 5 });
    const next = await h.generate(w.parent, body);
    expect(next.statusCode, next.body).toBe(202);
    await h.waitForStory(w.parent, next.json().recording_id);
  });
});
