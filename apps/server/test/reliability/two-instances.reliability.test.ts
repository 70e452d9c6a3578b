import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeMedia } from '../media.ts';
import {
  Cleanups,
  familyWithReader,
  logLines,
  postgresUrl,
  scratchDatabase,
  sha256,
  startS3,
  tempDir,
  removeDir,
  tusCreate,
  tusOffset,
  tusPatch,
  until,
  uploadRecording,
  waitForRecording,
  type ServerProcess,
} from './harness.ts';

// The scaled mode (architecture.md): two app instances on one PostgreSQL and one S3-compatible bucket
// (s3rver), each with its own disk. Sessions, jobs and media are shared; resumable (tus) uploads in
// progress live on the disk of the instance that took them, so `/api/uploads/*` is routed stickily.

const cleanups = new Cleanups();
let a: ServerProcess;
let b: ServerProcess;
let dataDirA: string;
let dataDirB: string;

describe.runIf(postgresUrl)('two app instances on one PostgreSQL and one bucket', () => {
  beforeAll(async () => {
    const db = await scratchDatabase();
    cleanups.add(() => db.drop());
    const s3 = await startS3();
    cleanups.add(() => s3.close());
    dataDirA = await tempDir();
    dataDirB = await tempDir();
    cleanups.add(() => removeDir(dataDirA));
    cleanups.add(() => removeDir(dataDirB));
    // Started together: migrations and the starter catalogue must cope with a twin starting alongside.
    const started = performance.now();
    [a, b] = await Promise.all([
      cleanups.start({ dataDir: dataDirA, databaseUrl: db.url, env: s3.env }),
      cleanups.start({ dataDir: dataDirB, databaseUrl: db.url, env: s3.env }),
    ]);
    console.log(`two instances up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Both render and store the starter books on a cold machine, next to another reliability file: allow
    // more than one server's startup time (STARTUP_MS).
  }, 300_000);
  afterAll(() => cleanups.run());

  it('takes a session made on one instance on the other, and ends it everywhere', async () => {
    const { parent } = await familyWithReader(a.url);
    const onB = parent.at(b.url);
    expect((await onB.ok('GET', '/api/auth/me')).user.id).toBe(parent.user.id);
    expect((await onB.ok('GET', '/api/family/my-families')).families).toHaveLength(1);
    await onB.ok('POST', '/api/auth/logout');
    expect((await parent.call('GET', '/api/auth/me')).status).toBe(401);
  });

  it('serves the starter books stored by either instance from the bucket', async () => {
    const reader = (await familyWithReader(b.url)).reader;
    const [book] = (await reader.ok('GET', '/api/books?per_page=1')).books as { id: string; pdf_url: string }[];
    expect(book!.pdf_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fst-media\//);
    const pdf = await reader.bytes(book!.pdf_url);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has a job sent by one instance done by whichever is free, and plays it through the other', { timeout: 240_000 }, async () => {
    const { reader, parent, kid, book } = await familyWithReader(a.url);
    const reading = (content: Buffer) => ({ content, type: 'video/webm', filename: 'reading.webm' });
    const started = async (dir: string) => await readdir(path.join(dir, 'work')).catch(() => [] as string[]);
    // Long readings (4 minutes: still the short queue) sent through A until every one of A's workers is busy with one (B may take some too:
    // it keeps at least one worker free, as it has two).
    const longs: string[] = [];
    const busyOn = async (dir: string) => (await started(dir)).filter((d) => longs.some((id) => d.startsWith(id))).length;
    while ((await busyOn(dataDirA)) < 2) {
      expect(longs.length, 'long readings sent before A was full').toBeLessThan(4);
      const long = await uploadRecording(reader, { book_id: book.id, kid_ids: [kid.id] }, reading(makeMedia('webm', 240)));
      longs.push(long.id);
      await until(
        async () => (await started(dataDirA)).concat(await started(dataDirB)).some((d) => d.startsWith(long.id)),
        'an instance to start the long job',
        30_000,
        20,
      );
    }
    expect(await busyOn(dataDirB), 'long jobs B took').toBeLessThan(2);
    const longOnA = (await started(dataDirA)).map((d) => longs.find((id) => d.startsWith(id))).find(Boolean)!;
    // The next reading, also sent by A, is taken by B's idle worker. A is frozen meanwhile (well within its
    // lease), so that it cannot finish a long job and take the short one itself.
    const short = await uploadRecording(reader, { book_id: book.id, kid_ids: [kid.id] }, reading(makeMedia('webm', 2)));
    a.freeze();
    try {
      expect((await waitForRecording(reader.at(b.url), short.id, 30_000)).processing_status).toBe('ready');
    } finally {
      a.thaw();
    }
    for (const id of longs) expect((await waitForRecording(reader, id)).processing_status).toBe('ready');
    const long = { id: longOnA };

    const processedBy = (s: ServerProcess) => logLines(s, 'recording processed').map((l) => l.recordingId);
    // A recording turns ready just before its instance logs it, and the log comes through a pipe: wait for
    // both lines to arrive (from whichever instance) before asking who did what.
    await until(
      () => [...processedBy(a), ...processedBy(b)].includes(long.id) && [...processedBy(a), ...processedBy(b)].includes(short.id),
      'both jobs to be logged',
      10_000,
    );
    expect(processedBy(a)).toContain(long.id);
    expect(processedBy(b)).toContain(short.id);
    // Each job done once, by one instance.
    expect([...processedBy(a), ...processedBy(b)].filter((id) => id === long.id || id === short.id).sort()).toEqual([long.id, short.id].sort());

    // Uploaded through A, played through B: a presigned bucket link, the same bytes A's link gives.
    const viaB = await parent.at(b.url).ok('GET', `/api/recording/${short.id}/view-url`);
    expect(viaB.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fst-media\/recordings\//);
    const bytesB = await parent.bytes(viaB.url);
    const bytesA = await parent.bytes((await parent.ok('GET', `/api/recording/${short.id}/view-url`)).url);
    expect(bytesB.subarray(4, 8).toString()).toBe('ftyp');
    expect(sha256(bytesB)).toBe(sha256(bytesA));
  });

  it.runIf(hasFfmpeg)('finishes a resumable upload on the instance that holds it (sticky routing), and plays it anywhere', async () => {
    const { reader, parent, kid, book } = await familyWithReader(b.url);
    const data = makeMedia('webm', 2);
    const uploadId = await tusCreate(reader.at(a.url), data.length);
    expect(await tusPatch(reader.at(a.url), uploadId, 0, data)).toEqual({ status: 204, offset: data.length });
    // The upload is on A's disk: B does not know it (architecture.md: route /api/uploads/* stickily).
    await expect(tusOffset(reader.at(b.url), uploadId)).rejects.toThrow(/404/);
    const recording = await uploadRecording(reader.at(a.url), { book_id: book.id, kid_ids: [kid.id], upload_id: uploadId });
    expect((await waitForRecording(parent.at(b.url), recording.id)).processing_status).toBe('ready');
    const played = await parent.bytes((await parent.at(b.url).ok('GET', `/api/recording/${recording.id}/view-url`)).url);
    expect(played.subarray(4, 8).toString()).toBe('ftyp');
  });
});
