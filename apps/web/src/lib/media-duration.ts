/**
 * The real length of a recorded file, in seconds, as the browser's own player reads it; null when it cannot
 * tell within `timeoutMs`. MediaRecorder's WebM says no length in its header (duration Infinity): a seek far
 * past the end makes the player find the last frame, and then it knows.
 */
export function mediaDuration(blob: Blob, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const media = document.createElement(blob.type.startsWith('video') ? 'video' : 'audio');
    const url = URL.createObjectURL(blob);
    let settled = false;
    const finish = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      media.removeAttribute('src');
      media.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const known = () => Number.isFinite(media.duration) && media.duration > 0;
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    media.preload = 'metadata';
    media.muted = true;
    media.onerror = () => finish(null);
    media.onloadedmetadata = () => {
      if (known()) return finish(media.duration);
      media.ondurationchange = () => {
        if (known()) finish(media.duration);
      };
      media.currentTime = Number.MAX_SAFE_INTEGER;
    };
    media.src = url;
  });
}
