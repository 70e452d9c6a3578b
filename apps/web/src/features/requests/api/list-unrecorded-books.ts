import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookListResponse } from '@fst/shared/books/books.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { requestsQueryKey } from '../../../lib/api/requests/requests-query-keys.ts';

export type UnrecordedBooksParams = { readerId: string; premium: boolean; page: number; perPage: number; q?: string | undefined };

/**
 * GET /api/reader/{id}/unrecorded-books and /premium-unrecorded-books: the books (regular or premium) a
 * reader of the caller's family has not recorded yet, paged like /api/books.
 */
export function listUnrecordedBooks({ readerId, premium, page, perPage, q }: UnrecordedBooksParams): Promise<BookListResponse> {
  const search = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  const query = q?.trim();
  if (query) search.set('q', query);
  const list = premium ? 'premium-unrecorded-books' : 'unrecorded-books';
  return apiRequest<BookListResponse>(`/api/reader/${encodeURIComponent(readerId)}/${list}?${search.toString()}`);
}

export const unrecordedBooksQueryOptions = (params: UnrecordedBooksParams) =>
  queryOptions({
    queryKey: [...requestsQueryKey, 'unrecorded-books', params] as const,
    queryFn: () => listUnrecordedBooks(params),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUnrecordedBooks(params: UnrecordedBooksParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...unrecordedBooksQueryOptions(params), enabled });
}
