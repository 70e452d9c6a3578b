import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

export class InvalidPdfError extends Error {}

const PDF_MAGIC = Buffer.from('%PDF-');
// Readers accept the header anywhere in the first kilobyte (PDF 1.7, annex H).
const MAGIC_WINDOW = 1024;

/** Whether the bytes start like a PDF file. */
export const looksLikePdf = (head: Uint8Array) => Buffer.from(head.subarray(0, MAGIC_WINDOW)).indexOf(PDF_MAGIC) !== -1;

const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

// Loaded once, on the first upload: pdf.js takes most of a second to import.
let pdfjs: Promise<typeof PdfJs> | undefined;

/**
 * The text of each page of a PDF, in page order, read with pdf.js (legacy build, the one for Node).
 * Throws InvalidPdfError when the bytes are not a PDF pdf.js can open (damaged, encrypted, not a PDF).
 */
export async function extractPdfText(data: Uint8Array): Promise<string[]> {
  if (!looksLikePdf(data)) throw new InvalidPdfError('no PDF header');
  const lib = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  const task = lib.getDocument({
    // pdf.js takes ownership of the buffer it is given; a copy leaves the caller's intact.
    data: new Uint8Array(data),
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
    throw new InvalidPdfError((err as Error).message);
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text.replace(/[ \t]+\n/g, '\n').replace(/[ \t]{2,}/g, ' ').replaceAll('\0', '').trim());
      page.cleanup();
    }
    return pages;
  } catch (err) {
    throw new InvalidPdfError((err as Error).message);
  } finally {
    await doc.destroy().catch(() => {});
  }
}
