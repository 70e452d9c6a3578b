import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookListResponse } from '@fst/shared/books/books.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksQueryKey } from '../../../lib/api/books/books-query-keys.ts';
import { bookListSearch, type BookListParams } from '../../../lib/api/books/list-books.ts';

/** GET /api/admin/books: every book, regular and premium, newest first (site admins only). */
export function listAdminBooks(params: BookListParams): Promise<BookListResponse> {
  return apiRequest<BookListResponse>(`/api/admin/books?${bookListSearch(params)}`);
}

export const adminBooksQueryOptions = (params: BookListParams) =>
  queryOptions({
    queryKey: [...booksQueryKey, 'admin', params] as const,
    queryFn: () => listAdminBooks(params),
    placeholderData: keepPreviousData,
  });

export function useAdminBooks(params: BookListParams) {
  return useQuery(adminBooksQueryOptions(params));
}
