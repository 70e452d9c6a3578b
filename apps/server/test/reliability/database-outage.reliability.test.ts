import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import {
  Cleanups,
  familyWithReader,
  logLines,
  postgresUrl,
  scratchDatabase,
  sleep,
  startProxy,
  tempDir,
  removeDir,
  until,
  uploadRecording,
  waitForRecording,
  webmLikeBytes,
} from './harness.ts';

// PostgreSQL goes away for a few seconds (the app reaches it through a TCP proxy the test cuts: open
// connections reset, new ones refused). Requests must fail fast with a clear 503, the process must live
// on, and everything must work again by itself once the database is back: no restart.

const cleanups = new Cleanups();
afterAll(() => cleanups.run());

describe.runIf(postgresUrl)('PostgreSQL unavailable for a few seconds', () => {
  it('answers 503 with the API error shape meanwhile, and recovers by itself', { timeout: 120_000 }, async () => {
    const db = await scratchDatabase();
    cleanups.add(() => db.drop());
    const target = new URL(db.url);
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.add(() => proxy.close());
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const dataDir = await tempDir();
    cleanups.add(() => removeDir(dataDir));
    const server = await cleanups.start({ dataDir, databaseUrl: viaProxy.toString(), noFfmpeg: true });
    const { parent, reader, family, kid, book } = await familyWithReader(server.url);

    proxy.cut();
    const outageEnds = Date.now() + 5000;
    const answers: { status: number; code?: string; error?: string; ms: number }[] = [];
    while (Date.now() < outageEnds) {
      for (const [method, url, body] of [
        ['GET', '/api/auth/me', undefined],
        ['GET', '/api/family/my-families', undefined],
        ['POST', `/api/family/${family.id}/kids`, { first_name: 'Leo', age: 3 }],
      ] as const) {
        const started = Date.now();
        const res = await parent.call(method, url, body);
        answers.push({ status: res.status, code: res.json.code, error: res.json.error, ms: Date.now() - started });
      }
      await sleep(250);
    }
    expect(answers.length).toBeGreaterThan(6);
    // Every failure was recognised as the database being away (none fell through to a generic 500).
    expect(logLines(server, 'unhandled error').map((l) => l.err)).toEqual([]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, code: 'unavailable', error: SERVER_MESSAGES.unavailable });
      // Refused connections are reported at once, not after a long hang.
      expect(answer.ms).toBeLessThan(6000);
    }
    expect(server.exited()).toBe(false);

    proxy.restore();
    const back = Date.now();
    await until(async () => (await parent.call('GET', '/api/auth/me')).status === 200, 'requests to succeed again', 20_000, 100);
    const recoveredMs = Date.now() - back;
    console.log(
      `outage: ${answers.length} answers in 5 s, all 503 (slowest ${Math.max(...answers.map((a) => a.ms))} ms); first success ${recoveredMs} ms after the database was back`,
    );
    // Nothing was half-written during the outage, and writes work again.
    expect((await parent.ok('GET', `/api/family/${family.id}`)).family.kids).toHaveLength(1);
    await parent.ok('POST', `/api/family/${family.id}/kids`, { first_name: 'Leo', age: 3 });
    expect((await parent.ok('GET', `/api/family/${family.id}`)).family.kids).toHaveLength(2);
    // The job queue lived through it too: a new recording is processed.
    const recording = await uploadRecording(
      reader,
      { book_id: book.id, kid_ids: [kid.id] },
      { content: webmLikeBytes(64 * 1024), type: 'video/webm', filename: 'reading.webm' },
    );
    expect((await waitForRecording(reader, recording.id, 30_000)).processing_status).toBe('ready');
  });
});
