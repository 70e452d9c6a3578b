import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { RECORDING_SERVER_MESSAGES } from '@fst/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { LOST_JOB_GRACE_MS } from '../../platform/jobs/jobs.ts';
import { PROCESS_RECORDING_QUEUE } from './recording-processing.ts';
import { recordings, recordingKids } from './recordings.table.ts';

// A process that dies between storing a recording and sending its processing job leaves the recording
// "processing" with no job: the app sends the job itself (at start and every few minutes), once the row
// has had its grace period, and never a second time.
describe('recordings whose job was never sent', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ffmpeg: processing keeps the original and marks the recording ready, which is all this needs.
    ctx = await createTestContext({ media: null, lostJobsSweepMs: 100 });
  });
  afterAll(() => ctx?.close());

  const jobsFor = async (recordingId: string) => {
    const result = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PROCESS_RECORDING_QUEUE} AND data->>'recordingId' = ${recordingId}`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };
  const statusOf = async (id: string) => (await ctx.db.select({ status: recordings.status }).from(recordings).where(eq(recordings.id, id)))[0]?.status;

  /**
   * A recording stored as the upload stores it, but whose job was never sent (the crash), made `ageMs` ago;
   * with `jobFailed`, its job was sent and failed every attempt (stored before the row, so no sweep can see
   * the row without it).
   */
  async function orphan(ageMs: number, opts: { jobFailed?: boolean } = {}) {
    const family = await ctx.newFamily();
    const kid = await ctx.newKid(family, 'Mia');
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family);
    const book = await ctx.newBook();
    // A real upload stores the media file; its row is then copied as one whose job was lost.
    const body = multipartBody({ book_id: book.id, recording_type: 'audio_only', duration_seconds: '5', kid_ids: JSON.stringify([kid.id]) }, [
      { name: 'recording', filename: 'reading.webm', type: 'audio/webm', content: makeMedia('webm') },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: gran.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = await ctx.waitForRecording(res.json().recording.id);
    const id = randomUUID();
    if (opts.jobFailed) {
      await ctx.db.execute(
        sql`INSERT INTO pgboss.job (name, data, state) VALUES (${PROCESS_RECORDING_QUEUE}, ${JSON.stringify({ recordingId: id })}::jsonb, 'failed')`,
      );
    }
    await ctx.db.insert(recordings).values({
      ...uploaded,
      id,
      status: 'processing',
      processedAt: null,
      createdAt: new Date(ctx.clock.now().getTime() - ageMs),
    });
    await ctx.db.insert(recordingKids).values({ recordingId: id, kidId: kid.id, assignedBy: gran.id });
    return { id, gran };
  }

  it('sends the job of a recording past its grace period once, and it turns ready', async () => {
    // No job is made with the row; the sweep (every 100 ms) may send it before a check here could look.
    const { id, gran } = await orphan(LOST_JOB_GRACE_MS + 60_000);
    const row = await ctx.waitForRecording(id, 20_000);
    expect(row.status).toBe('ready');
    // Later sweeps find its job and send no other.
    await new Promise((r) => setTimeout(r, 500));
    expect(await jobsFor(id)).toBe(1);
    const seen = (await ctx.app.inject({ method: 'GET', url: `/api/recording/${id}`, headers: { cookie: gran.cookie } })).json().recording;
    expect(seen.processing_status).toBe('ready');
  });

  it('leaves a recording alone during its grace period (its job may be on its way)', async () => {
    const { id } = await orphan(0);
    await new Promise((r) => setTimeout(r, 600));
    expect(await statusOf(id)).toBe('processing');
    expect(await jobsFor(id)).toBe(0);
    ctx.clock.advance(LOST_JOB_GRACE_MS + 1000);
    expect((await ctx.waitForRecording(id, 20_000)).status).toBe('ready');
    expect(await jobsFor(id)).toBe(1);
  });

  it('ends as failed a recording whose job died on its last attempt, and sends no other', async () => {
    // Its job was sent and used up its attempts in a process that was killed each time: pg-boss marked it
    // failed, and no attempt was left to record the failure on the recording.
    const { id, gran } = await orphan(LOST_JOB_GRACE_MS + 60_000, { jobFailed: true });
    const deadline = Date.now() + 20_000;
    while ((await statusOf(id)) === 'processing' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(id)).toBe('failed');
    const seen = (await ctx.app.inject({ method: 'GET', url: `/api/recording/${id}`, headers: { cookie: gran.cookie } })).json().recording;
    expect(seen.processing_status).toBe('failed');
    expect(seen.failure_reason).toBe(RECORDING_SERVER_MESSAGES.reprocessFailed);
    expect(await jobsFor(id)).toBe(1);
  });
});
