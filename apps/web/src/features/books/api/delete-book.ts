import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksQueryKey } from '../../../lib/api/books/books-query-keys.ts';

/** DELETE /api/admin/books/{id} (site admins only). */
export function deleteBook(bookId: string): Promise<z.infer<typeof okResponse>> {
  return apiRequest<z.infer<typeof okResponse>>(`/api/admin/books/${encodeURIComponent(bookId)}`, { method: 'DELETE' });
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksQueryKey }),
  });
}
