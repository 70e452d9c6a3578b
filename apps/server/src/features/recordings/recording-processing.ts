import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RECORDING_SERVER_MESSAGES } from '@fst/shared/messages';
import type { Clock } from '../../platform/clock.ts';
import type { JobAttempt, QueueOptions } from '../../platform/jobs/jobs.ts';
import { MediaError, type MediaTools } from '../../platform/media/ffmpeg.ts';
import { LONG_READING_SECONDS, playablePlan, processingWeight, READING_MAX_SECONDS, transcodeTimeoutMs } from '../../platform/media/media-plan.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { RecordingRow, RecordingsRepository } from './recordings.repository.ts';

/**
 * One job per upload: measure, make a playable copy and a poster, then mark the recording ready or failed.
 * A reading found heavy (long, or big pictures) moves on to the queue for long jobs, so that a short reading
 * never waits behind it (issue 27): each queue has workers of its own.
 */
export const PROCESS_RECORDING_QUEUE = 'recording.process';
export const PROCESS_LONG_RECORDING_QUEUE = 'recording.process-long';
export type ProcessRecordingJob = { recordingId: string };
// Two short-reading workers where there are two cores or more, so one family's reading cannot hold the
// queue for everyone; more on bigger machines, leaving a core for the long queue and requests.
const SHORT_WORKERS = Math.max(1, Math.min(4, os.availableParallelism() - (os.availableParallelism() > 2 ? 1 : 0)));
export const PROCESS_RECORDING_OPTIONS: QueueOptions = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  // The heaviest short reading's transcode fits well within this; a dead worker's job is retried after it.
  expireInSeconds: transcodeTimeoutMs(LONG_READING_SECONDS) / 1000 + 10 * 60,
  workers: SHORT_WORKERS,
};
export const PROCESS_LONG_RECORDING_OPTIONS: QueueOptions = {
  retryLimit: 1,
  retryDelaySeconds: 60,
  // ffmpeg's own time-out (sized to the reading) ends first; then the job.
  expireInSeconds: transcodeTimeoutMs(READING_MAX_SECONDS) / 1000 + 10 * 60,
  workers: 1,
};

// The poster is taken this far in (or halfway through a shorter video), past a black first frame.
const POSTER_AT_SECONDS = 1;

/** The recording cannot become playable: a reason its owner is shown. */
class Unplayable extends Error {}

type Deps = {
  recordings: Pick<RecordingsRepository, 'find' | 'finishProcessing'>;
  storage: Storage;
  /** ffmpeg and ffprobe, or null where they are not installed (the original is kept as it is). */
  media: MediaTools | null;
  /** Scratch space for the files being worked on (DATA_DIR/work). */
  workDir: string;
  clock: Clock;
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };
  /** Told once a recording turns ready (parents' e-mail notices); must not throw. */
  onReady?: (recordingId: string) => Promise<void>;
  /** Hands a heavy reading on to the queue for long jobs; absent in that queue's own processor. */
  toLongQueue?: (job: ProcessRecordingJob) => Promise<void>;
};

/**
 * The `recording.process` job (architecture.md "Data flow of the main journey"). Idempotent: a recording
 * no longer processing (finished by an earlier attempt, or deleted) is left alone, and files made for a
 * recording deleted meanwhile are removed again.
 */
/**
 * Ends a recording whose last processing attempt died with its process (so it never recorded the failure):
 * failed, with the reason a failed last attempt gives. Nothing if it has finished meanwhile.
 */
export function abandonRecording(recordings: Pick<RecordingsRepository, 'finishProcessing'>, clock: Clock) {
  return async (recordingId: string) => {
    await recordings.finishProcessing(recordingId, { status: 'failed', failureReason: RECORDING_SERVER_MESSAGES.reprocessFailed, processedAt: clock.now() });
  };
}

export function createRecordingProcessor(deps: Deps) {
  const { recordings, storage, media } = deps;

  async function finish(row: RecordingRow, patch: Parameters<RecordingsRepository['finishProcessing']>[1], made: string[]) {
    // The playable copy replaces the original, which is then removed (the copy is what every player takes).
    const replacesOriginal = Boolean(row.originalKey && patch.mediaKey && patch.mediaKey !== row.originalKey);
    const done = await recordings.finishProcessing(row.id, { ...patch, ...(replacesOriginal ? { originalKey: null } : {}), processedAt: deps.clock.now() });
    if (!done) {
      // Deleted while we worked: what we made must not stay behind.
      await Promise.all(made.map((key) => storage.delete(key).catch(() => {})));
      return;
    }
    if (replacesOriginal) {
      await storage.delete(row.originalKey!).catch((err) => deps.log.error({ err, key: row.originalKey }, 'original recording could not be deleted'));
    }
    if (done.status === 'ready') await deps.onReady?.(row.id);
  }

  async function makePlayable(row: RecordingRow, m: MediaTools) {
    await mkdir(deps.workDir, { recursive: true });
    const work = await mkdtemp(path.join(deps.workDir, `${row.id}-`));
    try {
      const input = path.join(work, `input${path.extname(row.mediaKey)}`);
      await pipeline(await storage.get(row.mediaKey), createWriteStream(input));

      const probe = await m.probe(input).catch((err) => {
        throw err instanceof MediaError ? new Unplayable(RECORDING_SERVER_MESSAGES.unreadableMedia) : err;
      });
      if (!probe.video && !probe.audio) throw new Unplayable(RECORDING_SERVER_MESSAGES.noMediaStreams);
      const audioOnly = row.recordingType === 'audio_only' || !probe.video;
      if (audioOnly && !probe.audio) throw new Unplayable(RECORDING_SERVER_MESSAGES.noMediaStreams);

      // Chrome's WebM does not say its length: read it (without decoding) before deciding anything.
      const length = probe.durationSeconds ?? (await m.measureDuration(input).catch(() => null));
      if (length === null) throw new Unplayable(RECORDING_SERVER_MESSAGES.unreadableMedia);
      if (length > READING_MAX_SECONDS + 1) throw new Unplayable(RECORDING_SERVER_MESSAGES.tooLong(READING_MAX_SECONDS / 60));
      if (deps.toLongQueue && processingWeight(audioOnly ? { ...probe, video: null } : probe, length) > LONG_READING_SECONDS) {
        await deps.toLongQueue({ recordingId: row.id });
        return 'moved';
      }

      const name = audioOnly ? 'audio.m4a' : 'video.mp4';
      const output = path.join(work, name);
      const { size: inputBytes } = await stat(input);
      const plan = playablePlan(probe, { audioOnly, durationSeconds: length, fileBitrate: length > 0 ? (inputBytes * 8) / length : null });
      await m.toPlayable(input, output, plan).catch((err) => {
        throw err instanceof MediaError ? new Unplayable(RECORDING_SERVER_MESSAGES.transcodeFailed) : err;
      });
      // Chrome's WebM carries no duration; the MP4 written from it does.
      const measured = (await m.probe(output)).durationSeconds ?? length;

      let poster: string | null = null;
      if (!audioOnly) {
        const file = path.join(work, 'poster.jpg');
        const at = measured ? Math.min(POSTER_AT_SECONDS, measured / 2) : 0;
        // A reading without a poster still plays; the player shows its first frame instead.
        poster = await m.poster(output, file, at).then(
          () => file,
          (err) => {
            deps.log.error({ err, recordingId: row.id }, 'poster could not be made');
            return null;
          },
        );
      }

      const mediaKey = `recordings/${row.id}/${name}`;
      const made: string[] = [];
      const { size } = await storage.put(mediaKey, createReadStream(output));
      made.push(mediaKey);
      let posterKey: string | null = null;
      if (poster) {
        posterKey = `recordings/${row.id}/poster.jpg`;
        await storage.put(posterKey, createReadStream(poster));
        made.push(posterKey);
      }
      await finish(
        row,
        {
          status: 'ready',
          mediaKey,
          mime: audioOnly ? 'audio/mp4' : 'video/mp4',
          sizeBytes: size,
          posterKey,
          failureReason: null,
          ...(measured ? { durationSeconds: Math.round(measured) } : {}),
        },
        made,
      );
      return 'done';
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return async function processRecording(job: ProcessRecordingJob, attempt: JobAttempt): Promise<void> {
    const row = await recordings.find(job.recordingId);
    if (!row || row.status !== 'processing') return;
    try {
      if (!media) {
        // Without ffmpeg the original is what plays, with the recorder's own duration.
        await finish(row, { status: 'ready' }, []);
        return;
      }
      const outcome = await makePlayable(row, media);
      deps.log.info({ recordingId: row.id }, outcome === 'moved' ? 'recording moved to the queue for long jobs' : 'recording processed');
    } catch (err) {
      if (err instanceof Unplayable) {
        await finish(row, { status: 'failed', failureReason: err.message }, []);
        return;
      }
      deps.log.error({ err, recordingId: row.id, attempt: attempt.attempt }, 'recording processing failed');
      if (attempt.lastAttempt) {
        await finish(row, { status: 'failed', failureReason: RECORDING_SERVER_MESSAGES.reprocessFailed }, []);
        return;
      }
      throw err;
    }
  };
}
