import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import {
  MAX_FPS,
  MAX_LONG_SIDE,
  MAX_SHORT_SIDE,
  READING_MAX_SECONDS,
  transcodeTimeoutMs,
  videoBitrateCap,
  type MediaProbe,
  type PlayablePlan,
} from './media-plan.ts';

export type { MediaProbe } from './media-plan.ts';

/**
 * The media tools port (architecture.md "Media"): the true duration, a copy every phone plays (media-plan.ts)
 * with its index up front (`+faststart`, so playback starts before the whole file arrives) and a poster.
 */
export type MediaTools = {
  probe(file: string): Promise<MediaProbe>;
  /** The length of a file whose container does not say it (Chrome's WebM), read without decoding. */
  measureDuration(file: string): Promise<number | null>;
  /** Writes an MP4 (video) or M4A (`audioOnly`) as `plan` says: streams phones play are copied, the rest re-encoded. */
  toPlayable(input: string, output: string, plan: Pick<PlayablePlan, 'audioOnly' | 'copyVideo' | 'copyAudio'> & Partial<PlayablePlan>): Promise<void>;
  /** A JPEG still at `atSeconds` (or the first frame when none is left there), at most 640 pixels wide. */
  poster(input: string, output: string, atSeconds: number): Promise<void>;
};

/** A media file the tools could not read or convert: the recording's fault, not the server's. */
export class MediaError extends Error {}

// Probing and posters read little; a transcode is given a time sized to the reading (PlayablePlan.timeoutMs).
const TIMEOUT_MS = 2 * 60 * 1000;

function run(cmd: string, args: string[], timeout = TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      const detail = String(stderr || err.message)
        .trim()
        .split('\n')
        .slice(-3)
        .join(' | ');
      reject(missing ? err : new MediaError(`${cmd} failed: ${detail}`));
    });
  });
}

/**
 * The ffmpeg and ffprobe on this machine, or null when they are not installed (processing then keeps
 * the original, decisions.md "Recordings and media").
 */
export async function findMediaTools(paths: { ffmpeg: string; ffprobe: string } = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }): Promise<MediaTools | null> {
  let filters: string;
  try {
    await run(paths.ffmpeg, ['-hide_banner', '-version'], 10_000);
    await run(paths.ffprobe, ['-hide_banner', '-version'], 10_000);
    filters = await run(paths.ffmpeg, ['-hide_banner', '-filters'], 10_000);
  } catch {
    return null;
  }
  return createFfmpegTools(paths, { toneMapping: /\bzscale\b/.test(filters) && /\btonemap\b/.test(filters) });
}

/** "30000/1001" as a number; null for "0/0" and nonsense. */
function rate(text: string | undefined): number | null {
  const [num, den] = (text ?? '').split('/').map(Number);
  const value = den === undefined ? num! : num! / den;
  return Number.isFinite(value) && value > 0 ? value : null;
}

type StreamInfo = {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  color_transfer?: string;
  color_primaries?: string;
  color_space?: string;
};

/**
 * The tools. `toneMapping`: this ffmpeg has zscale and tonemap (libzimg), so HDR is tone-mapped to SDR;
 * without them HDR is only converted to BT.709 (colours come out flat, but tagged truly: decision 005).
 */
export function createFfmpegTools(paths: { ffmpeg: string; ffprobe: string }, { toneMapping = true }: { toneMapping?: boolean } = {}): MediaTools {
  const ffmpeg = (args: string[], timeout?: number) => run(paths.ffmpeg, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], timeout);

  return {
    async probe(file) {
      const out = await run(paths.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
      let info: { format?: { duration?: string }; streams?: StreamInfo[] };
      try {
        info = JSON.parse(out);
      } catch {
        throw new MediaError('ffprobe gave no readable answer');
      }
      const duration = Number(info.format?.duration);
      // A cover picture in an MP3 or M4A is a "video" stream of one frame: not a video.
      const video = info.streams?.find((s) => s.codec_type === 'video' && !['mjpeg', 'png', 'bmp', 'gif'].includes(s.codec_name ?? ''));
      const audio = info.streams?.find((s) => s.codec_type === 'audio');
      return {
        durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
        video: video
          ? {
              codec: video.codec_name ?? '',
              width: video.width ?? 0,
              height: video.height ?? 0,
              profile: video.profile ?? '',
              pixFmt: video.pix_fmt ?? '',
              fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
              baseFps: rate(video.r_frame_rate),
              transfer: video.color_transfer ?? '',
              primaries: video.color_primaries ?? '',
              matrix: video.color_space ?? '',
            }
          : null,
        audio: audio ? { codec: audio.codec_name ?? '', profile: audio.profile ?? '' } : null,
      };
    },

    async measureDuration(file) {
      // A copy to nowhere reads every packet without decoding: seconds for an hour of video.
      const out = await run(paths.ffmpeg, [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostats',
        '-i',
        file,
        '-map',
        '0',
        '-c',
        'copy',
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-',
      ]);
      const times = [...out.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
      const seconds = times.length ? times[times.length - 1]! / 1e6 : 0;
      return seconds > 0 ? seconds : null;
    },

    async toPlayable(input, output, given) {
      const plan: PlayablePlan = {
        fps: MAX_FPS,
        hdr: null,
        maxVideoBitrate: videoBitrateCap(MAX_SHORT_SIDE),
        timeoutMs: transcodeTimeoutMs(READING_MAX_SECONDS),
        ...given,
      };
      const audio = plan.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k'];
      if (plan.audioOnly) {
        await ffmpeg(['-i', input, '-map', '0:a:0', '-vn', ...audio, '-movflags', '+faststart', '-f', 'mp4', output], plan.timeoutMs);
        return;
      }
      await ffmpeg(
        [
          '-i',
          input,
          '-map',
          '0:v:0',
          '-map',
          '0:a:0?',
          ...(plan.copyVideo ? ['-c:v', 'copy'] : videoEncoding(plan, toneMapping)),
          ...audio,
          '-movflags',
          '+faststart',
          '-f',
          'mp4',
          output,
        ],
        plan.timeoutMs,
      );
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

/**
 * H.264 every phone plays: 8-bit 4:2:0 High profile, at most 1080p (either way round) and the plan's frame
 * rate (constant), SDR BT.709, CRF 23 under a bitrate ceiling.
 */
function videoEncoding(plan: PlayablePlan, toneMapping: boolean): string[] {
  const fit = `min(1,min(${MAX_LONG_SIDE}/max(iw,ih),${MAX_SHORT_SIDE}/min(iw,ih)))`;
  const filters = [`fps=${plan.fps}`, `scale=w='trunc(${fit}*iw/2)*2':h='trunc(${fit}*ih/2)*2'`];
  // A browser short of time drops frames, the last ones too: the picture is held on its last frame until the
  // sound ends (cut there by -t), rather than stopping seconds before it.
  const length = plan.durationSeconds && plan.durationSeconds > 0 ? Math.ceil(plan.durationSeconds * 1000) / 1000 : null;
  if (length) filters.push(`tpad=stop_mode=clone:stop_duration=${length}`);
  if (plan.hdr && toneMapping) {
    // Light made linear, tone-mapped (Hable) and brought to BT.709: the usual zscale chain.
    filters.push(
      `zscale=tin=${plan.hdr}:t=linear:npl=100`,
      'format=gbrpf32le',
      'zscale=p=bt709',
      'tonemap=tonemap=hable:desat=0',
      'zscale=t=bt709:m=bt709:r=tv',
    );
  } else if (plan.hdr) {
    filters.push('scale=out_color_matrix=bt709:out_range=tv');
  }
  filters.push('format=yuv420p');
  const kbit = Math.round(plan.maxVideoBitrate / 1000);
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-maxrate',
    `${kbit}k`,
    '-bufsize',
    `${kbit * 2}k`,
    '-vf',
    filters.join(','),
    '-fps_mode',
    'cfr',
    ...(length ? ['-t', String(length)] : []),
    ...(plan.hdr ? ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'] : []),
  ];
}
