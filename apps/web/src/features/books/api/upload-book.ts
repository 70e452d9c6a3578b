import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookResponse } from '@fst/shared/books/books.schema';
import { apiUpload, type UploadProgress } from '../../../lib/upload.ts';
import { booksQueryKey } from '../../../lib/api/books/books-query-keys.ts';

export type BookUpload = {
  title: string;
  author: string;
  description: string;
  isPremium: boolean;
  tokenCost: number;
  /** The book's text for AI narration when its PDF has none (empty: not sent). */
  narrationText: string | null;
  pdfFile: File;
  attributionFile: File;
};

/** POST /api/admin/books as multipart (the fields of BOOK_UPLOAD_FIELDS and BOOK_UPLOAD_FILES). */
export function uploadBook(upload: BookUpload, onProgress?: (progress: UploadProgress) => void): Promise<BookResponse> {
  const form = new FormData();
  form.set('title', upload.title);
  form.set('author', upload.author);
  form.set('description', upload.description);
  form.set('is_premium', String(upload.isPremium));
  form.set('token_cost', String(upload.isPremium ? upload.tokenCost : 0));
  if (upload.narrationText) form.set('narration_text', upload.narrationText);
  // Files last: the server reads the text fields as they stream in.
  form.set('pdf_file', upload.pdfFile, upload.pdfFile.name);
  form.set('attribution_file', upload.attributionFile, upload.attributionFile.name);
  return apiUpload<BookResponse>('/api/admin/books', form, { onProgress });
}

export function useUploadBook(onProgress?: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: BookUpload) => uploadBook(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: booksQueryKey }),
  });
}
