import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';

export type MediaProbe = {
  /** Seconds, or null when the container does not say (Chrome's MediaRecorder WebM). */
  durationSeconds: number | null;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
};

/**
 * The media tools port (architecture.md "Media"): the true duration, a widely playable H.264/AAC copy
 * with its index up front (`+faststart`, so playback starts before the whole file arrives) and a poster.
 */
export type MediaTools = {
  probe(file: string): Promise<MediaProbe>;
  /** Writes an MP4 (video) or M4A (`audioOnly`); streams already in H.264 or AAC are copied, not re-encoded. */
  toPlayable(input: string, output: string, opts: { audioOnly: boolean; copyVideo: boolean; copyAudio: boolean }): Promise<void>;
  /** A JPEG still at `atSeconds` (or the first frame when none is left there), at most 640 pixels wide. */
  poster(input: string, output: string, atSeconds: number): Promise<void>;
};

/** A media file the tools could not read or convert: the recording's fault, not the server's. */
export class MediaError extends Error {}

// A ten-minute 1080p reading transcodes in a few minutes on two cores; far longer means something is stuck.
const TIMEOUT_MS = 60 * 60 * 1000;

function run(cmd: string, args: string[], timeout = TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      const detail = String(stderr || err.message).trim().split('\n').slice(-3).join(' | ');
      reject(missing ? err : new MediaError(`${cmd} failed: ${detail}`));
    });
  });
}

/**
 * The ffmpeg and ffprobe on this machine, or null when they are not installed (processing then keeps
 * the original, decisions.md "Recordings and media").
 */
export async function findMediaTools(paths: { ffmpeg: string; ffprobe: string } = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }): Promise<MediaTools | null> {
  try {
    await run(paths.ffmpeg, ['-hide_banner', '-version'], 10_000);
    await run(paths.ffprobe, ['-hide_banner', '-version'], 10_000);
  } catch {
    return null;
  }
  return createFfmpegTools(paths);
}

export function createFfmpegTools(paths: { ffmpeg: string; ffprobe: string }): MediaTools {
  const ffmpeg = (args: string[]) => run(paths.ffmpeg, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args]);

  return {
    async probe(file) {
      const out = await run(paths.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
      let info: { format?: { duration?: string }; streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[] };
      try {
        info = JSON.parse(out);
      } catch {
        throw new MediaError('ffprobe gave no readable answer');
      }
      const duration = Number(info.format?.duration);
      const video = info.streams?.find((s) => s.codec_type === 'video');
      const audio = info.streams?.find((s) => s.codec_type === 'audio');
      return {
        durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
        video: video ? { codec: video.codec_name ?? '', width: video.width ?? 0, height: video.height ?? 0 } : null,
        audio: audio ? { codec: audio.codec_name ?? '' } : null,
      };
    },

    async toPlayable(input, output, opts) {
      const audio = opts.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k'];
      if (opts.audioOnly) {
        await ffmpeg(['-i', input, '-map', '0:a:0', '-vn', ...audio, '-movflags', '+faststart', '-f', 'mp4', output]);
        return;
      }
      const video = opts.copyVideo
        ? ['-c:v', 'copy']
        : // Even dimensions and 4:2:0 chroma: what every H.264 player takes.
          ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'];
      await ffmpeg(['-i', input, '-map', '0:v:0', '-map', '0:a:0?', ...video, ...audio, '-movflags', '+faststart', '-f', 'mp4', output]);
    },

    async poster(input, output, atSeconds) {
      const still = async (at: number) => {
        await ffmpeg(['-y', '-ss', at.toFixed(3), '-i', input, '-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '3', '-f', 'image2', output]);
        return stat(output).then(
          (s) => s.size > 0,
          () => false,
        );
      };
      // ffmpeg writes nothing, and still succeeds, when no frame is left after `at` (a reading of a second
      // whose video ends before its sound): then the first frame.
      if (await still(Math.max(0, atSeconds))) return;
      if (atSeconds > 0 && (await still(0))) return;
      throw new MediaError(`no frame to make a poster of in ${input}`);
    },
  };
}
