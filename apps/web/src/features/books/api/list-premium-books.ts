import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookListResponse } from '@fst/shared/books/books.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksQueryKey } from '../../../lib/api/books/books-query-keys.ts';
import { bookListSearch, type BookListParams } from '../../../lib/api/books/list-books.ts';

/** GET /api/premium-books: premium books with their token cost and whether the caller unlocked them. */
export function listPremiumBooks(params: BookListParams): Promise<BookListResponse> {
  return apiRequest<BookListResponse>(`/api/premium-books?${bookListSearch(params)}`);
}

export const premiumBooksQueryOptions = (params: BookListParams) =>
  queryOptions({
    queryKey: [...booksQueryKey, 'premium', params] as const,
    queryFn: () => listPremiumBooks(params),
    placeholderData: keepPreviousData,
  });

export function usePremiumBooks(params: BookListParams) {
  return useQuery(premiumBooksQueryOptions(params));
}
