import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_SERVER_MESSAGES, SERVER_MESSAGES } from '@fst/shared/messages';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { hasFfmpeg, makeMedia } from '../../../test/media.ts';
import { MAX_OPEN_UPLOADS, UPLOAD_EXPIRY_MS } from '../../platform/uploads/resumable-uploads.ts';

const MAX_BYTES = 2 * 1024 * 1024;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { UPLOAD_MAX_BYTES: String(MAX_BYTES) } });
});
afterAll(() => ctx?.close());

type Who = { cookie: string } | undefined;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadata = (type = 'video/webm') => `filetype ${b64(type)},filename ${b64('reading.webm')}`;

const tus = (method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE' | 'GET', url: string, who: Who, headers: Record<string, string> = {}, payload?: Buffer) =>
  ctx.app.inject({ method, url, headers: { ...TUS, ...headers, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) });
const create = (who: Who, size: number, type = 'video/webm') =>
  tus('POST', '/api/uploads', who, { 'upload-length': String(size), 'upload-metadata': metadata(type) });
const patch = (who: Who, url: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) =>
  tus('PATCH', url, who, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers }, bytes);

async function world() {
  const family = await ctx.newFamily();
  const kid = await ctx.newKid(family, 'Mia');
  const gran = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(gran, family);
  const otherGran = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(otherGran, family);
  const book = await ctx.newBook();
  return { family, parent: family.admin, kid, gran, otherGran, book };
}

const saveRecording = (who: Who, w: Awaited<ReturnType<typeof world>>, uploadId: string) => {
  const body = multipartBody({
    book_id: w.book.id,
    recording_type: 'webcam_only',
    duration_seconds: '3',
    kid_ids: JSON.stringify([w.kid.id]),
    upload_id: uploadId,
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/recording/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
};
const uploadsDir = () => path.join(ctx.dataDir, 'uploads');

describe('resumable uploads (tus 1.0)', () => {
  it('creates an upload, takes it in two chunks, tells the offset, and turns it into a recording', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const created = await create(w.gran, media.length);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    // Same origin only: no CORS grant.
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const uploadId = location.split('/').pop()!;

    const half = Math.floor(media.length / 2);
    const first = await patch(w.gran, location, 0, media.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    const head = await tus('HEAD', location, w.gran);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(media.length));

    // Not finished yet: it cannot become a recording.
    const early = await saveRecording(w.gran, w, uploadId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(RECORDING_SERVER_MESSAGES.uploadNotFinished);
    // A chunk at the wrong offset is refused (JSON, like every API error).
    const wrong = await patch(w.gran, location, 5, media.subarray(5, 10));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'conflict' });

    const second = await patch(w.gran, location, half, media.subarray(half));
    expect(second.statusCode).toBe(204);
    expect(second.headers['upload-offset']).toBe(String(media.length));
    expect(Buffer.compare(await readFile(path.join(uploadsDir(), uploadId)), media)).toBe(0);

    const saved = await saveRecording(w.gran, w, uploadId);
    expect(saved.statusCode, saved.body).toBe(201);
    const recording = saved.json().recording;
    expect(recording).toMatchObject({ processing_status: 'processing', kids: [expect.objectContaining({ id: w.kid.id })], duration_seconds: 3 });
    // The tus file moved into storage: nothing of it stays in the uploads folder.
    expect((await readdir(uploadsDir())).filter((f) => f.startsWith(uploadId))).toEqual([]);
    expect((await tus('HEAD', location, w.gran)).statusCode).toBe(404);
    const row = await ctx.waitForRecording(recording.id);
    expect(row.status).toBe('ready');
    if (hasFfmpeg) expect(row.durationSeconds).toBe(2);
    // Used once only: sent again, it answers the recording it made (issue 23.9).
    const again = await saveRecording(w.gran, w, uploadId);
    expect(again.json().recording.id).toBe(recording.id);
  });

  it('keeps each upload to its owner: others get 404 and cannot save it as theirs', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const location = (await create(w.gran, media.length)).headers.location as string;
    const uploadId = location.split('/').pop()!;
    await patch(w.gran, location, 0, media);
    for (const who of [w.otherGran, w.parent]) {
      expect((await tus('HEAD', location, who)).statusCode).toBe(404);
      const res = await patch(who, location, media.length, Buffer.from('x'));
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(RECORDING_SERVER_MESSAGES.uploadNotFound);
      expect((await tus('DELETE', location, who)).statusCode).toBe(404);
    }
    const stolen = await saveRecording(w.otherGran, w, uploadId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe(RECORDING_SERVER_MESSAGES.uploadNotFound);
    expect((await tus('HEAD', location, undefined)).statusCode).toBe(401);
    // Uploads are not downloadable, not even by their owner.
    expect((await tus('GET', location, w.gran)).statusCode).toBe(404);
    // Its owner may abandon it.
    expect((await tus('DELETE', location, w.gran)).statusCode).toBe(204);
    expect((await tus('HEAD', location, w.gran)).statusCode).toBe(404);
  });

  it('lets only signed-in readers create uploads, of media types, within the size limit', async () => {
    const w = await world();
    const parent = await create(w.parent, 1000);
    expect(parent.statusCode).toBe(403);
    expect(parent.json().error).toBe(RECORDING_SERVER_MESSAGES.onlyReaders);
    expect((await create(undefined, 1000)).statusCode).toBe(401);
    const pdf = await create(w.gran, 1000, 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().code).toBe('unsupported_media_type');
    const huge = await create(w.gran, MAX_BYTES + 1);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: RECORDING_SERVER_MESSAGES.tooLarge(2), code: 'payload_too_large' });
    expect((await tus('POST', '/api/uploads', w.gran, { 'upload-length': '10' })).statusCode).toBe(415);
    const noTus = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: w.gran.cookie, 'upload-length': '10', 'upload-metadata': metadata() },
    });
    expect(noTus.statusCode).toBe(412);
    // What is not media is refused when it is saved, and the upload is dropped.
    const fake = Buffer.from('%PDF-1.7 definitely not a video');
    const location = (await create(w.gran, fake.length)).headers.location as string;
    await patch(w.gran, location, 0, fake);
    const saved = await saveRecording(w.gran, w, location.split('/').pop()!);
    expect(saved.statusCode).toBe(415);
    expect(saved.json().error).toBe(RECORDING_SERVER_MESSAGES.notMedia);
    expect((await tus('HEAD', location, w.gran)).statusCode).toBe(404);
  });

  it("tells its capabilities to OPTIONS without a cookie (tus discovery, a CORS preflight), and nothing of anyone's upload", async () => {
    for (const url of ['/api/uploads', '/api/uploads/0123456789abcdef']) {
      const res = await ctx.app.inject({ method: 'OPTIONS', url, headers: { 'tus-resumable': '1.0.0' } });
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['tus-version']).toContain('1.0.0');
      expect(res.headers['tus-extension']).toContain('creation');
      expect(res.headers['tus-max-size']).toBe(String(MAX_BYTES));
      expect(res.headers['upload-offset']).toBeUndefined();
    }
  });

  it('lets only readers of a family open uploads, three at a time and within twice the largest recording (issue 27.7)', async () => {
    const w = await world();
    // A grandparent account with no family can record nothing: refused before a byte is stored.
    const loner = await ctx.newUser({ role: 'grandparent' });
    const refused = await create(loner, 1000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(RECORDING_SERVER_MESSAGES.readerOfNoFamily);
    const form = multipartBody({ book_id: w.book.id, recording_type: 'webcam_only', duration_seconds: '3', kid_ids: JSON.stringify([w.kid.id]) }, [
      { name: 'recording', filename: 'r.webm', type: 'video/webm', content: makeMedia('webm') },
    ]);
    const formRefused = await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/upload',
      payload: form.payload,
      headers: { ...form.headers, cookie: loner.cookie },
    });
    expect(formRefused.statusCode).toBe(403);
    expect(formRefused.json().error).toBe(RECORDING_SERVER_MESSAGES.readerOfNoFamily);

    // Bytes declared in flight: two of the largest size fill the account's share.
    const big = [await create(w.otherGran, MAX_BYTES), await create(w.otherGran, MAX_BYTES)];
    for (const res of big) expect(res.statusCode, res.body).toBe(201);
    const over = await create(w.otherGran, 1000);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited', error: RECORDING_SERVER_MESSAGES.tooManyUploads(MAX_OPEN_UPLOADS) });
    // Cancelling one frees its share.
    expect((await tus('DELETE', big[0]!.headers.location as string, w.otherGran)).statusCode).toBe(204);
    expect((await create(w.otherGran, 1000)).statusCode).toBe(201);

    // Open uploads: three at once, in parallel too.
    const parallel = await Promise.all(Array.from({ length: 6 }, () => create(w.gran, 1000)));
    expect(parallel.filter((r) => r.statusCode === 201)).toHaveLength(MAX_OPEN_UPLOADS);
    expect(parallel.filter((r) => r.statusCode === 429)).toHaveLength(6 - MAX_OPEN_UPLOADS);
    // Other readers are not held up by them.
    const third = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(third, w.family);
    expect((await create(third, 1000)).statusCode).toBe(201);
  });

  it('expires unfinished uploads in hours, and removes media writes cut off by a crash at start', async () => {
    expect(UPLOAD_EXPIRY_MS).toBeLessThanOrEqual(12 * 60 * 60 * 1000);
    const incoming = path.join(ctx.dataDir, 'media', '.incoming');
    await mkdir(incoming, { recursive: true });
    const stale = path.join(incoming, 'crashed.part');
    const fresh = path.join(incoming, 'writing.part');
    await writeFile(stale, 'half a reading');
    await writeFile(fresh, 'a reading arriving');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(stale, hourAgo, hourAgo);
    const restarted = await ctx.anotherInstance();
    try {
      await expect.poll(() => existsSync(stale)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('follows the same-origin rule of every state-changing call', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const location = (await create(w.gran, media.length)).headers.location as string;
    const crossSite = await patch(w.gran, location, 0, media, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe(SERVER_MESSAGES.crossSite);
    const sameOrigin = await patch(w.gran, location, 0, media, { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(204);
  });

  it('resumes after the connection drops and after a restart, keeping every byte', async () => {
    const w = await world();
    const media = Buffer.concat([makeMedia('webm'), randomBytes(300_000)]);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const created = await create(w.gran, media.length);
    const location = created.headers.location as string;
    const uploadId = location.split('/').pop()!;

    // Send a third of the body, then drop the connection.
    const third = Math.floor(media.length / 3);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: location,
        method: 'PATCH',
        headers: {
          ...TUS,
          cookie: w.gran.cookie,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(media.length),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(media.subarray(0, third), () => setTimeout(() => req.destroy(), 300));
    });
    // The server kept what arrived.
    let offset = 0;
    for (let i = 0; i < 50; i++) {
      offset = Number((await tus('HEAD', location, w.gran)).headers['upload-offset']);
      if (offset === third) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBe(third);

    // Another server process on the same data folder (a restart) takes the rest.
    const restarted = await ctx.anotherInstance();
    try {
      const head = await restarted.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie: w.gran.cookie } });
      expect(head.headers['upload-offset']).toBe(String(third));
      const rest = await restarted.inject({
        method: 'PATCH',
        url: location,
        headers: { ...TUS, cookie: w.gran.cookie, 'upload-offset': String(third), 'content-type': 'application/offset+octet-stream' },
        payload: media.subarray(third),
      });
      expect(rest.statusCode).toBe(204);
    } finally {
      await restarted.close();
    }
    expect(Buffer.compare(await readFile(path.join(uploadsDir(), uploadId)), media)).toBe(0);
  });
});
