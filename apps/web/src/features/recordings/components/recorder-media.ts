import type { RecordingType } from '@fst/shared/constants';

// Spec section 9: webcam 1280x720, composite 1920x1080 at 30 fps, WebM/VP8 preferred. Chunks every 250 ms, not
// the spec's 1000: a crash or a reload loses at most a quarter second of the reading (issue 22).
export const RECORDING_CHUNK_MS = 250;
export const RECORDING_WEBCAM = { width: 1280, height: 720 } as const;
export const RECORDING_COMPOSITE = { width: 1920, height: 1080, fps: 30 } as const;

const VIDEO_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'];
const AUDIO_TYPES = ['audio/webm', 'audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg'];

/** The best container this browser records (Safari: MP4); undefined lets MediaRecorder choose. */
export function pickMimeType(type: RecordingType): string | undefined {
  const candidates = type === 'audio_only' ? AUDIO_TYPES : VIDEO_TYPES;
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return candidates.find((mime) => MediaRecorder.isTypeSupported(mime));
}

type Source = CanvasImageSource & { width: number; height: number };

function drawFitted(ctx: CanvasRenderingContext2D, source: Source, w: number, h: number, box: { x: number; y: number; w: number; h: number }, cover: boolean) {
  if (w <= 0 || h <= 0) return;
  const scale = cover ? Math.max(box.w / w, box.h / h) : Math.min(box.w / w, box.h / h);
  const dw = w * scale;
  const dh = h * scale;
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.w, box.h);
  ctx.clip();
  ctx.drawImage(source, box.x + (box.w - dw) / 2, box.y + (box.h - dh) / 2, dw, dh);
  ctx.restore();
}

/**
 * The video_with_pdf picture: the book's current page on the left and the reader's face on the right,
 * drawn at most 30 times a second on a 1920x1080 canvas, with the microphone's sound added.
 */
export function startComposite(pageHost: HTMLElement, face: HTMLVideoElement, audio: MediaStreamTrack[]) {
  const { width, height, fps } = RECORDING_COMPOSITE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  const half = width / 2;
  const draw = () => {
    if (!ctx) return;
    ctx.fillStyle = '#fff8ee';
    ctx.fillRect(0, 0, width, height);
    const page = pageHost.querySelector<HTMLCanvasElement>('canvas[data-rendered-page]');
    if (page && page.width > 0) drawFitted(ctx, page as Source, page.width, page.height, { x: 24, y: 24, w: half - 48, h: height - 48 }, false);
    if (face.readyState >= 2) drawFitted(ctx, face as unknown as Source, face.videoWidth, face.videoHeight, { x: half, y: 0, w: half, h: height }, true);
  };
  // Frames are taken only when asked for (captureStream(0) and requestFrame), at most `fps` a second: left to
  // itself Chromium recorded the composite at about 1000 frames a second (issue 22). Drawn on the display's
  // rhythm, and by a timer where there are no animation frames (a hidden page, a headless browser).
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack | undefined;
  const interval = 1000 / fps;
  let last = -Infinity;
  let raf = 0;
  const tick = () => {
    const now = performance.now();
    if (now - last < interval - 2) return;
    last = now;
    draw();
    track?.requestFrame();
  };
  const onFrame = () => {
    tick();
    raf = window.requestAnimationFrame(onFrame);
  };
  raf = window.requestAnimationFrame(onFrame);
  const timer = window.setInterval(tick, interval / 2);
  tick();
  for (const track of audio) stream.addTrack(track);
  return {
    stream,
    stop: () => {
      window.clearInterval(timer);
      window.cancelAnimationFrame(raf);
      for (const video of stream.getVideoTracks()) video.stop();
    },
  };
}
