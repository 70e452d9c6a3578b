import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookResponse } from '@fst/shared/books/books.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksQueryKey } from './books-query-keys.ts';

/** GET /api/books/{id} (`premium=true` when opened from the premium library). */
export function getBook(bookId: string, options: { premium?: boolean } = {}): Promise<BookResponse> {
  const search = options.premium ? '?premium=true' : '';
  return apiRequest<BookResponse>(`/api/books/${encodeURIComponent(bookId)}${search}`);
}

export const bookQueryOptions = (bookId: string, options: { premium?: boolean } = {}) =>
  queryOptions({
    queryKey: [...booksQueryKey, 'detail', bookId, Boolean(options.premium)] as const,
    queryFn: () => getBook(bookId, options),
  });

export function useBook(bookId: string, options: { premium?: boolean } = {}) {
  return useQuery(bookQueryOptions(bookId, options));
}
