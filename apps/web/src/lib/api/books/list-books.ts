import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookListResponse } from '@fst/shared/books/books.schema';
import { apiRequest } from '../../api-client.ts';
import { booksQueryKey } from './books-query-keys.ts';

export type BookListParams = { page: number; perPage: number; q?: string | undefined };

/** The query string of a paged book list; an empty search is left out. */
export function bookListSearch({ page, perPage, q }: BookListParams): string {
  const search = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  const query = q?.trim();
  if (query) search.set('q', query);
  return search.toString();
}

/** GET /api/books: the regular library, by title. */
export function listBooks(params: BookListParams): Promise<BookListResponse> {
  return apiRequest<BookListResponse>(`/api/books?${bookListSearch(params)}`);
}

export const booksQueryOptions = (params: BookListParams) =>
  queryOptions({
    queryKey: [...booksQueryKey, 'library', params] as const,
    queryFn: () => listBooks(params),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useBooks(params: BookListParams) {
  return useQuery(booksQueryOptions(params));
}
