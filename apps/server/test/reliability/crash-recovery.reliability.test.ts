import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@fst/shared/billing/billing.schema';
import {
  Cleanups,
  databaseKinds,
  familyWithReader,
  prepareData,
  sha256,
  signUp,
  startProxy,
  tusCreate,
  tusOffset,
  tusPatch,
  until,
  uploadRecording,
  waitForRecording,
  webmLikeBytes,
} from './harness.ts';

// SIGKILL the server in the middle of what must never be lost or doubled (issue 9): an upload and a token
// purchase (the processing job: job-crash.reliability.test.ts). Then start it again on the same data and
// look. Embedded mode (PGlite in DATA_DIR) always; PostgreSQL too when TEST_DATABASE_URL is set.

const cleanups = new Cleanups();
afterEach(() => cleanups.run());

describe.each(databaseKinds)('killed and restarted ($kind)', ({ kind }) => {
  it('resumes a tus upload cut by the crash to identical bytes, and makes one recording of it', async () => {
    const env = await prepareData(kind, cleanups);
    let server = await cleanups.start(env.options({ noFfmpeg: true }));
    const { reader, parent, kid, book } = await familyWithReader(server.url);

    const data = webmLikeBytes(24 * 1024 * 1024);
    const uploadId = await tusCreate(reader, data.length);
    const partFile = path.join(env.dataDir, 'uploads', uploadId);
    // The client sends 8 MiB of its PATCH and stalls; once the server has stored some of it, the server dies.
    const stalled = tusPatch(reader, uploadId, 0, data, { stopAfter: 8 * 1024 * 1024 }).then(
      () => 'finished',
      () => 'cut',
    );
    await until(async () => ((await stat(partFile).catch(() => null))?.size ?? 0) >= 1024 * 1024, 'part of the upload on disk', 30_000, 20);
    await server.crash();
    expect(await stalled).toBe('cut');

    server = await cleanups.start(env.options({ noFfmpeg: true, port: server.port }));
    const offset = await tusOffset(reader, uploadId);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(8 * 1024 * 1024);
    console.log(`${kind} upload: cut after ${(offset / 1024 ** 2).toFixed(1)} MiB of ${data.length / 1024 ** 2} MiB stored; resumed from there`);
    const resumed = await tusPatch(reader, uploadId, offset, data.subarray(offset));
    expect(resumed).toEqual({ status: 204, offset: data.length });

    const recording = await uploadRecording(reader, { book_id: book.id, kid_ids: [kid.id], upload_id: uploadId });
    const ready = await waitForRecording(reader, recording.id);
    expect(ready.processing_status).toBe('ready');
    const { url } = await reader.ok('GET', `/api/recording/${recording.id}/view-url`);
    const played = await reader.bytes(url);
    expect(played.length).toBe(data.length);
    expect(sha256(played)).toBe(sha256(data));

    // One recording, for the reader and for the kid's parent; the finished upload is gone.
    expect(await reader.ok('GET', '/api/recording/my-recordings')).toHaveLength(1);
    expect((await parent.ok('GET', `/api/recording/kid/${kid.id}`)).recordings.map((r: { id: string }) => r.id)).toEqual([recording.id]);
    expect((await reader.call('HEAD', `/api/uploads/${uploadId}`, undefined, { 'tus-resumable': '1.0.0' })).status).toBe(404);

    await server.stop();
    expect(await env.query('SELECT count(*)::int AS n FROM recordings')).toEqual([{ n: 1 }]);
    expect(await env.query('SELECT count(*)::int AS n FROM recording_kids')).toEqual([{ n: 1 }]);
  });

  it('credits a token purchase once, whether the crash came before its confirmation or right after it', async () => {
    const env = await prepareData(kind, cleanups);
    let server = await cleanups.start(env.options({ noFfmpeg: true }));
    const buyer = await signUp(server.url, 'parent');
    const balance = async () => (await buyer.ok('GET', '/api/user/premium-status')).story_tokens_remaining as number;
    const before = await balance();

    // 1. Killed between the purchase's creation and its confirmation.
    const first = await buyer.ok('POST', '/api/stripe/purchase-story-tokens', { package: '5_tokens' });
    await server.crash();
    server = await cleanups.start(env.options({ noFfmpeg: true, port: server.port }));
    const confirm = (secret: string) => buyer.call('POST', `/api/billing/local/payments/${secret}/confirm`, { card_number: TEST_CARDS.success });
    expect((await confirm(first.client_secret)).json).toMatchObject({ status: 'succeeded', tokens: 5 });
    expect(await balance()).toBe(before + 5);
    // The browser retries: nothing more.
    expect((await confirm(first.client_secret)).status).toBe(200);
    expect(await balance()).toBe(before + 5);

    // 2. Killed after the confirmation was done, before its answer reached the buyer.
    const second = await buyer.ok('POST', '/api/stripe/purchase-story-tokens', { package: '12_tokens' });
    const proxy = await startProxy({ host: '127.0.0.1', port: server.port });
    cleanups.add(() => proxy.close());
    const dying = server;
    dying.expectExit();
    proxy.swallowNextAnswer(() => process.kill(-dying.pid, 'SIGKILL'));
    const lost = await buyer
      .at(`http://127.0.0.1:${proxy.port}`)
      .call('POST', `/api/billing/local/payments/${second.client_secret}/confirm`, { card_number: TEST_CARDS.success })
      .then(
        () => 'answered',
        () => 'no answer',
      );
    expect(lost).toBe('no answer');
    await until(() => dying.exited(), 'the server to die', 10_000, 20);

    server = await cleanups.start(env.options({ noFfmpeg: true, port: server.port }));
    expect(await balance()).toBe(before + 5 + 12);
    // The buyer, who saw no answer, confirms again: told it succeeded, credited nothing more.
    expect((await confirm(second.client_secret)).json).toMatchObject({ status: 'succeeded', tokens: 12 });
    expect(await balance()).toBe(before + 5 + 12);

    await server.stop();
    const entries = await env.query(`SELECT ref, delta FROM token_ledger WHERE ref LIKE 'purchase:%' ORDER BY delta`);
    expect(entries).toEqual([
      { ref: `purchase:${first.payment_id}`, delta: 5 },
      { ref: `purchase:${second.payment_id}`, delta: 12 },
    ]);
  });
});
