import { createHash, randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, testClock, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { startProxy, startS3 } from '../../../test/reliability/harness.ts';
import { createS3Client, createS3Storage } from '../../platform/storage/s3-storage.ts';

// Issue 23.9 on the bucket (STORAGE=s3, a local s3rver): the last call of a resumable upload answers without
// copying the file in the request, the copy follows, and the same call sent again answers the same recording.
const BIG = 40 * 1024 * 1024;

let s3: Awaited<ReturnType<typeof startS3>>;
// The app reaches the bucket through a proxy the test can cut, as if the bucket went away.
let proxy: Awaited<ReturnType<typeof startProxy>>;
let ctx: TestContext;
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
beforeAll(async () => {
  s3 = await startS3();
  // The S3 client takes its credentials from the usual variables (s3rver's own).
  process.env.AWS_ACCESS_KEY_ID = s3.env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = s3.env.AWS_SECRET_ACCESS_KEY;
  proxy = await startProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
  // Without ffmpeg the original is what plays: the bytes served are the bytes sent. The sweep that takes up
  // unfinished hand-overs runs every second.
  ctx = await createTestContext({
    env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, UPLOAD_MAX_BYTES: String(64 * 1024 * 1024) },
    media: null,
    lostJobsSweepMs: 1000,
  });
});
afterAll(async () => {
  await ctx?.close();
  await proxy?.close();
  await s3?.close();
  process.env.AWS_ACCESS_KEY_ID = savedEnv.id;
  process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret;
});

type Who = { cookie: string };
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
const bucket = () =>
  createS3Storage({ client: createS3Client({ bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true }), bucket: s3.bucket, clock: testClock() });

async function world() {
  const family = await ctx.newFamily();
  const kid = await ctx.newKid(family, 'Mia');
  const gran = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(gran, family);
  const book = await ctx.newBook();
  return { kid, gran, book };
}

/** A finished tus upload of `bytes` by `who`; answers its id. */
async function uploaded(who: Who, bytes: Buffer) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      cookie: who.cookie,
      'upload-length': String(bytes.length),
      'upload-metadata': `filetype ${b64('video/webm')},filename ${b64('r.webm')}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const sent = await ctx.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, cookie: who.cookie, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(204);
  return location.split('/').pop()!;
}

const finish = (w: Awaited<ReturnType<typeof world>>, uploadId: string, headers: Record<string, string> = {}) => {
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
    headers: { ...body.headers, cookie: w.gran.cookie, ...headers },
  });
};

async function readyRecording(who: Who, id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { recording } = (await ctx.app.inject({ method: 'GET', url: `/api/recording/${id}`, headers: { cookie: who.cookie } })).json();
    if (recording.processing_status !== 'processing') return recording;
    if (Date.now() > deadline) throw new Error(`recording ${id} still processing`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('the last call of a resumable upload on the bucket (issue 23.9)', () => {
  it('answers without waiting for the copy into the bucket, and the recording plays the bytes sent', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const bytes = Buffer.concat([media, randomBytes(BIG - media.length)]);
    const uploadId = await uploaded(w.gran, bytes);
    const tusFile = path.join(ctx.dataDir, 'uploads', uploadId);

    // The bucket out of reach: a call that copied in the request could not answer 201; the copy follows it.
    proxy.cut();
    const res = await finish(w, uploadId);
    proxy.restore();
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().recording.id;

    const recording = await readyRecording(w.gran, id);
    expect(recording.processing_status).toBe('ready');
    const served = Buffer.from(await (await fetch(recording.video_url)).arrayBuffer());
    expect(sha256(served)).toBe(sha256(bytes));
    // Handed over: the upload is gone from this instance's disk.
    expect(await exists(tusFile)).toBe(false);
  });

  it('answers the same recording when sent again, during the copy and after it, and makes one', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const uploadId = await uploaded(w.gran, Buffer.concat([media, randomBytes(8 * 1024 * 1024)]));
    const first = await finish(w, uploadId);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().recording.id;
    // At once (the copy most likely still running), and with the Idempotency-Key the web app sends.
    const again = await finish(w, uploadId);
    expect(again.statusCode, again.body).toBeLessThan(300);
    expect(again.json().recording.id).toBe(id);
    await readyRecording(w.gran, id);
    const keyed = await finish(w, uploadId, { 'idempotency-key': `upload-${uploadId}` });
    expect(keyed.json().recording.id).toBe(id);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/recording/my-recordings', headers: { cookie: w.gran.cookie } })).json();
    expect(mine.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('copies an upload whose copy failed (the bucket away) at the next sweep, and makes it playable once', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const bytes = Buffer.concat([media, randomBytes(2 * 1024 * 1024)]);
    const uploadId = await uploaded(w.gran, bytes);
    proxy.cut();
    const res = await finish(w, uploadId);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().recording.id;
    // Every try of the copy fails while the bucket is away (about 7 s); the upload stays on this disk.
    await new Promise((r) => setTimeout(r, 12_000));
    expect(await exists(path.join(ctx.dataDir, 'uploads', uploadId))).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recording/${id}`, headers: { cookie: w.gran.cookie } })).json().recording.processing_status).toBe(
      'processing',
    );

    proxy.restore();
    const recording = await readyRecording(w.gran, id);
    expect(recording.processing_status).toBe('ready');
    const served = Buffer.from(await (await fetch(recording.video_url)).arrayBuffer());
    expect(sha256(served)).toBe(sha256(bytes));
    expect(await exists(path.join(ctx.dataDir, 'uploads', uploadId))).toBe(false);
  }, 90_000);

  it('leaves nothing in the bucket of a recording deleted during its copy', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const uploadId = await uploaded(w.gran, Buffer.concat([media, randomBytes(24 * 1024 * 1024)]));
    const res = await finish(w, uploadId);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().recording.id;
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/recording/${id}`, headers: { cookie: w.gran.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The hand-over ends by removing the upload; by then its copy must be gone from the bucket too.
    const tusFile = path.join(ctx.dataDir, 'uploads', uploadId);
    for (const deadline = Date.now() + 30_000; (await exists(tusFile)) && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
    expect(await exists(tusFile)).toBe(false);
    expect(await bucket().stat(`recordings/${id}/original.webm`)).toBeNull();
  });
});
