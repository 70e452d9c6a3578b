import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

export type { PDFDocumentProxy };

type PdfJs = typeof PdfJsModule;

let pdfJs: Promise<PdfJs> | null = null;

/** pdf.js, downloaded the first time a page shows a PDF (decisions.md "PDF rendering"). */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= Promise.all([
    import('pdfjs-dist'),
    // The worker is one of the app's own files (/static/assets/…), so the CSP's worker-src 'self' allows it.
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(
    ([lib, worker]) => {
      lib.GlobalWorkerOptions.workerSrc = worker.default;
      return lib;
    },
    (cause: unknown) => {
      // A failed download may succeed on the next try.
      pdfJs = null;
      throw cause;
    },
  );
  return pdfJs;
}

export type PageSize = { width: number; height: number };

export type OpenedPdf = {
  doc: PDFDocumentProxy;
  /** The first page's size in PDF points (scale 1): the book's usual page. */
  pageSize: PageSize;
  /** Page `pageNumber`'s own size in points: a landscape spread is laid out wider than its cover. */
  sizeOf(pageNumber: number): PageSize;
};

/**
 * Opens the PDF at `url` (a same-origin signed link; pdf.js fetches it in ranges). Rejects when the
 * library, the worker or the file cannot be loaded, or the file is not a PDF.
 */
export async function openPdf(url: string): Promise<OpenedPdf> {
  const lib = await loadPdfJs();
  // The CSP has no 'unsafe-eval': tell pdf.js not to try it (it would only log a violation).
  const doc = await lib.getDocument({ url, isEvalSupported: false }).promise;
  try {
    // Every page's box, read once (page dictionaries only, not their pictures): views lay each page out at its own size.
    const sizes = await Promise.all(
      Array.from({ length: doc.numPages }, (_, i) =>
        doc.getPage(i + 1).then((page) => {
          const { width, height } = page.getViewport({ scale: 1 });
          return { width, height };
        }),
      ),
    );
    const pageSize = sizes[0]!;
    return { doc, pageSize, sizeOf: (pageNumber) => sizes[pageNumber - 1] ?? pageSize };
  } catch (cause) {
    void doc.destroy();
    throw cause;
  }
}

/** Rendered pages kept per document: enough for a spread, the page being turned and the next ones. */
const PAGE_CACHE_SIZE = 8;

export type PageImages = {
  /** Page `pageNumber` drawn at `scale` CSS pixels per point (sharp on high-density screens). */
  get(pageNumber: number, scale: number): Promise<HTMLCanvasElement>;
};

/**
 * Draws pages off screen once and hands out the result, so a page that is shown again (a page turn, a
 * spread) appears at once instead of flashing blank while pdf.js renders it.
 */
export function createPageImages(doc: PDFDocumentProxy): PageImages {
  const cache = new Map<string, Promise<HTMLCanvasElement>>();
  return {
    get(pageNumber, scale) {
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      const key = `${pageNumber}@${scale.toFixed(3)}x${ratio}`;
      const hit = cache.get(key);
      if (hit) {
        // Most recently used last.
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const image = doc.getPage(pageNumber).then(async (page) => {
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.floor(viewport.width));
        canvas.height = Math.max(1, Math.floor(viewport.height));
        await page.render({ canvas, viewport }).promise;
        return canvas;
      });
      image.catch(() => cache.delete(key));
      cache.set(key, image);
      while (cache.size > PAGE_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return image;
    },
  };
}
