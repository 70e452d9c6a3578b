import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeMedia } from '../media.ts';
import { Cleanups, familyWithReader, logLines, postgresUrl, prepareData, until, uploadRecording, waitForRecording } from './harness.ts';

// SIGKILL the server while it transcodes a recording (the `recording.process` job), start it again, and
// check the job is done once: one ready recording, its files, one completed job. The job's lease
// (platform/jobs/pg-boss-jobs.ts) is what hands a dead instance's job on: about a minute, not the queue's
// two-hour expiry. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite (the lease is the same code;
// the PGlite restart after a crash is covered by crash-recovery.reliability.test.ts).

const cleanups = new Cleanups();
afterEach(() => cleanups.run());

const kind = postgresUrl ? 'PostgreSQL' : 'PGlite';

describe(`a processing job killed with its server (${kind})`, () => {
  it.runIf(hasFfmpeg)('is finished exactly once after the restart', { timeout: 240_000 }, async () => {
    const env = await prepareData(kind, cleanups);
    let server = await cleanups.start(env.options());
    const { reader, kid, book } = await familyWithReader(server.url);
    // Long enough that the transcode is still running when the server dies.
    const media = makeMedia('webm', 20);
    const recording = await uploadRecording(reader, { book_id: book.id, kid_ids: [kid.id] }, { content: media, type: 'video/webm', filename: 'reading.webm' });

    const workDir = path.join(env.dataDir, 'work');
    await until(async () => (await readdir(workDir).catch(() => [])).some((d) => d.startsWith(recording.id)), 'the job to start', 30_000, 20);
    await server.crash();
    expect(logLines(server, 'recording processed')).toEqual([]);

    const crashedAt = Date.now();
    server = await cleanups.start(env.options({ port: server.port }));
    // The dead instance's lease runs out, the queue's maintenance hands the job to its retry, this instance does it.
    const ready = await waitForRecording(reader, recording.id, 200_000);
    expect(ready.processing_status).toBe('ready');
    console.log(`job: killed mid-transcode, ready ${((Date.now() - crashedAt) / 1000).toFixed(0)} s after the crash (restart, lease, retry delay, transcode)`);
    const { url } = await reader.ok('GET', `/api/recording/${recording.id}/view-url`);
    const played = await reader.bytes(url);
    expect(played.subarray(4, 8).toString()).toBe('ftyp');
    // The job's log line comes after the recording is ready (its work folder is removed first), through the
    // server's output: waited for, then counted.
    const processed = await until(
      () => {
        const lines = logLines(server, 'recording processed');
        return lines.length > 0 ? lines : null;
      },
      'the job’s log line',
      10_000,
    );
    expect(processed.map((l) => l.recordingId)).toEqual([recording.id]);
    expect(await reader.ok('GET', '/api/recording/my-recordings')).toHaveLength(1);
    // The playable copy and its poster; the original went once the copy was in place.
    expect((await readdir(path.join(env.dataDir, 'media', 'recordings', recording.id))).sort()).toEqual(['poster.jpg', 'video.mp4']);

    await server.stop();
    expect(await env.query('SELECT status, count(*)::int AS n FROM recordings GROUP BY status')).toEqual([{ status: 'ready', n: 1 }]);
    expect(await env.query('SELECT count(*)::int AS n FROM recording_kids')).toEqual([{ n: 1 }]);
    // One job, completed on its second attempt (the first died with the server).
    const jobs = await env.query(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'recording.process'
       UNION ALL SELECT state, retry_count FROM pgboss.archive WHERE name = 'recording.process'`,
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  });
});
