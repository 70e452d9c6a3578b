import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
// pdf.js loads @napi-rs/canvas, a native addon, on every PDF thread. Loaded here too, on the main thread, so a
// thread's end never unloads it while its native threads wind down (a SIGSEGV of the whole process, napi-rs#3443).
import '@napi-rs/canvas';

export class InvalidPdfError extends Error {}

const PDF_MAGIC = Buffer.from('%PDF-');
// Readers accept the header anywhere in the first kilobyte (PDF 1.7, annex H).
const MAGIC_WINDOW = 1024;

// pdf.js's standard fonts, for drawing pages whose fonts are not embedded (covers).
export const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** Whether the bytes start like a PDF file. */
export const looksLikePdf = (head: Uint8Array) => Buffer.from(head.subarray(0, MAGIC_WINDOW)).indexOf(PDF_MAGIC) !== -1;

/** A PDF too big to read: more pages than allowed, or more time or memory than a book may take. */
export class PdfTooBigError extends Error {
  constructor(readonly reason: 'pages' | 'time' | 'memory') {
    super(`the PDF takes too much ${reason}`);
  }
}

export type PdfReadLimits = {
  /** More pages than this is refused as soon as the document opens. */
  maxPages: number;
  /** The reading thread is stopped after this long. */
  timeoutMs: number;
  /** The reading thread's heap (pdf.js's parsed objects); past it the thread ends. */
  maxHeapMb: number;
};

// A picture book has 24–48 pages; scans of big ones are 50–150 MB and read in a few seconds.
export const DEFAULT_PDF_READ_LIMITS: PdfReadLimits = { maxPages: 1000, timeoutMs: 60_000, maxHeapMb: 512 };

// Bytes read by readPdfBytes, which nobody else holds.
const handOver = new WeakSet<Uint8Array>();

/**
 * A stored PDF's bytes of `size`, read into one buffer a chunk at a time: a book of 200 MB read whole with one
 * copy at the end (Buffer.concat), and copied again for its thread, held every request up for a tenth of a
 * second or more. The bytes go to the next PDF thread they are given to without a copy.
 */
export async function readPdfBytes(stream: AsyncIterable<Uint8Array>, size: number): Promise<Uint8Array> {
  let bytes = new Uint8Array(new ArrayBuffer(size));
  let length = 0;
  for await (const chunk of stream) {
    if (length + chunk.length > bytes.length) {
      // Grown since its size was read: make room (rare, so a copy is fine).
      const grown = new Uint8Array(new ArrayBuffer(Math.max(bytes.length * 2, length + chunk.length)));
      grown.set(bytes.subarray(0, length));
      bytes = grown;
    }
    bytes.set(chunk, length);
    length += chunk.length;
  }
  const whole = length === bytes.length ? bytes : new Uint8Array(bytes.buffer.slice(0, length));
  handOver.add(whole);
  return whole;
}

/**
 * Runs the PDF thread module `file` on `data` (with `extra` beside it in its workerData) within `limits`' time
 * and memory, and answers the one message it posts. Throws PdfTooBigError past a bound.
 */
export async function onPdfThread<T>(file: URL, data: Uint8Array, extra: Record<string, unknown>, limits: Omit<PdfReadLimits, 'maxPages'>): Promise<T> {
  // pdf.js owns the buffer it is given: bytes of readPdfBytes are handed over as they are, any others copied,
  // so that the caller's stay intact.
  const copy = handOver.delete(data) ? (data as Uint8Array<ArrayBuffer>) : new Uint8Array(data);
  const worker = new Worker(file, {
    workerData: { ...extra, data: copy },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  const answer = new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', (err) => reject((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PdfTooBigError('memory') : err));
    worker.once('exit', (code) => reject(new Error(`the PDF thread ended (${code}) without an answer`)));
  });
  answer.catch(() => {}); // settled by the time-out instead, its thread's end is no news
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfTooBigError('time')), limits.timeoutMs);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

/**
 * The text of each page of a PDF, in page order, read with pdf.js on a thread of its own (pdf-thread.mjs)
 * within `limits`. Throws InvalidPdfError when the bytes are not a PDF pdf.js can open (damaged, encrypted,
 * not a PDF), PdfTooBigError past a limit.
 */
export async function extractPdfText(data: Uint8Array, limits: PdfReadLimits = DEFAULT_PDF_READ_LIMITS): Promise<string[]> {
  if (!looksLikePdf(data)) throw new InvalidPdfError('no PDF header');
  const result = await onPdfThread<{ pages?: string[]; invalid?: string; tooManyPages?: number }>(
    new URL('./pdf-thread.mjs', import.meta.url),
    data,
    { maxPages: limits.maxPages },
    limits,
  );
  if (result.tooManyPages) throw new PdfTooBigError('pages');
  if (result.invalid !== undefined || !result.pages) throw new InvalidPdfError(result.invalid ?? 'no text');
  return result.pages;
}
