// A book's first page drawn with pdf.js on @napi-rs/canvas (Skia) on a thread of its own (pdf-cover.ts):
// a scanned page is a picture of many megabytes, and decoding and drawing it held the server's requests for
// seconds (issue 23.2). Plain JavaScript, so the thread starts the same under node, tsx and vitest.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** The drawn page scaled down to `width` pixels, at its own aspect ratio. */
function scaledTo(canvas, width) {
  if (width === canvas.width) return canvas;
  const small = createCanvas(width, Math.max(1, Math.round((canvas.height * width) / canvas.width)));
  const ctx = small.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, 0, 0, small.width, small.height);
  return small;
}

/**
 * `{ data: Uint8Array, width, thumbnailWidth, previewWidth?, quality }` → `{ cover, thumbnail, preview?, pageSize }`
 * (WebP bytes, and the page's size in points), or `{ invalid: message }`. With a preview width the page is drawn
 * once at that size, and the cover and thumbnail are scaled down from it.
 */
async function draw({ data, width, thumbnailWidth, previewWidth, quality }) {
  const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = lib.getDocument({ data, standardFontDataUrl, isEvalSupported: false, verbosity: lib.VerbosityLevel.ERRORS });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    return { invalid: err.message };
  }
  try {
    const page = await doc.getPage(1);
    const drawWidth = Math.max(width, previewWidth ?? 0);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: drawWidth / unit.width });
    const canvas = createCanvas(drawWidth, Math.max(1, Math.round(viewport.height)));
    const ctx = canvas.getContext('2d');
    // A page without a background is transparent; books are read on white.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: ctx, viewport }).promise;
    page.cleanup();
    const coverCanvas = scaledTo(canvas, width);
    // Encoded on this thread, one after the other: the async encode() runs on Node's shared thread pool and
    // crashed the whole process now and then (a segfault inside Skia, reproduced in docs/quality.md).
    const cover = coverCanvas.encodeSync('webp', quality);
    const thumbnail = scaledTo(coverCanvas, thumbnailWidth).encodeSync('webp', quality);
    const preview = previewWidth ? scaledTo(canvas, previewWidth).encodeSync('webp', quality) : undefined;
    const pageSize = { width: unit.width, height: unit.height };
    return preview ? { cover, thumbnail, preview, pageSize } : { cover, thumbnail, pageSize };
  } catch (err) {
    return { invalid: err.message };
  } finally {
    await doc.destroy().catch(() => {});
  }
}

parentPort.postMessage(await draw(workerData));
