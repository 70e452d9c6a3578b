import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_FILETYPE_KEY, RESUMABLE_UPLOAD_PATH } from '@fst/shared/recordings/recordings.rules';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';

// Issue 23: the official tus client (tus-js-client, the one the web app uses, here its Node build) sends half
// an upload, stops, and a new client resumes it from its address: the recording made of it has the bytes sent.
const SIZE = 6 * 1024 * 1024;
const CHUNK = 1024 * 1024;

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  // Without ffmpeg the original is what plays: the bytes served are the bytes sent.
  ctx = await createTestContext({ media: null });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** A tus-js-client upload of `bytes` with the reader's cookie; `uploadUrl` resumes a known upload. */
function tusUpload(bytes: Buffer, cookie: string, opts: { uploadUrl?: string; stopAfter?: number } = {}) {
  const offsets: number[] = [];
  let upload: Upload;
  const done = new Promise<'finished' | 'stopped'>((resolve, reject) => {
    upload = new Upload(bytes, {
      endpoint: `${base}${RESUMABLE_UPLOAD_PATH}`,
      uploadUrl: opts.uploadUrl ?? null,
      chunkSize: CHUNK,
      retryDelays: [],
      metadata: { [RESUMABLE_UPLOAD_FILETYPE_KEY]: 'video/webm', filename: 'reading.webm' },
      headers: { cookie, origin: base },
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH') offsets.push(Number(req.getHeader('Upload-Offset')));
      },
      onChunkComplete: (_size, accepted) => {
        // Stopped midway, as a closed laptop would.
        if (opts.stopAfter !== undefined && accepted >= opts.stopAfter) void upload.abort().then(() => resolve('stopped'));
      },
      onSuccess: () => resolve('finished'),
      onError: reject,
    });
    upload.start();
  });
  return { done, offsets, url: () => upload.url };
}

describe('tus-js-client against the resumable uploads', () => {
  it('resumes from a new client where the first stopped, and the recording has identical bytes', async () => {
    const family = await ctx.newFamily();
    const kid = await ctx.newKid(family, 'Mia');
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family);
    const book = await ctx.newBook();
    const media = makeMedia('webm');
    const bytes = Buffer.concat([media, randomBytes(SIZE - media.length)]);

    const first = tusUpload(bytes, gran.cookie, { stopAfter: SIZE / 2 });
    expect(await first.done).toBe('stopped');
    const url = first.url()!;
    expect(url).toMatch(/\/api\/uploads\/[0-9a-f]{32}$/);

    // Another client, knowing only the address: it asks the offset and sends the rest from there.
    const second = tusUpload(bytes, gran.cookie, { uploadUrl: url });
    expect(await second.done).toBe('finished');
    expect(second.offsets[0]).toBeGreaterThanOrEqual(SIZE / 2);

    const form = multipartBody({
      book_id: book.id,
      recording_type: 'webcam_only',
      duration_seconds: '2',
      kid_ids: JSON.stringify([kid.id]),
      upload_id: url.split('/').pop()!,
    });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/upload',
      payload: form.payload,
      headers: { ...form.headers, cookie: gran.cookie },
    });
    expect(made.statusCode, made.body).toBe(201);
    let recording;
    for (const deadline = Date.now() + 30_000; ;) {
      recording = (await ctx.app.inject({ method: 'GET', url: `/api/recording/${made.json().recording.id}`, headers: { cookie: gran.cookie } })).json()
        .recording;
      if (recording.processing_status !== 'processing' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(recording.processing_status).toBe('ready');
    const served = Buffer.from(await (await fetch(`${base}${recording.video_url}`)).arrayBuffer());
    expect(sha256(served)).toBe(sha256(bytes));
  });
});
