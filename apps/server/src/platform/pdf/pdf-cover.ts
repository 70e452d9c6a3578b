import { BOOK_PREVIEW_WIDTH } from '@fst/shared/constants';
import { DEFAULT_PDF_READ_LIMITS, InvalidPdfError, looksLikePdf, onPdfThread, type PdfReadLimits } from './pdf-text.ts';

/** Widths of a book's cover images, in pixels: the cover for the book page and player, the thumbnail for lists. */
export const COVER_WIDTH = 600;
export const THUMBNAIL_WIDTH = 200;
/** Width of a locked premium book's first-page preview, in pixels (the shared constant says why). */
export const PREVIEW_WIDTH = BOOK_PREVIEW_WIDTH;
const WEBP_QUALITY = 80;

/** The page's size in PDF points (1/72 inch), its rotation applied: what pdf.js lays it out at, at scale 1. */
export type PageSize = { width: number; height: number };
export type CoverImages = { cover: Buffer; thumbnail: Buffer; preview?: Buffer; pageSize: PageSize };

/**
 * The first page of a PDF drawn as WebP images, by pdf.js on @napi-rs/canvas (Skia), on a thread of its own
 * (pdf-cover-thread.mjs) within the time and memory bounds of reading a book: the cover (COVER_WIDTH wide),
 * its thumbnail (THUMBNAIL_WIDTH wide) and, when asked, the preview (PREVIEW_WIDTH wide), at the page's own
 * aspect ratio, and the page's size. Throws InvalidPdfError when the page cannot be drawn, PdfTooBigError past a bound.
 */
export async function renderPdfCover(
  data: Uint8Array,
  options: { preview?: boolean } = {},
  limits: Omit<PdfReadLimits, 'maxPages'> = DEFAULT_PDF_READ_LIMITS,
): Promise<CoverImages> {
  if (!looksLikePdf(data)) throw new InvalidPdfError('no PDF header');
  const result = await onPdfThread<{ cover?: Uint8Array; thumbnail?: Uint8Array; preview?: Uint8Array; pageSize?: PageSize; invalid?: string }>(
    new URL('./pdf-cover-thread.mjs', import.meta.url),
    data,
    { width: COVER_WIDTH, thumbnailWidth: THUMBNAIL_WIDTH, previewWidth: options.preview ? PREVIEW_WIDTH : undefined, quality: WEBP_QUALITY },
    limits,
  );
  if (result.invalid !== undefined || !result.cover || !result.thumbnail || !result.pageSize || (options.preview && !result.preview)) {
    throw new InvalidPdfError(result.invalid ?? 'nothing drawn');
  }
  const images: CoverImages = { cover: Buffer.from(result.cover), thumbnail: Buffer.from(result.thumbnail), pageSize: result.pageSize };
  if (result.preview) images.preview = Buffer.from(result.preview);
  return images;
}
