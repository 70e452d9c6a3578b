import { PICKER_DESCRIPTION_PREVIEW } from '../constants.ts';
import { BOOK_SERVER_MESSAGES, VALIDATION } from '../messages.ts';
import { hasControlCharacters } from '../http/control-characters.ts';
import { BOOK_TEXT_MAX_LENGTH } from '../narration/narration.rules.ts';

export const BOOK_TITLE_MAX_LENGTH = 200;
export const BOOK_AUTHOR_MAX_LENGTH = 200;
export const BOOK_DESCRIPTION_MAX_LENGTH = 5000;
export const BOOK_SEARCH_MAX_LENGTH = 100;
export const BOOK_TOKEN_COST_MIN = 1;
export const BOOK_TOKEN_COST_MAX = 100;
/** Default of the server's BOOK_MAX_BYTES: scanned picture books are 50–150 MB. */
export const BOOK_PDF_MAX_BYTES = 250 * 1024 * 1024;
export const BOOK_ATTRIBUTION_MAX_BYTES = 1024 * 1024;

export type Pagination = {
  page: number;
  per_page: number;
  total_pages: number;
  total_books: number;
  has_next: boolean;
  has_prev: boolean;
};

/**
 * The pagination fields of a list of `total` books shown `perPage` at a time, at `page` (1-based).
 * An empty list has 0 pages; a page past the end is answered as asked (and is empty).
 */
export function paginate(total: number, page: number, perPage: number): Pagination {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a positive integer, got ${page}`);
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError(`perPage must be a positive integer, got ${perPage}`);
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`total must be a non-negative integer, got ${total}`);
  const totalPages = Math.ceil(total / perPage);
  return {
    page,
    per_page: perPage,
    total_pages: totalPages,
    total_books: total,
    has_next: page < totalPages,
    has_prev: page > 1,
  };
}

/** How many books come before `page`: the offset of its first book. */
export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

export type PageButton = number | 'ellipsis';

/**
 * The page buttons of spec section 9: the first page, the last page and the current page plus or minus
 * one, in order, with an 'ellipsis' wherever pages are left out. `current` outside 1..totalPages is
 * clamped; no pages, no buttons.
 */
export function pageButtons(current: number, totalPages: number): PageButton[] {
  if (totalPages < 1) return [];
  const at = Math.min(Math.max(Math.trunc(current) || 1, 1), totalPages);
  const shown = [...new Set([1, at - 1, at, at + 1, totalPages])].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const buttons: PageButton[] = [];
  for (const p of shown) {
    const prev = buttons.at(-1);
    if (typeof prev === 'number' && p > prev + 1) buttons.push('ellipsis');
    buttons.push(p);
  }
  return buttons;
}

/**
 * A book description cut for the book picker (spec section 9): at most `max` characters of text, then an
 * ellipsis; whitespace runs fold to one space. Shorter descriptions stay whole.
 */
export function descriptionPreview(description: string, max: number = PICKER_DESCRIPTION_PREVIEW): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

/** Whether a file name has the given extension (case-insensitive, e.g. `.pdf`). */
export const hasExtension = (fileName: string, extension: string) =>
  fileName.trim().toLowerCase().endsWith(extension.toLowerCase()) && fileName.trim().length > extension.length;

const TRUE_FLAGS = new Set(['true', '1', 'on', 'yes']);
const FALSE_FLAGS = new Set(['false', '0', 'off', 'no', '']);

/** A form's checkbox value: true, false, or null when it is neither. */
export function parseFormFlag(value: string | boolean | null | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return false;
  const v = value.trim().toLowerCase();
  if (TRUE_FLAGS.has(v)) return true;
  if (FALSE_FLAGS.has(v)) return false;
  return null;
}

/** A whole number of tokens from a form value, or null when it is not one in range. */
export function parseTokenCost(value: string | number | null | undefined): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= BOOK_TOKEN_COST_MIN && n <= BOOK_TOKEN_COST_MAX ? n : null;
}

export type BookUploadForm = {
  title?: string | null;
  author?: string | null;
  description?: string | null;
  /** The chosen files' names; null or empty when none was chosen. */
  pdfFileName?: string | null;
  attributionFileName?: string | null;
  isPremium?: string | boolean | null;
  tokenCost?: string | number | null;
  /** The book's text for AI narration, for a PDF without a text layer (optional; pages split at `---` lines). */
  narrationText?: string | null;
};

export type BookUploadCheck =
  | {
      ok: true;
      value: { title: string; author: string; description: string; isPremium: boolean; tokenCost: number; narrationText: string | null };
    }
  | { ok: false; error: string; errors: Record<string, string[]> };

/**
 * The admin upload form's rules (spec section 5), for the form and the server alike. Title, author, the
 * PDF and the attribution file are required ('Please fill in all required fields'); the PDF must end
 * .pdf, the attribution .txt; a premium book needs a token cost. The first problem is the summary.
 */
export function checkBookUpload(form: BookUploadForm): BookUploadCheck {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const title = (form.title ?? '').trim();
  const author = (form.author ?? '').trim();
  const description = (form.description ?? '').trim();
  const narrationText = (form.narrationText ?? '').trim();
  const pdfName = (form.pdfFileName ?? '').trim();
  const attributionName = (form.attributionFileName ?? '').trim();

  if (!title) add('title', VALIDATION.fillRequiredFields);
  if (!author) add('author', VALIDATION.fillRequiredFields);
  if (!pdfName) add('pdf_file', VALIDATION.fillRequiredFields);
  if (!attributionName) add('attribution_file', VALIDATION.fillRequiredFields);
  if (pdfName && !hasExtension(pdfName, '.pdf')) add('pdf_file', VALIDATION.selectPdf);
  if (attributionName && !hasExtension(attributionName, '.txt')) add('attribution_file', VALIDATION.selectTxt);
  if (title.length > BOOK_TITLE_MAX_LENGTH) add('title', VALIDATION.tooLong(BOOK_TITLE_MAX_LENGTH));
  if (author.length > BOOK_AUTHOR_MAX_LENGTH) add('author', VALIDATION.tooLong(BOOK_AUTHOR_MAX_LENGTH));
  if (description.length > BOOK_DESCRIPTION_MAX_LENGTH) add('description', VALIDATION.tooLong(BOOK_DESCRIPTION_MAX_LENGTH));
  const narrationProblem = checkNarrationText(narrationText);
  if (narrationProblem) add('narration_text', narrationProblem);
  for (const [field, value, multiline] of [
    ['title', title, false],
    ['author', author, false],
    ['description', description, true],
  ] as const) {
    if (hasControlCharacters(value, multiline)) add(field, VALIDATION.controlCharacters);
  }

  const isPremium = parseFormFlag(form.isPremium);
  if (isPremium === null) add('is_premium', BOOK_SERVER_MESSAGES.premiumFlagInvalid);
  const tokenCost = isPremium ? parseTokenCost(form.tokenCost) : 0;
  if (isPremium && tokenCost === null) add('token_cost', BOOK_SERVER_MESSAGES.tokenCostRange(BOOK_TOKEN_COST_MIN, BOOK_TOKEN_COST_MAX));

  // The summary follows the spec's order: required fields, then the PDF, then the text file.
  const order = [VALIDATION.fillRequiredFields, VALIDATION.selectPdf, VALIDATION.selectTxt];
  const messages = Object.values(errors).flat();
  if (messages.length) {
    const first = order.find((m) => messages.includes(m)) ?? messages[0]!;
    return { ok: false, error: first, errors };
  }
  return { ok: true, value: { title, author, description, isPremium: isPremium === true, tokenCost: tokenCost ?? 0, narrationText: narrationText || null } };
}

/** What is wrong with a book text a site admin entered for narration (trimmed), or null. */
export function checkNarrationText(text: string): string | null {
  if (text.length > BOOK_TEXT_MAX_LENGTH) return VALIDATION.tooLong(BOOK_TEXT_MAX_LENGTH);
  if (hasControlCharacters(text, true)) return VALIDATION.controlCharacters;
  return null;
}
