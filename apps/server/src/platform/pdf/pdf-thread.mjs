// A book's text read with pdf.js (legacy build, the one for Node) on a thread of its own (pdf-text.ts), so a
// heavy PDF never holds up the server's requests; the thread's heap limit bounds its memory. Plain
// JavaScript, so the thread starts the same under node, tsx and vitest.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** `{ data: Uint8Array, maxPages }` → `{ pages: string[] }`, or `{ invalid: message }`, or `{ tooManyPages: count }`. */
async function read({ data, maxPages }) {
  const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = lib.getDocument({
    data,
    standardFontDataUrl,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    return { invalid: err.message };
  }
  try {
    // The page count is known once the document opens: a hostile count is refused before any page is read.
    if (doc.numPages > maxPages) return { tooManyPages: doc.numPages };
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(
        text
          .replace(/[ \t]+\n/g, '\n')
          .replace(/[ \t]{2,}/g, ' ')
          .replaceAll('\0', '')
          .trim(),
      );
      page.cleanup();
    }
    return { pages };
  } catch (err) {
    return { invalid: err.message };
  } finally {
    await doc.destroy().catch(() => {});
  }
}

parentPort.postMessage(await read(workerData));
