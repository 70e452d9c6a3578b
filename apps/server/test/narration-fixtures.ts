import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { multipartBody, type TestContext } from './context.ts';
import { hasFfmpeg, makeMedia } from './media.ts';

/** The text of the test book's pages (19 words). */
export const STORY_PAGES = ['Once upon a time a little bear woke up in his cave.', '', 'He was very hungry.', 'So he went to find honey.'];

type Who = { cookie: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CACHE = path.join(os.tmpdir(), 'fst-test-media');

/**
 * A reading of `seconds` whose voice is a steady tone of `hz` (WebM/Opus, as a browser records sound):
 * its measured pitch is `hz`. Without ffmpeg, bytes that only look like WebM.
 */
export function toneReading(hz: number, seconds = 6): Buffer {
  if (!hasFfmpeg) return makeMedia('webm-audio');
  mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `tone-${hz}-${seconds}s.webm`);
  if (existsSync(file)) return readFileSync(file);
  const res = spawnSync(
    'ffmpeg',
    [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${hz}:duration=${seconds}`,
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (res.status !== 0) throw new Error(`ffmpeg could not make a tone: ${res.stderr.toString()}`);
  writeFileSync(file, res.stdout);
  return res.stdout;
}

/** Calls and flows of AI narration tests, on one test context. */
export function narrationHelpers(ctx: TestContext) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who | undefined, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  /** Upgrades an account through the local provider's checkout, as the checkout page does. */
  async function subscribe(who: Who, plan: 'premium' | 'gold') {
    const { url } = (await call('POST', '/api/stripe/create-checkout-session', who, { plan_type: plan })).json();
    const done = await call('POST', `/api/billing/local/checkout/${String(url).split('/').pop()}/complete`, who);
    if (done.statusCode !== 200) throw new Error(`checkout failed: ${done.statusCode} ${done.body}`);
  }

  /** A reader's audio reading of a book for kids, uploaded and processed; answers its id. */
  async function record(
    reader: Who,
    book: { id: string },
    kids: { id: string }[],
    media = toneReading(180),
    pageTrack?: { page: number; at_seconds: number }[],
  ) {
    const body = multipartBody(
      {
        book_id: book.id,
        recording_type: 'audio_only',
        duration_seconds: '6',
        kid_ids: JSON.stringify(kids.map((k) => k.id)),
        is_premium: 'false',
        ...(pageTrack ? { page_track: JSON.stringify(pageTrack) } : {}),
      },
      [{ name: 'recording', filename: 'reading.webm', content: media, type: 'audio/webm' }],
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: reader.cookie },
    });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    const id = res.json().recording.id as string;
    const row = await ctx.waitForRecording(id);
    if (row.status !== 'ready') throw new Error(`recording ${id} ${row.status}: ${row.failureReason}`);
    return id;
  }

  const consent = (reader: Who, allowed: boolean) => call('PUT', '/api/voice/consent', reader, { allowed });
  const createClone = (who: Who, body: Json) => call('POST', '/api/voice/clone/create', who, body);
  const availability = (who: Who, body: { book_id: string; reader_id: string; kid_id: string }) => call('POST', '/api/voice/check-availability', who, body);
  const generate = (who: Who, body: { book_id: string; reader_id: string; kid_id: string }) => call('POST', '/api/voice/generate-story', who, body);

  /** Follows an AI story as the panel does until it is ready or failed. */
  async function waitForStory(who: Who, id: string, timeoutMs = 90_000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await call('GET', `/api/voice/ai-recordings/${id}`, who);
      if (res.statusCode !== 200) throw new Error(`AI story ${id}: ${res.statusCode} ${res.body}`);
      const story = res.json().ai_recording as Json;
      if (story.status === 'ready' || story.status === 'failed') return story;
      if (Date.now() > deadline) throw new Error(`AI story ${id} still ${story.status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * A family on `tier` (its admin subscribed) with kids Mia and Leo, a grandparent reader Rose who read
   * the book for Mia (a 180 Hz voice) and, unless `consent` is false, allows an AI voice.
   */
  async function family(opts: { tier?: 'free' | 'premium' | 'gold'; consent?: boolean; name?: string } = {}) {
    const parent = await ctx.newUser({ first_name: 'Pat', last_name: 'Robinson' });
    const fam = await ctx.newFamily(parent, opts.name ?? 'The Robinsons');
    const tier = opts.tier ?? 'premium';
    if (tier !== 'free') await subscribe(parent, tier);
    const mia = await ctx.newKid(fam, 'Mia', 4);
    const leo = await ctx.newKid(fam, 'Leo', 6);
    const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Rose', last_name: 'Robinson' });
    await ctx.join(gran, fam, 'Grandma');
    const book = await ctx.newBook({ pages: STORY_PAGES });
    const reading = await record(gran, book, [mia]);
    if (opts.consent ?? true) await consent(gran, true);
    return { family: fam, parent, mia, leo, gran, book, reading };
  }

  return { call, subscribe, record, consent, createClone, availability, generate, waitForStory, family };
}
