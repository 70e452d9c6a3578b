import { z } from 'zod';
import { text } from '../http/text.ts';
import { BOOK_PAGE_SIZE_DEFAULT, BOOK_PAGE_SIZE_MAX } from '../constants.ts';
import { BOOK_SERVER_MESSAGES, VALIDATION } from '../messages.ts';
import { BOOK_TEXT_MAX_LENGTH } from '../narration/narration.rules.ts';
import { BOOK_SEARCH_MAX_LENGTH } from './books.rules.ts';

// Query strings carry text; an empty value counts as absent. Pages beyond any real catalogue are refused
// so an offset stays a small number.
const PAGE_MAX = 10_000_000;
const wholeNumber = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' ? (/^\s*\d{1,12}\s*$/.test(v) ? Number(v) : NaN) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );

export const bookListQuery = z.object({
  page: wholeNumber(BOOK_SERVER_MESSAGES.pageInvalid, 1, PAGE_MAX, 1),
  per_page: wholeNumber(BOOK_SERVER_MESSAGES.perPageRange(BOOK_PAGE_SIZE_MAX), 1, BOOK_PAGE_SIZE_MAX, BOOK_PAGE_SIZE_DEFAULT),
  /** Matches title, author or the text of the book's pages. */
  q: text().trim().max(BOOK_SEARCH_MAX_LENGTH, BOOK_SERVER_MESSAGES.searchTooLong(BOOK_SEARCH_MAX_LENGTH)).optional(),
});
export type BookListQuery = z.input<typeof bookListQuery>;

export const bookParams = z.object({ id: z.uuid({ error: BOOK_SERVER_MESSAGES.bookNotFound }) });
// `premium=true` comes from the premium library's links; a book is found by its id either way. `request`
// names the story request a reader records it for: a premium book asked of them shows its pages for it.
export const bookDetailQuery = z.object({
  premium: text().optional(),
  request: z.uuid({ error: BOOK_SERVER_MESSAGES.bookNotFound }).optional(),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  total_books: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});

export const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  description: z.string(),
  /**
   * A signed link valid about an hour; null when the caller may not read the file (a locked premium book,
   * unless asked with the `request` a reader records it for).
   */
  pdf_url: z.string().nullable(),
  attribution_url: z.string().nullable(),
  created_at: z.string(),
  is_premium: z.boolean(),
  /** Tokens to unlock a premium book; 0 for the regular library. */
  token_cost: z.number().int(),
  /** Regular books are always unlocked; a premium book once the caller has unlocked it. */
  is_unlocked: z.boolean(),
  page_count: z.number().int(),
  /** Described in the OpenAPI document as well. */
  preview_url: z
    .string()
    .nullable()
    .describe(
      "A locked premium book's first page alone, drawn as a WebP image 1200 px wide (signed link), to preview it before unlocking: " +
        'on GET /api/books/{id} only; null elsewhere, once the pages can be read (pdf_url), and until the cover job has drawn it (shortly after upload).',
    ),
  /** Site admins only (null for everyone else): the book text entered for AI narration, if any. */
  narration_text: z.string().nullable(),
  /** Signed links to the first page drawn as images (cover about 600 px wide, thumbnail 200 px); null until made. */
  cover_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** The first page's size in PDF points, so a view can lay the page out before the PDF arrives; null until read. */
  first_page_size: z.object({ width: z.number(), height: z.number() }).nullable(),
});
export type Book = z.infer<typeof bookSchema>;

export const bookListResponse = z.object({ books: z.array(bookSchema), pagination: paginationSchema });
export type BookListResponse = z.infer<typeof bookListResponse>;
export const bookResponse = z.object({ book: bookSchema });
export type BookResponse = z.infer<typeof bookResponse>;

/** The multipart fields of `POST /api/admin/books` (files: pdf_file, attribution_file). */
export const BOOK_UPLOAD_FIELDS = ['title', 'author', 'description', 'is_premium', 'token_cost', 'narration_text'] as const;
export const BOOK_UPLOAD_FILES = ['pdf_file', 'attribution_file'] as const;

/** `PUT /api/admin/books/{id}/narration-text`: a site admin sets (or, empty, clears) a book's text for AI narration. */
export const narrationTextBody = z.object({
  narration_text: text({ error: BOOK_SERVER_MESSAGES.narrationTextInvalid, multiline: true }).max(
    BOOK_TEXT_MAX_LENGTH,
    VALIDATION.tooLong(BOOK_TEXT_MAX_LENGTH),
  ),
});
export type NarrationTextBody = z.input<typeof narrationTextBody>;
