import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, RECORDING_SERVER_MESSAGES, RECORDING_TEXTS, SERVER_MESSAGES, UPLOAD_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { recordingSchema } from '@fst/shared/recordings/recordings.schema';
import { RECORDING_MIME_TYPES } from '@fst/shared/recordings/recordings.rules';
import { createTestContext, makePdf, type TestContext } from '../../../test/context.ts';
import { hasFfmpeg, makeMedia } from '../../../test/media.ts';
import { createFfmpegTools } from '../../platform/media/ffmpeg.ts';
import { MEDIA_LINK_TTL_MS } from '../../platform/storage/storage.ts';
import { createRecordingsRepository } from './recordings.repository.ts';
import { recordingKids, recordings as recordingsTable } from './recordings.table.ts';

// A small limit keeps the over-size case cheap; the test recordings are well under it.
const MAX_BYTES = 1024 * 1024;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { UPLOAD_MAX_BYTES: String(MAX_BYTES) } });
});
afterAll(() => ctx?.close());

type Who = { cookie: string } | undefined;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) });

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type: string };
/** A multipart body with its parts in the given order. */
function form(parts: Part[]) {
  const boundary = `----fst${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const fieldParts = (fields: Record<string, string>): Part[] => Object.entries(fields).map(([name, value]) => ({ name, value }));
const filePart = (content: Buffer, type = 'video/webm', filename = 'recording.webm'): Part => ({ name: 'recording', filename, content, type });

const send = (who: Who, parts: Part[]) => {
  const body = form(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/recording/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
};

/** A family with two kids, its admin parent and a reader; another family with its own reader; a book. */
async function world() {
  const family = await ctx.newFamily(undefined, 'The Robinsons');
  const mia = await ctx.newKid(family, 'Mia', 4);
  const leo = await ctx.newKid(family, 'Leo', 6);
  const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Gran', last_name: 'Robinson' });
  await ctx.join(gran, family, 'Grandma');
  const other = await ctx.newFamily(undefined, 'The Outsiders');
  const zed = await ctx.newKid(other, 'Zed', 5);
  const outsiderReader = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(outsiderReader, other);
  const book = await ctx.newBook({ title: `Book ${randomBytes(3).toString('hex')}`, pages: ['One', 'Two', 'Three'] });
  return { family, parent: family.admin, mia, leo, gran, other, zed, outsider: other.admin, outsiderReader, book };
}
type World = Awaited<ReturnType<typeof world>>;

const fieldsFor = (w: Pick<World, 'book'>, kids: { id: string }[], extra: Record<string, string> = {}) => ({
  book_id: w.book.id,
  recording_type: 'webcam_only',
  duration_seconds: '7',
  kid_ids: JSON.stringify(kids.map((k) => k.id)),
  ...extra,
});

/** Uploads a recording by `who` and waits until it is processed; answers it as its owner sees it. */
async function record(w: World, opts: { who?: Who; kids?: { id: string }[]; media?: Buffer; type?: string; fields?: Record<string, string> } = {}) {
  const res = await send(opts.who ?? w.gran, [
    ...fieldParts(fieldsFor(w, opts.kids ?? [w.mia], opts.fields)),
    filePart(opts.media ?? makeMedia('webm'), opts.type),
  ]);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const { id } = res.json().recording;
  await ctx.waitForRecording(id);
  return (await call('GET', `/api/recording/${id}`, opts.who ?? w.gran)).json().recording as Json;
}

/** Files under media/recordings and half-written ones. */
async function storedFiles() {
  const root = path.join(ctx.dataDir, 'media');
  const list = async (dir: string): Promise<string[]> => {
    const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
    return (await Promise.all(entries.map((e) => (e.isDirectory() ? list(path.join(dir, e.name)) : [path.join(dir, e.name)])))).flat();
  };
  return { recordings: await list('recordings'), incoming: await list('.incoming') };
}
const recordingCount = async () => (await ctx.db.select().from(recordingsTable)).length;

/** The top-level boxes of an MP4 file, in order. */
function mp4Boxes(buf: Buffer): string[] {
  const boxes: string[] = [];
  for (let off = 0; off + 8 <= buf.length;) {
    let size = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(off + 8));
    if (size < 8) break;
    boxes.push(type);
    off += size;
  }
  return boxes;
}

async function probeBytes(bytes: Buffer, ext: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fst-probe-'));
  try {
    const file = path.join(dir, `media.${ext}`);
    await writeFile(file, bytes);
    return await createFfmpegTools({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }).probe(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('uploading a recording', () => {
  it('stores a reader’s WebM for a kid and answers 201 processing; processing makes an MP4 with the real duration and a poster', async () => {
    const w = await world();
    const track = JSON.stringify([
      { page: 3, at_seconds: 1.5 },
      { page: 2, at_seconds: 0.75 },
    ]);
    const res = await send(w.gran, [...fieldParts(fieldsFor(w, [w.mia, w.leo], { page_track: track, duration_seconds: '7.4' })), filePart(makeMedia('webm'))]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().recording;
    expect(recordingSchema.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      book_id: w.book.id,
      book_title: w.book.title,
      book_author: 'Test Author',
      book: { title: w.book.title, author: 'Test Author', description: 'A test book', token_cost: 0 },
      reader_id: w.gran.id,
      reader_name: 'Gran Robinson',
      reader_avatar: 'GR',
      reader: { first_name: 'Gran', last_name: 'Robinson' },
      kid_name: 'Leo, Mia',
      processing_status: 'processing',
      duration_seconds: 7,
      recording_type: 'webcam_only',
      is_premium: false,
      is_ai: false,
      voice_name: null,
      play_count: 0,
      video_url: null,
      audio_url: null,
      poster_url: null,
      failure_reason: null,
      is_owner: true,
      page_track: [
        { page: 2, at_seconds: 0.75 },
        { page: 3, at_seconds: 1.5 },
      ],
    });
    // By name.
    expect(created.kids).toEqual([
      { id: w.leo.id, name: 'Leo', family_id: w.family.id, family_name: 'The Robinsons' },
      { id: w.mia.id, name: 'Mia', family_id: w.family.id, family_name: 'The Robinsons' },
    ]);
    expect(created.pdf_url).toMatch(/^\/api\/media\/books\/.+\/book\.pdf\?exp=/);

    const row = await ctx.waitForRecording(created.id);
    expect(row.status).toBe('ready');
    const ready = (await call('GET', `/api/recording/${created.id}`, w.gran)).json().recording;
    expect(ready.processing_status).toBe('ready');
    if (!hasFfmpeg) {
      console.warn('SKIPPED: MP4, duration and poster assertions (no ffmpeg)');
      expect(ready.duration_seconds).toBe(7);
      return;
    }
    // The true length, not the recorder's 7 seconds; an H.264/AAC MP4 with its index first; a JPEG poster.
    expect(ready.duration_seconds).toBe(2);
    expect(ready.video_url).toMatch(/^\/api\/media\/recordings\/[0-9a-f-]{36}\/video\.mp4\?exp=\d+&sig=/);
    expect(ready.audio_url).toBeNull();
    const video = await call('GET', ready.video_url, undefined);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const boxes = mp4Boxes(video.rawPayload);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const probe = await probeBytes(video.rawPayload, 'mp4');
    expect(probe).toMatchObject({ video: { codec: 'h264', width: 320, height: 240 }, audio: { codec: 'aac' } });
    expect(probe.durationSeconds).toBeCloseTo(2, 0);
    const poster = await call('GET', ready.poster_url, undefined);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect([...poster.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The original WebM is gone; the playable copy and the poster stay.
    const files = (await storedFiles()).recordings.filter((f) => f.includes(created.id));
    expect(files.sort()).toEqual([`recordings/${created.id}/poster.jpg`, `recordings/${created.id}/video.mp4`]);
  });

  it('turns an audio-only reading into an M4A without a poster, and remuxes Safari’s MP4', async () => {
    const w = await world();
    const audio = await record(w, { media: makeMedia('webm-audio'), type: 'audio/webm;codecs=opus', fields: { recording_type: 'audio_only' } });
    expect(audio).toMatchObject({ processing_status: 'ready', recording_type: 'audio_only', video_url: null, poster_url: null });
    const ogg = await record(w, { media: makeMedia('ogg'), type: 'audio/ogg', fields: { recording_type: 'audio_only' } });
    expect(ogg.processing_status).toBe('ready');
    const safari = await record(w, { media: makeMedia('mp4'), type: 'video/mp4', fields: { recording_type: 'video_with_pdf' } });
    expect(safari).toMatchObject({ processing_status: 'ready', recording_type: 'video_with_pdf' });
    if (!hasFfmpeg) return console.warn('SKIPPED: M4A and MP4 remux assertions (no ffmpeg)');
    expect(audio.audio_url).toMatch(/\/audio\.m4a\?/);
    const sound = await call('GET', audio.audio_url, undefined);
    expect(sound.headers['content-type']).toBe('audio/mp4');
    expect(await probeBytes(sound.rawPayload, 'm4a')).toMatchObject({ video: null, audio: { codec: 'aac' } });
    expect(audio.duration_seconds).toBe(2);
    expect(ogg.audio_url).toMatch(/\/audio\.m4a\?/);
    expect(safari.video_url).toMatch(/\/video\.mp4\?/);
    expect(safari.poster_url).toMatch(/\/poster\.jpg\?/);
    expect(safari.duration_seconds).toBe(2);
  });

  it.skipIf(!hasFfmpeg)('takes mp3, wav and flac readings as sound only, made into AAC-LC M4A', async () => {
    const w = await world();
    for (const [type, codec, format] of [
      ['audio/mpeg', 'libmp3lame', 'mp3'],
      ['audio/wav', 'pcm_s16le', 'wav'],
      ['audio/flac', 'flac', 'flac'],
    ] as const) {
      const made = spawnSync(
        'ffmpeg',
        [
          '-nostdin',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=330:duration=2',
          '-ac',
          '1',
          '-ar',
          '22050',
          '-c:a',
          codec,
          '-f',
          format,
          'pipe:1',
        ],
        { maxBuffer: 8 << 20 },
      );
      const reading = await record(w, { media: made.stdout, type, fields: { recording_type: 'audio_only' } });
      expect(reading).toMatchObject({ processing_status: 'ready', recording_type: 'audio_only' });
      const [row] = await ctx.db.select().from(recordingsTable).where(eq(recordingsTable.id, reading.id));
      expect(row).toMatchObject({ mime: 'audio/mp4', posterKey: null });
      expect(row!.mediaKey).toMatch(/audio\.m4a$/);
      expect(reading.duration_seconds).toBe(2);
    }
  });

  it('marks a damaged recording failed with a reason only its owner sees', async () => {
    const w = await world();
    const damaged = Buffer.concat([makeMedia('webm').subarray(0, 40), Buffer.alloc(3000, 7)]);
    const rec = await record(w, { media: damaged });
    if (!hasFfmpeg) return console.warn('SKIPPED: failed-processing assertions (no ffmpeg)');
    expect(rec).toMatchObject({ processing_status: 'failed', failure_reason: RECORDING_SERVER_MESSAGES.unreadableMedia, video_url: null });
    const asParent = (await call('GET', `/api/recording/${rec.id}`, w.parent)).json().recording;
    expect(asParent).toMatchObject({ processing_status: 'failed', failure_reason: null, is_owner: false });
    // Not playable, not assignable, and not in the family's lists.
    expect((await call('GET', `/api/recording/${rec.id}/view-url`, w.gran)).json().error).toBe(RECORDING_SERVER_MESSAGES.processingFailed);
    expect((await call('POST', `/api/recording/${rec.id}/assign`, w.gran, { kid_ids: [w.leo.id] })).statusCode).toBe(409);
    expect((await call('GET', `/api/family/${w.family.id}/all-recordings`, w.parent)).json().recordings).toEqual([]);
  });

  it('takes the fields after the file too', async () => {
    const w = await world();
    const res = await send(w.gran, [filePart(makeMedia('webm')), ...fieldParts(fieldsFor(w, [w.mia]))]);
    expect(res.statusCode, res.body).toBe(201);
    await ctx.waitForRecording(res.json().recording.id);
  });

  it('lets only readers record: a parent gets 403, nobody signed in 401, and nothing is stored', async () => {
    const w = await world();
    const before = await recordingCount();
    const parts = [...fieldParts(fieldsFor(w, [w.mia])), filePart(makeMedia('webm'))];
    const parent = await send(w.parent, parts);
    expect(parent.statusCode).toBe(403);
    expect(parent.json()).toMatchObject({ error: RECORDING_SERVER_MESSAGES.onlyReaders, code: 'forbidden' });
    expect((await send(undefined, parts)).statusCode).toBe(401);
    expect(await recordingCount()).toBe(before);
  });

  it('refuses a reader of another family recording for a kid, and unknown kids or books, before storing anything', async () => {
    const w = await world();
    const before = await recordingCount();
    const filesBefore = (await storedFiles()).recordings;
    for (const kids of [[w.mia], [w.zed, w.mia]]) {
      const res = await send(w.outsiderReader, [...fieldParts(fieldsFor(w, kids)), filePart(makeMedia('webm'))]);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(RECORDING_TEXTS.kidNotFound);
    }
    const unknownKid = await send(w.gran, [...fieldParts(fieldsFor(w, [{ id: crypto.randomUUID() }])), filePart(makeMedia('webm'))]);
    expect(unknownKid.statusCode).toBe(404);
    const noBook = await send(w.gran, [...fieldParts({ ...fieldsFor(w, [w.mia]), book_id: crypto.randomUUID() }), filePart(makeMedia('webm'))]);
    expect(noBook.statusCode).toBe(404);
    expect(noBook.json()).toMatchObject({ error: RECORDING_TEXTS.bookNotFound, errors: { book_id: [RECORDING_TEXTS.bookNotFound] } });
    expect(await recordingCount()).toBe(before);
    expect((await storedFiles()).recordings).toEqual(filesBefore);
  });

  describe('refuses a bad upload and keeps nothing of it', () => {
    const pdfAsWebm = async () => filePart(await makePdf(), 'video/webm', 'story.webm');
    const cases: [string, (w: World) => Promise<Part[]>, number, string, string][] = [
      [
        'a PDF sent as video/webm',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia])), await pdfAsWebm()],
        415,
        RECORDING_SERVER_MESSAGES.notMedia,
        'recording',
      ],
      ['a PDF sent first', async (w) => [await pdfAsWebm(), ...fieldParts(fieldsFor(w, [w.mia]))], 415, RECORDING_SERVER_MESSAGES.notMedia, 'recording'],
      [
        'a WebM labelled MP4',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia])), filePart(makeMedia('webm'), 'video/mp4')],
        415,
        RECORDING_SERVER_MESSAGES.notMedia,
        'recording',
      ],
      [
        'a text file',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia])), filePart(Buffer.from('hello'), 'text/plain', 'a.txt')],
        415,
        RECORDING_SERVER_MESSAGES.unsupportedType(Object.keys(RECORDING_MIME_TYPES).join(', ')),
        'recording',
      ],
      [
        'a file of three bytes',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia])), filePart(Buffer.from([0x1a, 0x45, 0xdf]))],
        415,
        RECORDING_SERVER_MESSAGES.notMedia,
        'recording',
      ],
      [
        'a recording over the size limit',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia])), filePart(Buffer.concat([makeMedia('webm').subarray(0, 4), Buffer.alloc(MAX_BYTES + 10)]))],
        413,
        RECORDING_SERVER_MESSAGES.tooLarge(1),
        'recording',
      ],
      ['no kids', async (w) => [...fieldParts(fieldsFor(w, [])), filePart(makeMedia('webm'))], 400, VALIDATION.selectChildToRecord, 'kid_ids'],
      [
        'no kid_ids field',
        async (w) => [...fieldParts({ book_id: w.book.id, recording_type: 'webcam_only' }), filePart(makeMedia('webm'))],
        400,
        VALIDATION.selectChildToRecord,
        'kid_ids',
      ],
      [
        'kid ids that are not JSON',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia], { kid_ids: w.mia.id })), filePart(makeMedia('webm'))],
        400,
        RECORDING_SERVER_MESSAGES.kidIdsInvalid,
        'kid_ids',
      ],
      ['no file', async (w) => fieldParts(fieldsFor(w, [w.mia])), 400, RECORDING_SERVER_MESSAGES.fileRequired, 'recording'],
      [
        'an empty file input',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia])), filePart(Buffer.alloc(0), 'application/octet-stream', '')],
        400,
        RECORDING_SERVER_MESSAGES.fileRequired,
        'recording',
      ],
      [
        'an unknown type',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia], { recording_type: 'vr' })), filePart(makeMedia('webm'))],
        400,
        RECORDING_SERVER_MESSAGES.typeInvalid,
        'recording_type',
      ],
      [
        'a bad duration',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia], { duration_seconds: 'long' })), filePart(makeMedia('webm'))],
        400,
        RECORDING_SERVER_MESSAGES.durationInvalid,
        'duration_seconds',
      ],
      [
        'a bad page track',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia], { page_track: '[{"page":-1}]' })), filePart(makeMedia('webm'))],
        400,
        RECORDING_SERVER_MESSAGES.pageTrackInvalid,
        'page_track',
      ],
      [
        'a file and an upload id',
        async (w) => [...fieldParts(fieldsFor(w, [w.mia], { upload_id: 'a'.repeat(32) })), filePart(makeMedia('webm'))],
        400,
        RECORDING_SERVER_MESSAGES.fileAndUploadId,
        'upload_id',
      ],
      [
        'an unknown upload id',
        async (w) => fieldParts(fieldsFor(w, [w.mia], { upload_id: 'b'.repeat(32) })),
        404,
        RECORDING_SERVER_MESSAGES.uploadNotFound,
        '',
      ],
    ];

    it.each(cases)('%s', async (_name, make, status, message, field) => {
      const w = await world();
      const before = await recordingCount();
      const filesBefore = (await storedFiles()).recordings;
      const res = await send(w.gran, await make(w));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toBe(message);
      if (field) expect(res.json().errors?.[field]).toContain(message);
      expect(await recordingCount()).toBe(before);
      const after = await storedFiles();
      expect(after.recordings).toEqual(filesBefore);
      // A refused form's half-written file is removed as its stream closes, which may come just after the answer.
      await expect.poll(async () => (await storedFiles()).incoming, { timeout: 5_000 }).toEqual([]);
    });

    it('a form cut off halfway, and what is not a multipart form', async () => {
      const w = await world();
      const before = await recordingCount();
      const body = form([...fieldParts(fieldsFor(w, [w.mia])), filePart(makeMedia('webm'))]);
      const cut = await ctx.app.inject({
        method: 'POST',
        url: '/api/recording/upload',
        payload: body.payload.subarray(0, body.payload.length - 2000),
        headers: { ...body.headers, cookie: w.gran.cookie },
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().error).toBe(UPLOAD_MESSAGES.malformed);
      const json = await call('POST', '/api/recording/upload', w.gran, fieldsFor(w, [w.mia]));
      expect(json.statusCode).toBe(415);
      expect(json.json().error).toBe(UPLOAD_MESSAGES.notMultipart);
      expect(await recordingCount()).toBe(before);
      expect((await storedFiles()).incoming).toEqual([]);
    });
  });
});

describe.skipIf(!hasFfmpeg)('processing one family’s heavy readings', () => {
  // A long, tiny WebM as a pipe writes it (no duration in its header), well under the upload limit.
  const longWebm = (seconds: number, fps: number, source = 'testsrc') => {
    const res = spawnSync(
      'ffmpeg',
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `${source}=size=96x64:rate=${fps}:duration=${seconds}`,
        '-g',
        '600',
        '-c:v',
        'libvpx',
        '-b:v',
        '8k',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-f',
        'webm',
        'pipe:1',
      ],
      { maxBuffer: 16 << 20 },
    );
    if (res.status !== 0) throw new Error(res.stderr.toString());
    return res.stdout;
  };
  const upload = async (w: World, who: Who, media: Buffer, kids: { id: string }[]) => {
    const res = await send(who, [...fieldParts(fieldsFor(w, kids)), filePart(media)]);
    expect(res.statusCode).toBe(201);
    return res.json().recording.id as string;
  };

  it('hands long readings to the queue for long jobs, so another family’s short reading is done first', async () => {
    const w = await world();
    const long = longWebm(400, 5);
    const longIds = [await upload(w, w.gran, long, [w.mia]), await upload(w, w.gran, long, [w.leo])];
    const shortId = await upload(w, w.outsiderReader, makeMedia('webm'), [w.zed]);
    const started = Date.now();
    expect((await ctx.waitForRecording(shortId)).status).toBe('ready');
    const shortTook = Date.now() - started;
    const states = await Promise.all(longIds.map(async (id) => (await ctx.db.select().from(recordingsTable).where(eq(recordingsTable.id, id)))[0]!.status));
    // One worker for everyone held the short reading behind both long ones.
    expect(states).toContain('processing');
    expect(shortTook).toBeLessThan(20_000);
    const { rows } = await ctx.database.sql(`SELECT data->>'recordingId' AS id FROM pgboss.job WHERE name = 'recording.process-long'`, []);
    expect(rows.map((r) => r.id).sort()).toEqual([...longIds].sort());
    for (const id of longIds) {
      const row = await ctx.waitForRecording(id, 240_000);
      expect(row.status).toBe('ready');
      expect(row.durationSeconds).toBeGreaterThanOrEqual(399);
    }
  }, 300_000);

  it('refuses a reading longer than an hour at probe time, with a reason its owner sees', async () => {
    const w = await world();
    const id = await upload(w, w.gran, longWebm(61 * 60 + 5, 1, 'color'), [w.mia]);
    const started = Date.now();
    const row = await ctx.waitForRecording(id, 60_000);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe(RECORDING_SERVER_MESSAGES.tooLong(60));
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 120_000);
});

describe('reading, linking and deleting', () => {
  let w: World;
  let rec: Json;
  beforeAll(async () => {
    w = await world();
    rec = await record(w);
  });

  it('shows a recording to its owner and the kid’s family; outsiders cannot read, link, assign or delete it (404)', async () => {
    const asParent = await call('GET', `/api/recording/${rec.id}`, w.parent);
    expect(asParent.statusCode).toBe(200);
    expect(asParent.json().recording).toMatchObject({ id: rec.id, is_owner: false, kid_name: 'Mia' });
    for (const outsider of [w.outsider, w.outsiderReader]) {
      for (const res of [
        await call('GET', `/api/recording/${rec.id}`, outsider),
        await call('GET', `/api/recording/${rec.id}/view-url`, outsider),
        await call('POST', `/api/recording/${rec.id}/assign`, outsider, { kid_ids: [w.zed.id] }),
        await call('DELETE', `/api/recording/${rec.id}`, outsider),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(RECORDING_TEXTS.notFound);
        expect(res.body).not.toContain('Mia');
      }
    }
    expect((await call('GET', `/api/recording/${rec.id}`, undefined)).statusCode).toBe(401);
    expect((await call('GET', `/api/recording/${crypto.randomUUID()}`, w.gran)).statusCode).toBe(404);
    expect((await call('GET', '/api/recording/not-an-id', w.gran)).statusCode).toBe(400);
  });

  it('hands the owner and family members a short-lived signed link; a tampered or expired one is refused', async () => {
    const before = ctx.clock.now().getTime();
    for (const who of [w.gran, w.parent]) {
      const res = await call('GET', `/api/recording/${rec.id}/view-url`, who);
      expect(res.statusCode).toBe(200);
      const { url, expires_at } = res.json();
      expect(url).toMatch(/^\/api\/media\/recordings\//);
      expect(new Date(expires_at).getTime() - before).toBeGreaterThanOrEqual(MEDIA_LINK_TTL_MS);
      expect((await call('GET', url, undefined)).statusCode).toBe(200);
    }
    const { url } = (await call('GET', `/api/recording/${rec.id}/view-url`, w.parent)).json();
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const tampered = url.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await call('GET', tampered, undefined)).json().error).toBe(MEDIA_MESSAGES.linkInvalid);
    ctx.clock.advance(3 * 60 * 60 * 1000);
    expect((await call('GET', url, undefined)).statusCode).toBe(403);
    // A recording still processing has no link yet.
    await ctx.db.update(recordingsTable).set({ status: 'processing' }).where(eq(recordingsTable.id, rec.id));
    const busy = await call('GET', `/api/recording/${rec.id}/view-url`, w.gran);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe(RECORDING_SERVER_MESSAGES.stillProcessing);
    expect((await call('GET', `/api/recording/${rec.id}`, w.gran)).json().recording.video_url).toBeNull();
    await ctx.db.update(recordingsTable).set({ status: 'ready' }).where(eq(recordingsTable.id, rec.id));
  });

  it('hands out media links that stop working within 15 minutes, so a removed kid or member loses them soon (issue 27.14)', async () => {
    const start = ctx.clock.now().getTime();
    const { recording } = (await call('GET', `/api/recording/${rec.id}`, w.parent)).json();
    const { url: viewUrl } = (await call('GET', `/api/recording/${rec.id}/view-url`, w.parent)).json();
    const links: string[] = [recording.video_url, recording.pdf_url, viewUrl];
    for (const link of links) expect((await call('GET', link, undefined)).statusCode, link).toBe(200);
    // Valid for at least MEDIA_LINK_TTL_MS (the player renews before then) …
    ctx.clock.advance(MEDIA_LINK_TTL_MS - 1000);
    for (const link of links) expect((await call('GET', link, undefined)).statusCode, link).toBe(200);
    // … and never past 15 minutes, whatever the rounding.
    ctx.clock.advance(start + 15 * 60 * 1000 + 1000 - ctx.clock.now().getTime());
    for (const link of links) expect((await call('GET', link, undefined)).statusCode, link).toBe(403);
  });

  it('serves byte-exact Range responses', async () => {
    const { url } = (await call('GET', `/api/recording/${rec.id}/view-url`, w.parent)).json();
    const whole = await call('GET', url, undefined);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const bytes = whole.rawPayload;
    const size = bytes.length;
    expect(Number(whole.headers['content-length'])).toBe(size);
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-77', size - 77, size - 1],
      [`bytes=${Math.floor(size / 3)}-${Math.floor(size / 2)}`, Math.floor(size / 3), Math.floor(size / 2)],
      [`bytes=${size - 1}-${size + 1000}`, size - 1, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await call('GET', url, undefined, undefined, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(part.headers['content-length'])).toBe(end - start + 1);
      expect(Buffer.compare(part.rawPayload, bytes.subarray(start, end + 1))).toBe(0);
    }
    const beyond = await call('GET', url, undefined, undefined, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('lets only the owner delete, removing its files and links', async () => {
    const doomed = await record(w, { kids: [w.leo] });
    const { url } = (await call('GET', `/api/recording/${doomed.id}/view-url`, w.parent)).json();
    const parent = await call('DELETE', `/api/recording/${doomed.id}`, w.parent);
    expect(parent.statusCode).toBe(403);
    expect(parent.json().error).toBe(RECORDING_SERVER_MESSAGES.onlyOwnerDeletes);
    const res = await call('DELETE', `/api/recording/${doomed.id}`, w.gran);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await call('GET', `/api/recording/${doomed.id}`, w.gran)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/recording/${doomed.id}`, w.gran)).statusCode).toBe(404);
    expect((await storedFiles()).recordings.filter((f) => f.includes(doomed.id))).toEqual([]);
    const gone = await call('GET', url, undefined);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(MEDIA_MESSAGES.fileNotFound);
  });

  it('keeps a recording when its kid is deleted, and when the book leaves the catalogue', async () => {
    const w2 = await world();
    const kept = await record(w2, { kids: [w2.mia, w2.leo] });
    expect((await call('DELETE', `/api/family/${w2.family.id}/kids/${w2.mia.id}`, w2.parent)).statusCode).toBe(200);
    const after = (await call('GET', `/api/recording/${kept.id}`, w2.gran)).json().recording;
    expect(after.kids.map((k: Json) => k.name)).toEqual(['Leo']);
    expect(await ctx.db.select().from(recordingKids).where(eq(recordingKids.kidId, w2.mia.id))).toEqual([]);
    // The last kid going leaves the reading with its reader.
    expect((await call('DELETE', `/api/family/${w2.family.id}/kids/${w2.leo.id}`, w2.parent)).statusCode).toBe(200);
    const mine = (await call('GET', '/api/recording/my-recordings', w2.gran)).json();
    expect(mine.find((r: Json) => r.id === kept.id)).toMatchObject({ kids: [], kid_name: '' });

    const admin = await ctx.newAdmin();
    expect((await call('DELETE', `/api/admin/books/${w2.book.id}`, admin)).statusCode).toBe(200);
    const orphan = (await call('GET', `/api/recording/${kept.id}`, w2.gran)).json().recording;
    expect(orphan).toMatchObject({ book: null, book_id: null, book_title: null, book_author: null, pdf_url: null, processing_status: 'ready' });
  });
});

describe('lists', () => {
  it('answers my-recordings, a kid’s recordings, a reader’s recordings and the family lists with real values', async () => {
    const w = await world();
    const first = await record(w, { kids: [w.mia] });
    ctx.clock.advance(60_000);
    const second = await record(w, { kids: [w.mia, w.leo] });
    // One still processing: only its owner sees it.
    ctx.clock.advance(60_000);
    const busy = await record(w, { kids: [w.mia] });
    await ctx.db.update(recordingsTable).set({ status: 'processing' }).where(eq(recordingsTable.id, busy.id));
    // Another reader of the family records too.
    const grandpa = await ctx.newUser({ role: 'grandparent', first_name: 'Grandpa' });
    await ctx.join(grandpa, w.family);
    const his = await record(w, { who: grandpa, kids: [w.leo] });
    const ids = (list: Json[]) => list.map((r) => r.id);

    const mine = await call('GET', '/api/recording/my-recordings', w.gran);
    expect(Array.isArray(mine.json())).toBe(true);
    expect(ids(mine.json())).toEqual([busy.id, second.id, first.id]);
    expect((await call('GET', '/api/recording/my-recordings', w.parent)).json()).toEqual([]);

    const kid = await call('GET', `/api/recording/kid/${w.mia.id}`, w.parent);
    expect(kid.json().kid).toEqual({ id: w.mia.id, first_name: 'Mia', name: 'Mia', age: 4, family_id: w.family.id, family_name: 'The Robinsons' });
    expect(ids(kid.json().recordings)).toEqual([second.id, first.id]);
    expect(ids((await call('GET', `/api/recording/kid/${w.mia.id}`, w.gran)).json().recordings)).toEqual([busy.id, second.id, first.id]);
    const outsiderKid = await call('GET', `/api/recording/kid/${w.mia.id}`, w.outsider);
    expect(outsiderKid.statusCode).toBe(404);
    expect(outsiderKid.json().error).toBe(RECORDING_TEXTS.kidNotFound);

    expect(ids((await call('GET', `/api/recording/kid_fromGparent/${w.leo.id}`, w.gran)).json().recordings)).toEqual([second.id]);
    expect(ids((await call('GET', `/api/recording/kid_fromGparent/${w.leo.id}`, grandpa)).json().recordings)).toEqual([his.id]);
    expect((await call('GET', `/api/recording/kid_fromGparent/${w.leo.id}`, w.outsiderReader)).statusCode).toBe(404);

    expect(ids((await call('GET', `/api/reader/${w.gran.id}/recordings`, w.gran)).json().recordings)).toEqual([busy.id, second.id, first.id]);
    expect(ids((await call('GET', `/api/reader/${w.gran.id}/recordings`, w.parent)).json().recordings)).toEqual([second.id, first.id]);
    expect((await call('GET', `/api/reader/${w.gran.id}/recordings`, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/reader/${w.gran.id}/recordings`, w.outsiderReader)).statusCode).toBe(404);

    const all = (await call('GET', `/api/family/${w.family.id}/all-recordings`, w.parent)).json().recordings;
    expect(ids(all)).toEqual([his.id, second.id, first.id]);
    expect(recordingSchema.array().safeParse(all).success).toBe(true);
    expect(ids((await call('GET', `/api/family/${w.family.id}/recent-recordings`, w.gran)).json().recordings)).toEqual([his.id, second.id, first.id]);
    expect((await call('GET', `/api/family/${w.family.id}/all-ai-recordings`, w.parent)).json()).toEqual({ recordings: [] });
    expect((await call('GET', `/api/family/${w.family.id}/all-recordings`, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/family/${w.other.id}/all-recordings`, w.outsider)).json()).toEqual({ recordings: [] });
  });

  it('holds the ten most recent in recent-recordings', async () => {
    const w = await world();
    // Stored straight through the repository: the lists are what is tested here, not processing.
    const repo = createRecordingsRepository(ctx.db);
    const made: string[] = [];
    for (let i = 0; i < 11; i++) {
      const id = crypto.randomUUID();
      await repo.insert(
        {
          id,
          readerId: w.gran.id,
          bookId: w.book.id,
          recordingType: 'audio_only',
          mediaKey: `recordings/${id}/audio.m4a`,
          mime: 'audio/mp4',
          sizeBytes: 1,
          status: 'ready',
          createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
        },
        [w.mia.id],
        w.gran.id,
      );
      made.push(id);
    }
    const recent = (await call('GET', `/api/family/${w.family.id}/recent-recordings`, w.parent)).json().recordings;
    expect(recent.map((r: Json) => r.id)).toEqual(made.slice(1).reverse());
    expect((await call('GET', `/api/family/${w.family.id}/all-recordings`, w.parent)).json().recordings).toHaveLength(11);
  });

  it('fills reader stats and kid story counts from ready recordings', async () => {
    const w = await world();
    const readerStats = async () => (await call('GET', `/api/family/${w.family.id}/reader/${w.gran.id}/stats`, w.parent)).json();
    expect(await readerStats()).toEqual({ stories_recorded: 0, times_watched: 0, last_recorded: null, reads_to: [] });
    await record(w, { kids: [w.mia] });
    ctx.clock.advance(5000);
    const latest = await record(w, { kids: [w.mia, w.leo] });
    const busy = await record(w, { kids: [w.leo] });
    await ctx.db.update(recordingsTable).set({ status: 'processing' }).where(eq(recordingsTable.id, busy.id));
    // A later recording for another family's kid is that family's: neither counted, dated nor named here.
    const other = await ctx.newFamily(undefined, 'Second Family');
    const ann = await ctx.newKid(other, 'Ann', 3);
    await ctx.join(w.gran, other);
    ctx.clock.advance(5000);
    await record(w, { kids: [ann] });

    // Two ready ones for this family's kids (the busy one is not ready yet); the newest was made with `latest`.
    expect(await readerStats()).toEqual({ stories_recorded: 2, times_watched: 0, last_recorded: latest.created_at, reads_to: ['Leo', 'Mia'] });
    const readers = (await call('GET', `/api/family/${w.family.id}/readers`, w.parent)).json().readers;
    expect(readers.find((r: Json) => r.id === w.gran.id)).toMatchObject({ storiesRecorded: 2, readsTo: ['Leo', 'Mia'] });
    const kids = (await call('GET', `/api/family/${w.family.id}`, w.parent)).json().family.kids;
    expect(Object.fromEntries(kids.map((k: Json) => [k.first_name, k.stories]))).toEqual({ Mia: 2, Leo: 1 });
  });

  it('lists the books a reader has not recorded yet, regular and premium, paged like the library', async () => {
    const w = await world();
    const tag = `Unrec-${randomBytes(3).toString('hex')}`;
    const a = await ctx.newBook({ title: `${tag} A` });
    const b = await ctx.newBook({ title: `${tag} B` });
    const p = await ctx.newBook({ title: `${tag} P`, is_premium: 'true', token_cost: '2' });
    await record(w, { fields: { book_id: a.id } });
    const titles = async (who: Who, kind = 'unrecorded-books', reader = w.gran.id) => {
      const res = await call('GET', `/api/reader/${reader}/${kind}?q=${tag}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const regular = await titles(w.gran);
    expect(regular.books.map((x: Json) => x.id)).toEqual([b.id]);
    expect(regular.pagination).toEqual({ page: 1, per_page: 15, total_pages: 1, total_books: 1, has_next: false, has_prev: false });
    // The parent asking the reader for a story sees the same.
    expect((await titles(w.parent)).books.map((x: Json) => x.id)).toEqual([b.id]);
    expect((await titles(w.parent, 'premium-unrecorded-books')).books.map((x: Json) => x.id)).toEqual([p.id]);
    // A free reader records a premium book when a family asked for it (a gold parent's premium request).
    const { url } = (await call('POST', '/api/stripe/create-checkout-session', w.parent, { plan_type: 'gold' })).json();
    expect((await call('POST', `/api/billing/local/checkout/${url.split('/').pop()}/complete`, w.parent)).statusCode).toBe(200);
    const asked = await call('POST', '/api/queue/request-story', w.parent, {
      book_id: p.id,
      kid_id: w.mia.id,
      reader_id: w.gran.id,
      type: 'requested',
      is_premium: true,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await record(w, { fields: { book_id: p.id } });
    expect((await titles(w.gran, 'premium-unrecorded-books')).books).toEqual([]);
    for (const kind of ['unrecorded-books', 'premium-unrecorded-books', 'recordings']) {
      expect((await call('GET', `/api/reader/${w.gran.id}/${kind}`, w.outsider)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/reader/${w.gran.id}/unrecorded-books?per_page=500`, w.gran)).statusCode).toBe(400);
  });
});

describe('assigning', () => {
  it('follows the assignment rules', async () => {
    const w = await world();
    const rec = await record(w, { kids: [w.mia] });
    const assign = (who: Who, kids: { id: string }[], id = rec.id) => call('POST', `/api/recording/${id}/assign`, who, { kid_ids: kids.map((k) => k.id) });

    // The owner assigns to another kid of the family.
    const toLeo = await assign(w.gran, [w.leo]);
    expect(toLeo.statusCode, toLeo.body).toBe(200);
    expect(toLeo.json()).toMatchObject({ share_tokens_used: 0, share_tokens_remaining: 0, assigned_kid_ids: [w.leo.id], already_assigned_kid_ids: [] });
    expect(toLeo.json().recording.kids.map((k: Json) => k.name)).toEqual(['Leo', 'Mia']);
    // Already assigned: skipped, or refused when nothing is new.
    const again = await assign(w.gran, [w.leo, w.mia]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(RECORDING_SERVER_MESSAGES.alreadyAssigned);
    // The owner reaches kids of any family they read for.
    const second = await ctx.newFamily(undefined, 'Second');
    const sam = await ctx.newKid(second, 'Sam', 7);
    await ctx.join(w.gran, second);
    const mixed = await assign(w.gran, [w.mia, sam]);
    expect(mixed.json()).toMatchObject({ assigned_kid_ids: [sam.id], already_assigned_kid_ids: [w.mia.id] });
    // …but not a kid of a family they do not belong to.
    const foreign = await assign(w.gran, [w.zed]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(RECORDING_TEXTS.kidNotFound);

    // A parent of the family gives it to another of their kids, at no cost.
    const ivy = await ctx.newKid(w.family, 'Ivy', 2);
    const byParent = await assign(w.parent, [ivy]);
    expect(byParent.statusCode, byParent.body).toBe(200);
    expect(byParent.json()).toMatchObject({ share_tokens_used: 0, assigned_kid_ids: [ivy.id] });
    // The parent sees only their own family's kids on it.
    expect(byParent.json().recording.kids.map((k: Json) => k.name)).toEqual(['Ivy', 'Leo', 'Mia']);
    // A parent cannot carry it into another family of theirs.
    const ownOther = await ctx.newFamily(w.parent, 'Parent Second');
    const otto = await ctx.newKid(ownOther, 'Otto', 3);
    const carried = await assign(w.parent, [otto]);
    expect(carried.statusCode).toBe(403);
    expect(carried.json().error).toBe(RECORDING_SERVER_MESSAGES.parentAssignsOwnFamily);
    // Another reader of the family is not its owner.
    const grandpa = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(grandpa, w.family);
    const otherReader = await assign(grandpa, [w.leo]);
    expect(otherReader.statusCode).toBe(403);
    expect(otherReader.json().error).toBe(RECORDING_SERVER_MESSAGES.onlyOwnerOrParentAssigns);
    // Outsiders learn nothing.
    expect((await assign(w.outsider, [w.zed])).statusCode).toBe(404);

    // Input and state.
    const none = await call('POST', `/api/recording/${rec.id}/assign`, w.gran, { kid_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(VALIDATION.selectAtLeastOneChild);
    expect((await assign(w.gran, [{ id: crypto.randomUUID() }])).statusCode).toBe(404);
    await ctx.db.update(recordingsTable).set({ status: 'processing' }).where(eq(recordingsTable.id, rec.id));
    const notReady = await assign(w.gran, [await ctx.newKid(w.family, 'Late', 1)]);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().error).toBe(RECORDING_SERVER_MESSAGES.notReady);
    await ctx.db.update(recordingsTable).set({ status: 'ready' }).where(eq(recordingsTable.id, rec.id));
    expect((await call('POST', `/api/recording/${rec.id}/assign`, undefined, { kid_ids: [w.leo.id] })).statusCode).toBe(401);
    expect((await call('GET', '/api/recording/my-recordings', undefined)).json().error).toBe(SERVER_MESSAGES.notSignedIn);
  });
});

describe('without ffmpeg', () => {
  it('keeps the original and marks it ready with the recorder’s duration', async () => {
    const bare = await createTestContext({ media: null });
    try {
      const family = await bare.newFamily();
      const kid = await bare.newKid(family, 'Mia');
      const gran = await bare.newUser({ role: 'grandparent' });
      await bare.join(gran, family);
      const book = await bare.newBook();
      const body = form([
        ...fieldParts({ book_id: book.id, recording_type: 'webcam_only', duration_seconds: '42', kid_ids: JSON.stringify([kid.id]) }),
        filePart(makeMedia('webm')),
      ]);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/recording/upload',
        payload: body.payload,
        headers: { ...body.headers, cookie: gran.cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      const row = await bare.waitForRecording(res.json().recording.id);
      expect(row).toMatchObject({ status: 'ready', durationSeconds: 42, mime: 'video/webm', posterKey: null });
      const rec = (await bare.app.inject({ method: 'GET', url: `/api/recording/${row.id}`, headers: { cookie: gran.cookie } })).json().recording;
      expect(rec).toMatchObject({ processing_status: 'ready', duration_seconds: 42, poster_url: null });
      expect(rec.video_url).toMatch(/\/original\.webm\?/);
      const served = await bare.app.inject({ method: 'GET', url: rec.video_url });
      expect(served.headers['content-type']).toBe('video/webm');
      expect(Buffer.compare(served.rawPayload, makeMedia('webm'))).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
