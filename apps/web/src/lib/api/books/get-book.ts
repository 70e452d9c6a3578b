import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookResponse } from '@fst/shared/books/books.schema';
import { apiRequest } from '../../api-client.ts';
import { booksQueryKey } from './books-query-keys.ts';

type BookOptions = {
  premium?: boolean;
  /** The story request a reader records the book for: a premium book asked of them shows its pages. */
  requestId?: string | null | undefined;
};

/** GET /api/books/{id} (`premium=true` when opened from the premium library, `request` from a story request). */
export function getBook(bookId: string, options: BookOptions = {}): Promise<BookResponse> {
  const search = new URLSearchParams();
  if (options.premium) search.set('premium', 'true');
  if (options.requestId) search.set('request', options.requestId);
  const query = search.toString();
  return apiRequest<BookResponse>(`/api/books/${encodeURIComponent(bookId)}${query ? `?${query}` : ''}`);
}

export const bookQueryOptions = (bookId: string, options: BookOptions = {}) =>
  queryOptions({
    queryKey: [...booksQueryKey, 'detail', bookId, Boolean(options.premium), options.requestId ?? null] as const,
    queryFn: () => getBook(bookId, options),
  });

export function useBook(bookId: string, options: BookOptions = {}) {
  return useQuery(bookQueryOptions(bookId, options));
}
