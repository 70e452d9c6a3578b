import { okResponse } from '@fst/shared/http/error.schema';
import { BOOK_PDF_MAX_BYTES } from '@fst/shared/books/books.rules';
import { bookDetailQuery, bookListQuery, bookListResponse, bookParams, bookResponse, narrationTextBody } from '@fst/shared/books/books.schema';
import { BOOK_TEXT_MAX_LENGTH } from '@fst/shared/narration/narration.rules';
import { requireSession, type App } from '../../platform/http.ts';
import { formParts, type FormLimits } from '../../platform/multipart.ts';
import type { BooksService } from './books.service.ts';

// The upload form: six text fields and two files; busboy stops a file one byte past the largest allowed.
// The book text may hold its longest length in four-byte characters.
const uploadLimits = (pdfMaxBytes: number): FormLimits => ({ fileBytes: pdfMaxBytes + 1, files: 4, fields: 12, fieldBytes: 4 * BOOK_TEXT_MAX_LENGTH });

export function booksRoutes(app: App, { books }: { books: BooksService }) {
  const tags = ['books'];

  app.get('/api/books', { schema: { tags, querystring: bookListQuery, response: { 200: bookListResponse } } }, async (req) =>
    books.library(requireSession(req), req.query),
  );
  app.get('/api/books/:id', { schema: { tags, params: bookParams, querystring: bookDetailQuery, response: { 200: bookResponse } } }, async (req) =>
    books.get(requireSession(req), req.params.id, req.query.request),
  );
  app.get('/api/premium-books', { schema: { tags, querystring: bookListQuery, response: { 200: bookListResponse } } }, async (req) =>
    books.premiumLibrary(requireSession(req), req.query),
  );

  const admin = ['admin'];
  app.get('/api/admin/books', { schema: { tags: admin, querystring: bookListQuery, response: { 200: bookListResponse } } }, async (req) =>
    books.adminList(requireSession(req), req.query),
  );
  app.put(
    '/api/admin/books/:id/narration-text',
    { schema: { tags: admin, params: bookParams, body: narrationTextBody, response: { 200: bookResponse } } },
    async (req) => books.setNarrationText(requireSession(req), req.params.id, req.body.narration_text),
  );
  app.delete('/api/admin/books/:id', { schema: { tags: admin, params: bookParams, response: { 200: okResponse } } }, async (req) =>
    books.remove(requireSession(req), req.params.id),
  );
}

/** The route that takes a form (multipart/form-data): registered where @fastify/multipart is (composition/routes.ts). */
export function bookFormRoutes(app: App, { books, pdfMaxBytes = BOOK_PDF_MAX_BYTES }: { books: BooksService; pdfMaxBytes?: number }) {
  const UPLOAD_LIMITS = uploadLimits(pdfMaxBytes);
  app.post('/api/admin/books', { schema: { tags: ['admin'], consumes: ['multipart/form-data'], response: { 201: bookResponse } } }, async (req, reply) =>
    reply.code(201).send(await books.upload(requireSession(req), formParts(req, UPLOAD_LIMITS))),
  );
}
