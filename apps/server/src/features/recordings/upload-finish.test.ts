import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_SERVER_MESSAGES } from '@fst/shared/messages';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';

// Issue 23.9: the last call of a resumable upload hands the file over without copying it, and is safe to repeat.
const BIG = 50 * 1024 * 1024;

let ctx: TestContext;
beforeAll(async () => {
  // Without ffmpeg the original stays the recording's file, so the test can look at it after processing.
  ctx = await createTestContext({ media: null, env: { UPLOAD_MAX_BYTES: String(64 * 1024 * 1024) } });
});
afterAll(() => ctx?.close());

type Who = { cookie: string };
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function world() {
  const family = await ctx.newFamily();
  const kid = await ctx.newKid(family, 'Mia');
  const gran = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(gran, family);
  const otherGran = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(otherGran, family);
  const book = await ctx.newBook();
  return { family, kid, gran, otherGran, book };
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

const finish = (who: Who, w: Awaited<ReturnType<typeof world>>, uploadId: string, headers: Record<string, string> = {}) => {
  const body = multipartBody({
    book_id: w.book.id,
    recording_type: 'webcam_only',
    duration_seconds: '3',
    kid_ids: JSON.stringify([w.kid.id]),
    upload_id: uploadId,
  });
  return ctx.app.inject({ method: 'POST', url: '/api/recording/upload', payload: body.payload, headers: { ...body.headers, cookie: who.cookie, ...headers } });
};
const myRecordings = async (who: Who) => (await ctx.app.inject({ method: 'GET', url: '/api/recording/my-recordings', headers: { cookie: who.cookie } })).json();

describe('the last call of a resumable upload (issue 23.9)', () => {
  it('hands a large upload to storage without copying it', async () => {
    const w = await world();
    const media = makeMedia('webm');
    const bytes = Buffer.concat([media, randomBytes(BIG - media.length)]);
    const uploadId = await uploaded(w.gran, bytes);
    const tusFile = path.join(ctx.dataDir, 'uploads', uploadId);
    const { ino } = await stat(tusFile);

    const res = await finish(w.gran, w, uploadId);
    expect(res.statusCode, res.body).toBe(201);
    const recording = res.json().recording;
    // The very file that was uploaded became the original (a link, the same inode): no byte was copied.
    const original = await stat(path.join(ctx.dataDir, 'media', 'recordings', recording.id, 'original.webm'));
    expect(original.ino).toBe(ino);
    expect(original.size).toBe(BIG);
  });

  it('answers the same recording when sent again, makes no second one, and refuses another account', async () => {
    const w = await world();
    const uploadId = await uploaded(w.gran, makeMedia('webm'));
    const first = await finish(w.gran, w, uploadId);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().recording.id;

    // Sent again as it is (the answer was lost), and again with an Idempotency-Key as the web app sends it.
    const again = await finish(w.gran, w, uploadId);
    expect(again.statusCode, again.body).toBeLessThan(300);
    expect(again.json().recording.id).toBe(id);
    const keyed = { 'idempotency-key': `upload-${uploadId}` };
    const third = await finish(w.gran, w, uploadId, keyed);
    expect(third.json().recording.id).toBe(id);
    const fourth = await finish(w.gran, w, uploadId, keyed);
    expect(fourth.json().recording.id).toBe(id);
    expect((await myRecordings(w.gran)).map((r: { id: string }) => r.id)).toEqual([id]);

    // Someone else sending that upload id learns nothing and makes nothing.
    const stolen = await finish(w.otherGran, w, uploadId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe(RECORDING_SERVER_MESSAGES.uploadNotFound);
    expect(await myRecordings(w.otherGran)).toEqual([]);
  });

  it('charges a premium reading once, however often its last call is sent', async () => {
    const w = await world();
    const premiumBook = await ctx.newBook({ title: 'Premium Once', is_premium: 'true', token_cost: '2' });
    const as = (who: Who) => (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
    const call = as(w.gran);
    // The reader and the kid's family both on Premium (premium stories go to Premium or Gold families).
    for (const who of [w.gran, w.family.admin]) {
      const { url } = (await as(who)('POST', '/api/stripe/create-checkout-session', { plan_type: 'premium' })).json();
      expect((await as(who)('POST', `/api/billing/local/checkout/${url.split('/').pop()}/complete`)).statusCode).toBe(200);
    }
    const balance = async () => (await call('GET', '/api/user/premium-status')).json().share_tokens_remaining as number;
    const before = await balance();

    const uploadId = await uploaded(w.gran, makeMedia('webm'));
    const premium = { ...w, book: premiumBook };
    const first = await finish(w.gran, premium, uploadId);
    expect(first.statusCode, first.body).toBe(201);
    const after = await balance();
    expect(after).toBeLessThan(before);
    for (let i = 0; i < 2; i++) expect((await finish(w.gran, premium, uploadId)).json().recording.id).toBe(first.json().recording.id);
    expect(await balance()).toBe(after);
  });
});
