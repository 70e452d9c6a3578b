import { useState } from 'react';
import { Link } from 'react-router';
import type { Book } from '@fst/shared/books/books.schema';
import { ADMIN_TEXTS } from '@fst/shared/messages';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { pathTo } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/view.ts';
import { useDeleteBook } from '../api/delete-book.ts';
import { useAdminBooks } from '../api/list-admin-books.ts';
import { rangeText } from './book-library.tsx';
import { DEFAULT_PAGING, type LibraryPaging } from './library-paging.ts';
import { PageSizeSelect } from './page-size-select.tsx';
import { tokenCostText } from './premium-library.tsx';

/** Every book of the catalogue, newest first, with delete behind a confirmation (site admins). */
export function AdminBookList() {
  const [paging, setPaging] = useState<LibraryPaging>(DEFAULT_PAGING);
  const books = useAdminBooks(paging);
  const remove = useDeleteBook();
  const [toDelete, setToDelete] = useState<Book | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => notify.success(ADMIN_TEXTS.deleted),
      onError: (error) => notify.error(errorText(error, ADMIN_TEXTS.deleteFailed)),
      onSettled: () => setToDelete(null),
    });
  };

  if (books.isPending) return <LoadingScreen label="Loading books…" />;

  if (books.isError) {
    return (
      <RetryAlert label="Retry" onRetry={() => void books.refetch()}>
        {errorText(books.error, ADMIN_TEXTS.loadFailed)}
      </RetryAlert>
    );
  }

  const { books: list, pagination } = books.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-base text-ink-soft">
          {pagination.total_books === 0
            ? 'No books yet.'
            : `${rangeText(pagination.page, pagination.per_page, list.length, pagination.total_books)}${
                pagination.total_pages > 1 ? `, page ${pagination.page} of ${pagination.total_pages}` : ''
              }`}
        </p>
        <PageSizeSelect value={paging.perPage} onChange={(perPage) => setPaging({ page: 1, perPage })} />
      </div>
      {list.length === 0 ? (
        <Card className="py-10 text-center text-ink-soft">
          <p>{pagination.total_books === 0 ? 'The catalogue is empty. Upload the first book above.' : 'There are no books on this page.'}</p>
        </Card>
      ) : (
        <ul
          aria-label="Books"
          className={`flex flex-col gap-3 ${books.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={books.isPlaceholderData || undefined}
        >
          {list.map((book) => (
            <li key={book.id}>
              <article
                aria-label={book.title}
                className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-4 rounded-2xl border border-line bg-paper px-4 py-3 mobile:grid-cols-1 mobile:gap-2"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words text-ink">{book.title}</p>
                  <p className="truncate text-base text-ink-soft">by {book.author}</p>
                </div>
                <dl className="flex flex-wrap items-center gap-2 text-sm">
                  <dt className="sr-only">Library</dt>
                  <dd className={`rounded-full px-3 py-0.5 font-bold ${book.is_premium ? 'bg-honey-soft text-ink' : 'bg-sage-soft text-sage'}`}>
                    {book.is_premium ? `Premium · ${tokenCostText(book.token_cost)}` : 'Regular'}
                  </dd>
                  <dt className="sr-only">Pages</dt>
                  <dd className="text-ink-soft">{book.page_count} pp.</dd>
                  <dt className="sr-only">Added</dt>
                  <dd className="text-ink-soft">
                    <time dateTime={book.created_at}>{formatDate(book.created_at, { dateStyle: 'medium' })}</time>
                  </dd>
                </dl>
                <div className="flex gap-2">
                  <Link
                    to={pathTo.book(book.id)}
                    className="inline-flex min-h-11 items-center rounded-full px-4 text-base font-semibold text-brand-dark hover:bg-brand-soft"
                  >
                    View<span className="sr-only"> {book.title}</span>
                  </Link>
                  <button
                    type="button"
                    onClick={() => setToDelete(book)}
                    className="inline-flex min-h-11 items-center rounded-full px-4 text-base font-semibold text-danger hover:bg-danger-soft"
                  >
                    Delete<span className="sr-only"> {book.title}</span>
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination label="Catalogue pages" page={pagination.page} totalPages={pagination.total_pages} onPageChange={(page) => setPaging({ ...paging, page })} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete this book?"
        description={
          toDelete ? (
            <>
              “{toDelete.title}” by {toDelete.author} will be removed from the library, with its PDF. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete Book"
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </div>
  );
}
