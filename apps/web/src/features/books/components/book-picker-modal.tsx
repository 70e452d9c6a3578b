import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { descriptionPreview } from '@fst/shared/books/books.rules';
import type { Book } from '@fst/shared/books/books.schema';
import { BOOK_PICKER_PAGE_SIZE } from '@fst/shared/constants';
import { BOOK_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { booksQueryKey } from '../../../lib/api/books/books-query-keys.ts';
import { listBooks } from '../../../lib/api/books/list-books.ts';
import { listPremiumBooks } from '../api/list-premium-books.ts';
import { BookCover } from './book-cover.tsx';
import { tokenCostText } from './premium-library.tsx';

type BookPickerModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (book: Book) => void;
  title?: string;
  /** Pick from the premium library instead of the regular one. */
  premium?: boolean;
};

/** The reader's book picker (spec sections 2 and 9): 12 books a page, descriptions cut to 80 characters. */
export function BookPickerModal({ open, onOpenChange, onSelect, title = 'Choose a Book', premium = false }: BookPickerModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} size="lg" description="Pick the book you would like to read aloud.">
      {/* Mounted only while open: every opening starts at page 1 with an empty search. */}
      {open ? <BookPickerBody onSelect={onSelect} premium={premium} /> : null}
    </Modal>
  );
}

function BookPickerBody({ onSelect, premium }: { onSelect: (book: Book) => void; premium: boolean }) {
  const searchId = useId();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const params = { page, perPage: BOOK_PICKER_PAGE_SIZE, q: premium ? undefined : q };
  // The same cache entries as the library lists.
  const books = useQuery({
    queryKey: [...booksQueryKey, premium ? 'premium' : 'library', params] as const,
    queryFn: () => (premium ? listPremiumBooks(params) : listBooks(params)),
    placeholderData: keepPreviousData,
  });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  const list = books.isError ? [] : (books.data?.books ?? []);
  return (
    <div className="flex flex-col gap-4">
      {premium ? null : (
        <form role="search" onSubmit={onSearch} className="flex gap-2">
          <label htmlFor={searchId} className="sr-only">
            Search books by title or author
          </label>
          <input
            id={searchId}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Search by title or author"
            className="min-h-11 min-w-0 flex-1 rounded-xl border-2 border-line-strong bg-paper px-4 text-base text-ink placeholder:text-ink-soft/80 focus:border-focus"
          />
          <Button type="submit" size="sm">
            Search
          </Button>
        </form>
      )}
      {books.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void books.refetch()}>
          {premium ? BOOK_TEXTS.premiumLoadFailed : BOOK_TEXTS.fetchFailed}
        </RetryAlert>
      ) : books.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 py-10 text-ink-soft">
          <Spinner /> Loading books…
        </div>
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-ink-soft">{q ? `No books match “${q}”.` : BOOK_TEXTS.noBooks}</p>
      ) : (
        <ul
          aria-label="Books to choose from"
          className={`grid grid-cols-2 gap-3 mobile:grid-cols-1 ${books.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={books.isPlaceholderData || undefined}
        >
          {list.map((book) => (
            <li key={book.id}>
              <button
                type="button"
                onClick={() => onSelect(book)}
                className="flex h-full w-full items-start gap-3 rounded-2xl border-2 border-line bg-paper p-2 text-left transition-colors hover:border-brand hover:bg-brand-soft/40"
              >
                <BookCover bookId={book.id} title={book.title} src={book.thumbnail_url} size="sm" className="w-24 shrink-0" />
                <span className="flex min-w-0 flex-col">
                  <span className="font-display text-lg leading-snug font-bold">{book.title}</span>
                  <span className="text-sm text-ink-soft">by {book.author}</span>
                  {book.description ? <span className="mt-1 text-sm text-ink">{descriptionPreview(book.description)}</span> : null}
                  {book.is_premium ? <span className="mt-1 text-sm font-semibold text-brand-dark">{tokenCostText(book.token_cost)}</span> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {books.data && !books.isError ? (
        <Pagination label="Book picker pages" page={books.data.pagination.page} totalPages={books.data.pagination.total_pages} onPageChange={setPage} />
      ) : null}
    </div>
  );
}
