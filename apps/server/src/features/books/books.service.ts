import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { z } from 'zod';
import { BOOK_SERVER_MESSAGES, VALIDATION } from '@fst/shared/messages';
import {
  BOOK_ATTRIBUTION_MAX_BYTES,
  BOOK_PDF_MAX_BYTES,
  checkBookUpload,
  checkNarrationText,
  hasExtension,
  pageOffset,
  paginate,
} from '@fst/shared/books/books.rules';
import type { Book, BookListResponse, bookListQuery } from '@fst/shared/books/books.schema';
import { narrationScript } from '@fst/shared/narration/narration.rules';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import { drain, formStreamError, type FormPart } from '../../platform/multipart.ts';
import { DEFAULT_PDF_READ_LIMITS, InvalidPdfError, PdfTooBigError, readPdfBytes } from '../../platform/pdf/pdf-text.ts';
import { MEDIA_LINK_TTL_MS, ObjectTooLargeError, type Storage } from '../../platform/storage/storage.ts';
import type { BookFilter, BookRow, BooksRepository } from './books.repository.ts';

/** How long a book file link handed to a signed-in user stays valid. */
export const BOOK_LINK_TTL_MS = MEDIA_LINK_TTL_MS;

const MB = 1024 * 1024;

/** The two files of an upload: where they go, how big they may be, what they must be called. */
const uploadFiles = (pdfMaxBytes: number) =>
  ({
    pdf_file: { extension: '.pdf', file: 'book.pdf', maxBytes: pdfMaxBytes, tooLarge: BOOK_SERVER_MESSAGES.pdfTooLarge(Math.floor(pdfMaxBytes / MB)) },
    attribution_file: {
      extension: '.txt',
      file: 'attribution.txt',
      maxBytes: BOOK_ATTRIBUTION_MAX_BYTES,
      tooLarge: BOOK_SERVER_MESSAGES.attributionTooLarge(BOOK_ATTRIBUTION_MAX_BYTES / MB),
    },
  }) as const;
type UploadFiles = ReturnType<typeof uploadFiles>;
type UploadFileField = keyof UploadFiles;
const isUploadFile = (name: string): name is UploadFileField => name === 'pdf_file' || name === 'attribution_file';

/** What the billing feature knows about unlocked premium books; nothing is unlocked until it exists. */
export type PremiumUnlocks = { unlockedBookIds(userId: string): Promise<Set<string> | 'all'> };
export const noPremiumUnlocks: PremiumUnlocks = { unlockedBookIds: async () => new Set() };
/** What the requests feature knows: whether a pending premium request of a book is to this reader. */
export type PremiumRequests = { isOpenPremiumRequest(requestId: string, readerId: string, bookId: string): Promise<boolean> };
type Unlocked = Set<string> | 'all';

type Deps = {
  books: BooksRepository;
  storage: Storage;
  clock: Clock;
  premium: PremiumUnlocks;
  premiumRequests?: PremiumRequests;
  /** The text of each page of a PDF (off the request's thread); throws InvalidPdfError for anything that is not a readable PDF, PdfTooBigError past its limits. */
  extractText: (pdf: Uint8Array) => Promise<string[]>;
  /** The largest book PDF taken (BOOK_MAX_BYTES). */
  pdfMaxBytes?: number;
  /** The most pages a book may have (refused as soon as the PDF opens). */
  pdfMaxPages?: number;
  log: { error: (obj: unknown, msg: string) => void };
  /** Queues the job that draws a book's cover (book-covers.ts); optional for tests that build the service alone. */
  queueCover?: (bookId: string) => Promise<unknown>;
};

/** Plain text: valid UTF-8 without NUL bytes (which no text editor writes). */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function createBooksService(deps: Deps) {
  const { books, storage } = deps;
  const UPLOAD_FILES = uploadFiles(deps.pdfMaxBytes ?? BOOK_PDF_MAX_BYTES);

  const requireSiteAdmin = (session: SessionUser) => {
    if (!session.user.is_admin) throw forbidden(BOOK_SERVER_MESSAGES.onlySiteAdmins);
  };

  const toBook = async (row: BookRow, unlocked: Unlocked, canManage = false): Promise<Book> => {
    const isUnlocked = !row.isPremium || unlocked === 'all' || unlocked.has(row.id);
    return {
      id: row.id,
      title: row.title,
      author: row.author,
      description: row.description,
      // A locked premium book's pages stay private until it is unlocked (site admins always see them).
      pdf_url: isUnlocked || canManage ? await storage.signedUrl(row.pdfKey, BOOK_LINK_TTL_MS) : null,
      attribution_url: await storage.signedUrl(row.attributionKey, BOOK_LINK_TTL_MS),
      created_at: row.createdAt.toISOString(),
      is_premium: row.isPremium,
      token_cost: row.isPremium ? row.tokenCost : 0,
      is_unlocked: isUnlocked,
      page_count: row.pageCount,
      preview_url: null,
      // The book's text is the book: only those who manage the catalogue see it here.
      narration_text: canManage ? row.narrationText : null,
      // The first page drawn as images; null until the cover job has made them.
      cover_url: row.coverKey ? await storage.signedUrl(row.coverKey, BOOK_LINK_TTL_MS) : null,
      thumbnail_url: row.thumbnailKey ? await storage.signedUrl(row.thumbnailKey, BOOK_LINK_TTL_MS) : null,
      first_page_size: row.firstPageWidth !== null && row.firstPageHeight !== null ? { width: row.firstPageWidth, height: row.firstPageHeight } : null,
    };
  };

  async function list(session: SessionUser, query: z.output<typeof bookListQuery>, filter: BookFilter, order: 'title' | 'newest'): Promise<BookListResponse> {
    const { rows, total } = await books.list(
      { ...filter, q: query.q || undefined },
      { limit: query.per_page, offset: pageOffset(query.page, query.per_page), order },
    );
    const unlocked: Unlocked = rows.some((r) => r.isPremium) ? await deps.premium.unlockedBookIds(session.user.id) : new Set<string>();
    return { books: await Promise.all(rows.map((r) => toBook(r, unlocked, session.user.is_admin))), pagination: paginate(total, query.page, query.per_page) };
  }

  /** Where a locked premium book's first page was kept as a one-page PDF before the cover job drew it: deleted with the book. */
  const oldPreviewKey = (bookId: string) => `books/${bookId}/first-page.pdf`;

  /** Deletes stored files, logging (not throwing) failures: the caller's outcome stands either way. */
  const removeFiles = (keys: string[]) =>
    Promise.all(keys.map((key) => storage.delete(key).catch((err) => deps.log.error({ err, key }, 'book file could not be deleted'))));

  return {
    /** The regular library, by title. */
    library: (session: SessionUser, query: z.output<typeof bookListQuery>) => list(session, query, { premium: false }, 'title'),
    /** The premium library, by title, with whether the caller has unlocked each book. */
    premiumLibrary: (session: SessionUser, query: z.output<typeof bookListQuery>) => list(session, query, { premium: true }, 'title'),
    /** The regular or premium library without some books, by title: the books a reader has not recorded yet. */
    libraryExcluding: (session: SessionUser, query: z.output<typeof bookListQuery>, premium: boolean, excludeIds: readonly string[]) =>
      list(session, query, { premium, excludeIds }, 'title'),
    /** Every book, newest first: the admin list. */
    async adminList(session: SessionUser, query: z.output<typeof bookListQuery>) {
      requireSiteAdmin(session);
      return list(session, query, {}, 'newest');
    },

    /**
     * One book. A reader asked for a locked premium book (issue 22) reads its pages when naming that pending
     * request: for recording it and its preview, not as unlocked anywhere else.
     */
    async get(session: SessionUser, bookId: string, requestId?: string): Promise<{ book: Book }> {
      const row = await books.find(bookId);
      if (!row) throw notFound(BOOK_SERVER_MESSAGES.bookNotFound);
      const unlocked: Unlocked = row.isPremium ? await deps.premium.unlockedBookIds(session.user.id) : new Set<string>();
      const book = await toBook(row, unlocked, session.user.is_admin);
      if (book.pdf_url === null && requestId && (await deps.premiumRequests?.isOpenPremiumRequest(requestId, session.user.id, row.id))) {
        book.pdf_url = await storage.signedUrl(row.pdfKey, BOOK_LINK_TTL_MS);
      }
      // Locked: its first page drawn by the cover job, so the book can be judged before it is unlocked (issue 22).
      if (book.pdf_url === null && row.previewKey) book.preview_url = await storage.signedUrl(row.previewKey, BOOK_LINK_TTL_MS);
      return { book };
    },

    /**
     * The text of each page of a book, for narration: the text a site admin entered for it, else the text
     * extracted from its PDF (empty pages kept in step).
     */
    async pageTexts(bookId: string): Promise<string[]> {
      const [row, pages] = await Promise.all([books.find(bookId), books.pages(bookId)]);
      const extracted = pages.map((p) => p.text);
      return narrationScript(extracted, row?.narrationText)?.map((p) => p.text) ?? extracted;
    },

    /** `PUT /api/admin/books/{id}/narration-text`: sets (or, empty, clears) the text AI stories read for a book. */
    async setNarrationText(session: SessionUser, bookId: string, text: string): Promise<{ book: Book }> {
      requireSiteAdmin(session);
      const trimmed = text.trim();
      const problem = checkNarrationText(trimmed);
      if (problem) throw fieldError('narration_text', problem);
      const row = await books.setNarrationText(bookId, trimmed || null);
      if (!row) throw notFound(BOOK_SERVER_MESSAGES.bookNotFound);
      return { book: await toBook(row, new Set(), true) };
    },

    /**
     * Adds a book from the admin upload form, streamed: each file goes to storage as it arrives, then
     * the whole is checked (spec section 5 and more: a real PDF, text that is text, size limits). On any
     * failure nothing stays behind: no row, no file.
     */
    async upload(session: SessionUser, form: AsyncIterable<FormPart>): Promise<{ book: Book }> {
      requireSiteAdmin(session);
      const id = randomUUID();
      const fields = new Map<string, string>();
      const files: Partial<Record<UploadFileField, { filename: string; key?: string; size?: number }>> = {};
      const stored: string[] = [];
      try {
        for await (const part of form) {
          if (part.kind === 'field') {
            if (!fields.has(part.name)) fields.set(part.name, part.value);
            continue;
          }
          // An empty file input arrives as a file without a name; extra or unknown files are ignored.
          if (!isUploadFile(part.name) || files[part.name] || !part.filename.trim()) {
            await drain(part.stream).catch((err) => {
              throw formStreamError(err) ?? err;
            });
            continue;
          }
          const spec = UPLOAD_FILES[part.name];
          if (!hasExtension(part.filename, spec.extension)) {
            // Refused below with the form's own message; not worth storing.
            files[part.name] = { filename: part.filename };
            await drain(part.stream).catch((err) => {
              throw formStreamError(err) ?? err;
            });
            continue;
          }
          const key = `books/${id}/${spec.file}`;
          try {
            const { size } = await storage.put(key, part.stream, { maxBytes: spec.maxBytes });
            stored.push(key);
            files[part.name] = { filename: part.filename, key, size };
          } catch (err) {
            if (err instanceof ObjectTooLargeError) throw new AppError('payload_too_large', spec.tooLarge, { [part.name]: [spec.tooLarge] });
            throw formStreamError(err) ?? err;
          }
        }

        const check = checkBookUpload({
          title: fields.get('title'),
          author: fields.get('author'),
          description: fields.get('description'),
          pdfFileName: files.pdf_file?.filename,
          attributionFileName: files.attribution_file?.filename,
          isPremium: fields.get('is_premium'),
          tokenCost: fields.get('token_cost'),
          narrationText: fields.get('narration_text'),
        });
        if (!check.ok) throw new AppError('invalid_input', check.error, check.errors);
        const pdfKey = files.pdf_file!.key!;
        const attributionKey = files.attribution_file!.key!;

        let pages: string[];
        try {
          pages = await deps.extractText(await readPdfBytes(await storage.get(pdfKey), files.pdf_file!.size!));
        } catch (err) {
          if (err instanceof InvalidPdfError) throw fieldError('pdf_file', BOOK_SERVER_MESSAGES.invalidPdf);
          if (err instanceof PdfTooBigError) {
            throw fieldError(
              'pdf_file',
              err.reason === 'pages'
                ? BOOK_SERVER_MESSAGES.pdfTooManyPages(deps.pdfMaxPages ?? DEFAULT_PDF_READ_LIMITS.maxPages)
                : BOOK_SERVER_MESSAGES.pdfTooHeavy,
            );
          }
          throw err;
        }
        if (!pages.length) throw fieldError('pdf_file', BOOK_SERVER_MESSAGES.invalidPdf);

        const attribution = await buffer(await storage.get(attributionKey));
        if (!isPlainText(attribution)) throw fieldError('attribution_file', BOOK_SERVER_MESSAGES.attributionNotText);
        if (!attribution.toString('utf8').trim()) throw fieldError('attribution_file', VALIDATION.fillRequiredFields);

        const row = await books.insert(
          {
            id,
            title: check.value.title,
            author: check.value.author,
            description: check.value.description,
            pdfKey,
            attributionKey,
            isPremium: check.value.isPremium,
            tokenCost: check.value.tokenCost,
            narrationText: check.value.narrationText,
            pageCount: pages.length,
            createdBy: session.user.id,
            createdAt: deps.clock.now(),
          },
          pages,
        );
        // The book stands without its cover: a job not queued now is queued at the next start.
        await deps.queueCover?.(id).catch((err) => deps.log.error({ err, bookId: id }, 'book cover job could not be queued'));
        return { book: await toBook(row, new Set(), true) };
      } catch (err) {
        await removeFiles(stored);
        throw err;
      }
    },

    async remove(session: SessionUser, bookId: string): Promise<{ ok: true }> {
      requireSiteAdmin(session);
      const row = await books.delete(bookId);
      if (!row) throw notFound(BOOK_SERVER_MESSAGES.bookNotFound);
      await removeFiles([
        row.pdfKey,
        row.attributionKey,
        oldPreviewKey(row.id),
        ...[row.coverKey, row.thumbnailKey, row.previewKey].filter((k): k is string => Boolean(k)),
      ]);
      return { ok: true };
    },
  };
}
export type BooksService = ReturnType<typeof createBooksService>;
