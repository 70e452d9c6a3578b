import { Readable } from 'node:stream';
import type { JobHandler, JobQueue, QueueOptions } from '../../platform/jobs/jobs.ts';
import type { CoverImages } from '../../platform/pdf/pdf-cover.ts';
import { InvalidPdfError, readPdfBytes } from '../../platform/pdf/pdf-text.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { BooksRepository } from './books.repository.ts';

/**
 * Draws a book's cover and thumbnail from its PDF's first page, after the book is stored, and reads that page's
 * size; for a premium book also the larger first-page preview that users who have not unlocked it see.
 */
export const BOOK_COVER_QUEUE = 'books.cover';
export const BOOK_COVER_OPTIONS: QueueOptions = { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 5 * 60 };
/**
 * `previewOf` or `sizeOf` (the same id) marks a job sent for a premium book's missing preview, or a book's missing
 * page size, alone, so it is not taken for its cover's.
 */
export type BookCoverJob = { bookId: string; previewOf?: string; sizeOf?: string };

type CoverMade = Parameters<BooksRepository['setCover']>[1];

type Deps = {
  books: Pick<BooksRepository, 'find' | 'setCover'>;
  storage: Storage;
  render: (pdf: Uint8Array, options: { preview?: boolean }) => Promise<CoverImages>;
  log: { warn: (obj: unknown, msg: string) => void };
};

export const coverKeys = (bookId: string) => ({
  coverKey: `books/${bookId}/cover.webp`,
  thumbnailKey: `books/${bookId}/thumbnail.webp`,
  previewKey: `books/${bookId}/preview.webp`,
});

export function createCoverMaker(deps: Deps): JobHandler<BookCoverJob> {
  return async ({ bookId }) => {
    const row = await deps.books.find(bookId);
    if (!row) return;
    // Made already (a repeated job) or, for a book stored before previews or page sizes, only those are missing.
    const needsCover = !row.coverKey;
    const needsPreview = row.isPremium && !row.previewKey;
    const needsSize = row.firstPageWidth === null || row.firstPageHeight === null;
    if (!needsCover && !needsPreview && !needsSize) return;
    let images;
    try {
      const size = (await deps.storage.stat(row.pdfKey))?.size ?? 0;
      images = await deps.render(await readPdfBytes(await deps.storage.get(row.pdfKey), size), { preview: needsPreview });
    } catch (err) {
      // A PDF pdf.js opens for text but cannot draw keeps its coloured tile; retrying would not help.
      if (err instanceof InvalidPdfError) return deps.log.warn({ err, bookId }, 'book cover could not be drawn');
      throw err;
    }
    const keys = coverKeys(bookId);
    const made: CoverMade = { firstPageWidth: images.pageSize.width, firstPageHeight: images.pageSize.height };
    if (needsCover) {
      await deps.storage.put(keys.coverKey, Readable.from([images.cover]));
      await deps.storage.put(keys.thumbnailKey, Readable.from([images.thumbnail]));
      made.coverKey = keys.coverKey;
      made.thumbnailKey = keys.thumbnailKey;
    }
    if (needsPreview && images.preview) {
      await deps.storage.put(keys.previewKey, Readable.from([images.preview]));
      made.previewKey = keys.previewKey;
    }
    // The book deleted while its images were drawn: the files go too.
    if (!(await deps.books.setCover(bookId, made))) {
      await Promise.all([made.coverKey, made.thumbnailKey, made.previewKey].filter((key) => key !== undefined).map((key) => deps.storage.delete(key)));
    }
  };
}

/**
 * Sends the cover job of every book without a cover, of every premium book without its preview and of every
 * book without its page size, whose job (of that kind) was not sent in the last days: books added before
 * covers, previews or page sizes existed get theirs at the next start, and a PDF that cannot be drawn is not
 * tried at each one.
 */
export async function queueMissingCovers(
  jobs: Pick<JobQueue, 'send' | 'sentKeys'>,
  books: Pick<BooksRepository, 'withoutCover' | 'withoutPreview' | 'withoutPageSize'>,
): Promise<number> {
  let queued = 0;
  const queue = async (ids: string[], key: 'bookId' | 'previewOf' | 'sizeOf') => {
    if (!ids.length) return;
    const sent = await jobs.sentKeys(BOOK_COVER_QUEUE, key);
    for (const bookId of ids.filter((id) => !sent.has(id))) {
      await jobs.send(BOOK_COVER_QUEUE, (key === 'bookId' ? { bookId } : { bookId, [key]: bookId }) satisfies BookCoverJob);
      queued += 1;
    }
  };
  await queue(await books.withoutCover(), 'bookId');
  await queue(await books.withoutPreview(), 'previewOf');
  await queue(await books.withoutPageSize(), 'sizeOf');
  return queued;
}
