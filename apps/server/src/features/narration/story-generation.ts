import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { NARRATION_SERVER_MESSAGES } from '@fst/shared/messages';
import { normalizePageTrack, type PageTurn } from '@fst/shared/recordings/recordings.rules';
import type { Clock } from '../../platform/clock.ts';
import type { JobAttempt, QueueOptions } from '../../platform/jobs/jobs.ts';
import type { MediaTools } from '../../platform/media/ffmpeg.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { WavWriter } from '../../platform/voice/pcm.ts';
import { SPEECH_SAMPLE_RATE, VoiceServiceError, type VoiceProvider } from '../../platform/voice/voice.ts';
import type { AiRecordingRow, NarrationRepository, VoiceCloneRow } from './narration.repository.ts';

/** One job per AI story: read each page in the reader's AI voice, join them into one audio file, time the pages. */
export const GENERATE_STORY_QUEUE = 'narration.generate';
export type GenerateStoryJob = { aiRecordingId: string };
export const GENERATE_STORY_OPTIONS: QueueOptions = {
  // A provider's passing trouble is worth a few quick retries; the panel is waiting.
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 60 * 60,
};

// A breath before the first page, a pause after each page, and a moment on pages without words.
const LEAD_IN_SECONDS = 0.3;
const PAGE_PAUSE_SECONDS = 0.8;
const WORDLESS_PAGE_SECONDS = 1.5;

/**
 * A page's text in pieces of at most `max` characters, cut between sentences where possible, else
 * between words (a provider takes only so much text at once).
 */
export function speechChunks(text: string, max: number): string[] {
  const sentences = text.match(/[^.!?…]+[.!?…]+["'”’)]*\s*|[^.!?…]+$/g) ?? [text];
  const chunks: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) chunks.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    if (current.length + sentence.length <= max) {
      current += sentence;
      continue;
    }
    push();
    if (sentence.length <= max) {
      current = sentence;
      continue;
    }
    for (const word of sentence.split(/\s+/)) {
      if (current.length + word.length + 1 > max) push();
      current += (current ? ' ' : '') + word.slice(0, max);
    }
  }
  push();
  return chunks;
}

/** The story cannot be made, whatever the retries: a reason the parents are shown. */
class Unmakeable extends Error {}

type Deps = {
  narration: Pick<NarrationRepository, 'find' | 'cloneById' | 'startProcessing' | 'finish' | 'releaseGeneration'>;
  voice: VoiceProvider;
  storage: Storage;
  /** ffmpeg, to store the story as AAC (M4A); without it the story is stored as WAV, which every browser plays. */
  media: MediaTools | null;
  workDir: string;
  clock: Clock;
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };
};

/** Ends an AI story as failed, and gives its generation back to the family's month. Nothing if it has finished. */
export async function failStory(narration: Pick<NarrationRepository, 'finish' | 'releaseGeneration'>, clock: Clock, aiRecordingId: string, reason: string) {
  const done = await narration.finish(aiRecordingId, { status: 'failed', failureReason: reason, finishedAt: clock.now() });
  if (done) await narration.releaseGeneration(aiRecordingId);
}

/**
 * The `narration.generate` job. Idempotent: a story no longer waiting or being made is left alone; the
 * family's month was counted when the story was asked for, so retries never count it again, and a story
 * that finally fails gives its generation back.
 */
export function createStoryGenerator(deps: Deps) {
  const { narration, voice, storage } = deps;

  const fail = (row: AiRecordingRow, reason: string) => failStory(narration, deps.clock, row.id, reason);

  async function makeStory(row: AiRecordingRow, clone: VoiceCloneRow) {
    const stored = { providerVoiceId: clone.providerVoiceId, profile: clone.profile };
    await mkdir(deps.workDir, { recursive: true });
    const work = await mkdtemp(path.join(deps.workDir, `ai-${row.id}-`));
    try {
      const wav = path.join(work, 'story.wav');
      const writer = await WavWriter.create(wav, SPEECH_SAMPLE_RATE);
      const track: PageTurn[] = [];
      try {
        await writer.appendSilence(LEAD_IN_SECONDS);
        for (const page of row.script) {
          track.push({ page: page.page, at_seconds: track.length ? writer.seconds : 0 });
          if (!page.text) {
            await writer.appendSilence(WORDLESS_PAGE_SECONDS);
            continue;
          }
          for (const chunk of speechChunks(page.text, voice.maxTextLength)) {
            await writer.append((await voice.synthesize(stored, chunk)).samples);
          }
          await writer.appendSilence(PAGE_PAUSE_SECONDS);
        }
      } catch (err) {
        await writer.abandon();
        throw err;
      }
      const seconds = await writer.close();

      let file = wav;
      let name = 'story.wav';
      let mime = 'audio/wav';
      if (deps.media) {
        file = path.join(work, 'story.m4a');
        await deps.media.toPlayable(wav, file, { audioOnly: true, copyVideo: false, copyAudio: false });
        name = 'story.m4a';
        mime = 'audio/mp4';
      }
      const key = `ai-recordings/${row.id}/${name}`;
      const { size } = await storage.put(key, createReadStream(file));
      const done = await narration.finish(row.id, {
        status: 'ready',
        mediaKey: key,
        mime,
        sizeBytes: size,
        durationSeconds: Math.max(1, Math.round(seconds)),
        pageTrack: normalizePageTrack(track),
        failureReason: null,
        finishedAt: deps.clock.now(),
      });
      // Deleted while it was being made: its audio must not stay behind.
      if (!done) await storage.delete(key).catch(() => {});
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return async function generateStory(job: GenerateStoryJob, attempt: JobAttempt): Promise<void> {
    const row = await narration.find(job.aiRecordingId);
    if (!row || row.status === 'ready' || row.status === 'failed') return;
    try {
      const clone = row.voiceCloneId ? await narration.cloneById(row.voiceCloneId) : undefined;
      // The reader withdrew consent (or the voice was made with another provider since).
      if (!clone || clone.provider !== voice.name) throw new Unmakeable(NARRATION_SERVER_MESSAGES.voiceRemoved);
      const started = await narration.startProcessing(row.id);
      if (!started) return;
      await makeStory(started, clone);
      deps.log.info({ aiRecordingId: row.id, attempt: attempt.attempt }, 'AI story made');
    } catch (err) {
      if (err instanceof Unmakeable) return fail(row, err.message);
      if (err instanceof VoiceServiceError && err.kind === 'refused') {
        deps.log.error({ err, aiRecordingId: row.id }, 'the voice provider refused the AI story');
        return fail(row, NARRATION_SERVER_MESSAGES.synthesisFailed);
      }
      deps.log.error({ err, aiRecordingId: row.id, attempt: attempt.attempt }, 'AI story could not be made');
      if (attempt.lastAttempt) return fail(row, NARRATION_SERVER_MESSAGES.synthesisFailed);
      throw err;
    }
  };
}
