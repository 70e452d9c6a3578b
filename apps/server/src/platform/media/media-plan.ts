// What a recording needs to play on every phone, decided from its probe (pure: no ffmpeg here). Readings
// are served as H.264 (8-bit 4:2:0, Baseline/Main/High) with AAC-LC sound, at most 1080p, at a constant 25–30
// fps, SDR BT.709, at a bitrate fit for their size (docs/decisions/005 "Processing").

export type VideoProbe = {
  codec: string;
  width: number;
  height: number;
  /** ffprobe's profile name ("High", "Main", "High 4:2:2", …); '' when not told. */
  profile: string;
  /** ffprobe's pixel format (yuv420p, yuv420p10le, yuv422p, …); '' when not told. */
  pixFmt: string;
  /** Frames a second (the stream's average, else its base rate); null when the file does not say. */
  fps: number | null;
  /** The stream's base rate (ffprobe's r_frame_rate): apart from `fps` when frames come at uneven times. */
  baseFps?: number | null;
  /** Colour transfer (bt709, smpte2084 = PQ, arib-std-b67 = HLG, …); '' when not told. */
  transfer: string;
  primaries: string;
  matrix: string;
};

export type AudioProbe = { codec: string; profile: string };

export type MediaProbe = {
  /** Seconds, or null when the container does not say (Chrome's MediaRecorder WebM). */
  durationSeconds: number | null;
  video: VideoProbe | null;
  audio: AudioProbe | null;
};

/** The longest reading processed (a picture book read aloud takes 5–15 minutes; decisions in 005). */
export const READING_MAX_SECONDS = 60 * 60;
/** Readings longer than this (in 1080p-equivalent seconds) go to the queue for long jobs. */
export const LONG_READING_SECONDS = 5 * 60;
export const MAX_FPS = 30;
/** Below this a reading is made 30 fps (issue 22.2: any rate a browser records at becomes a steady 25–30). */
export const MIN_FPS = 25;
/** The box a video is made to fit (either way round: phones film upright). */
export const MAX_LONG_SIDE = 1920;
export const MAX_SHORT_SIDE = 1080;
const FULL_HD_PIXELS = 1920 * 1080;

const PHONE_H264_PROFILES = new Set(['baseline', 'constrained baseline', 'main', 'high']);
const PHONE_PIX_FMTS = new Set(['yuv420p', 'yuvj420p']);
export const HDR_TRANSFERS = new Set(['smpte2084', 'arib-std-b67']);

/** The highest video bitrate (bits a second) served for a picture of this height (shorter side). */
export function videoBitrateCap(shortSide: number): number {
  if (shortSide <= 480) return 1_500_000;
  if (shortSide <= 720) return 3_000_000;
  return 5_000_000;
}

export type PlayablePlan = {
  audioOnly: boolean;
  /** The video stream is played as it is (copied), or re-encoded with the settings below. */
  copyVideo: boolean;
  copyAudio: boolean;
  /** Output frame rate when re-encoding, constant: the source's when a steady 25–30, else MAX_FPS. */
  fps: number;
  /** Tone-map this HDR transfer to SDR BT.709, or null for SDR. */
  hdr: 'smpte2084' | 'arib-std-b67' | null;
  /** Video bitrate ceiling when re-encoding (bits a second). */
  maxVideoBitrate: number;
  /** ffmpeg is stopped after this long: sized to the reading's length. */
  timeoutMs: number;
  /** The reading's length (its longest stream), when known: a video that ends before its sound is held on its last frame until then. */
  durationSeconds?: number;
};

/**
 * Whether the stream's frames come at a constant 25–30 a second, so it is served at its own rate: a 1000 fps
 * canvas recording, frames at uneven times (base rate apart from the average) or a slow one are not.
 */
export function steadyServedRate(v: Pick<VideoProbe, 'fps' | 'baseFps'>): boolean {
  if (v.fps === null || v.fps < MIN_FPS - 0.5 || v.fps > MAX_FPS + 0.5) return false;
  return v.baseFps === undefined || v.baseFps === null || Math.abs(v.baseFps - v.fps) < 0.05;
}

/** Whether every phone plays this video stream as it is. */
export function phonePlaysVideo(v: VideoProbe, fileBitrate: number | null): boolean {
  const long = Math.max(v.width, v.height);
  const short = Math.min(v.width, v.height);
  return (
    v.codec === 'h264' &&
    PHONE_H264_PROFILES.has(v.profile.toLowerCase()) &&
    PHONE_PIX_FMTS.has(v.pixFmt) &&
    steadyServedRate(v) &&
    long <= MAX_LONG_SIDE &&
    short <= MAX_SHORT_SIDE &&
    !HDR_TRANSFERS.has(v.transfer) &&
    (fileBitrate === null || fileBitrate <= videoBitrateCap(short) * 1.2)
  );
}

/** Whether every phone plays this sound as it is: AAC-LC. */
export const phonePlaysAudio = (a: AudioProbe) => a.codec === 'aac' && a.profile.toUpperCase() === 'LC';

/** The work a transcode may take before it counts as stuck: 2 minutes plus three times the reading's length. */
export function transcodeTimeoutMs(durationSeconds: number): number {
  return Math.ceil((120 + 3 * Math.max(0, durationSeconds)) * 1000);
}

/** How heavy a reading is to make playable, in seconds of 1080p video (sound-only readings are light). */
export function processingWeight(probe: MediaProbe, durationSeconds: number): number {
  if (!probe.video) return durationSeconds / 20;
  const pixels = probe.video.width * probe.video.height;
  return durationSeconds * Math.max(1, pixels / FULL_HD_PIXELS) * Math.max(1, (probe.video.fps ?? MAX_FPS) / MAX_FPS);
}

/**
 * How to make a reading playable. `fileBitrate` is the whole file's bits a second (size over duration), or
 * null when unknown.
 */
export function playablePlan(probe: MediaProbe, opts: { audioOnly: boolean; durationSeconds: number; fileBitrate: number | null }): PlayablePlan {
  const v = probe.video;
  const short = v ? Math.min(MAX_SHORT_SIDE, Math.min(v.width, v.height) || MAX_SHORT_SIDE) : 0;
  const cap = videoBitrateCap(short);
  // Never more than the source spent: a re-encode must not double a small file (issue 23).
  const maxVideoBitrate = opts.fileBitrate ? Math.max(500_000, Math.min(cap, Math.round(opts.fileBitrate))) : cap;
  const fps = v?.fps && steadyServedRate(v) ? Math.round(v.fps * 1000) / 1000 : MAX_FPS;
  return {
    audioOnly: opts.audioOnly,
    copyVideo: !opts.audioOnly && v !== null && phonePlaysVideo(v, opts.fileBitrate),
    copyAudio: probe.audio !== null && phonePlaysAudio(probe.audio),
    fps,
    hdr: v && HDR_TRANSFERS.has(v.transfer) ? (v.transfer as PlayablePlan['hdr']) : null,
    maxVideoBitrate,
    timeoutMs: transcodeTimeoutMs(opts.durationSeconds),
    durationSeconds: opts.durationSeconds,
  };
}
