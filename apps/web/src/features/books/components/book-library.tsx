import { useId, useRef, useState, type ReactNode } from 'react';
import type { Book } from '@fst/shared/books/books.schema';
import { BOOK_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useBooks } from '../../../lib/api/books/list-books.ts';
import { BookCard, BookCardSkeletons } from './book-card.tsx';
import { useLocalPaging, type LibraryPaging } from './library-paging.ts';
import { PageSizeSelect } from './page-size-select.tsx';
import { SectionHeading } from './section-heading.tsx';
import { useErrorToast } from './use-error-toast.ts';

type BookLibraryProps = {
  heading?: string;
  headingLevel?: 'h2' | 'h3';
  /** Shown under the heading. */
  intro?: ReactNode;
  /** Search text (title, author, the book's text). */
  q?: string | undefined;
  /** Controlled paging (the /book page keeps it in the address); without it the component keeps its own. */
  paging?: LibraryPaging;
  onPagingChange?: (paging: LibraryPaging) => void;
  /** Where a card leads; the book page by default. */
  bookLink?: (book: Book) => string;
  /** The heading shows or hides the list (the reader dashboard's collapsible sections). */
  collapsible?: boolean;
};

/** "Showing 16–30 of 42 books" */
export function rangeText(page: number, perPage: number, shown: number, total: number): string {
  const first = (page - 1) * perPage + 1;
  const noun = total === 1 ? 'book' : 'books';
  return shown === total ? `${total} ${noun}` : `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
}

function emptyText(total: number, q: string | undefined): string {
  // A page past the end (an old link) is empty while the library is not.
  if (total > 0) return 'There are no books on this page.';
  return q?.trim() ? `No books match “${q.trim()}”.` : BOOK_TEXTS.noBooks;
}

/**
 * The paged Book Library (spec sections 2 and 9): page size 15/25/50, page buttons, book cards, and
 * its loading, empty and error states.
 */
export function BookLibrary({
  heading = 'Book Library',
  headingLevel: Heading = 'h2',
  intro,
  q,
  paging: controlledPaging,
  onPagingChange,
  bookLink = (book) => pathTo.book(book.id),
  collapsible = false,
}: BookLibraryProps) {
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(true);
  const sectionRef = useRef<HTMLElement>(null);
  const [localPaging, setLocalPaging] = useLocalPaging();
  const paging = controlledPaging ?? localPaging;
  const setPaging = onPagingChange ?? setLocalPaging;

  const books = useBooks({ page: paging.page, perPage: paging.perPage, q });
  // Spec section 8: 'Failed to fetch books' and the list emptied.
  useErrorToast(books.isError, books.errorUpdatedAt, BOOK_TEXTS.fetchFailed);

  const goToPage = (page: number) => {
    setPaging({ ...paging, page });
    // Back to the top of the list when it starts above the screen.
    const top = sectionRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) sectionRef.current?.scrollIntoView({ block: 'start' });
  };

  const data = books.isError ? undefined : books.data;
  const pagination = data?.pagination;
  const list = data?.books ?? [];
  const changing = books.isFetching && books.isPlaceholderData;

  let body: ReactNode;
  if (books.isError) {
    body = (
      <RetryAlert label="Try Again" onRetry={() => void books.refetch()}>
        {errorText(books.error, BOOK_TEXTS.libraryLoadFailed)}
      </RetryAlert>
    );
  } else if (books.isPending) {
    body = (
      <>
        <p role="status" className="sr-only">
          Loading books…
        </p>
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-5 mobile:grid-cols-2 mobile:gap-3">
          <BookCardSkeletons count={Math.min(paging.perPage, 6)} />
        </ul>
      </>
    );
  } else if (list.length === 0) {
    body = (
      <Card className="py-10 text-center text-ink-soft">
        <p>{emptyText(pagination?.total_books ?? 0, q)}</p>
        {(pagination?.total_books ?? 0) > 0 ? (
          <Button size="sm" variant="secondary" className="mt-4" onClick={() => goToPage(1)}>
            Go to page 1
          </Button>
        ) : null}
      </Card>
    );
  } else {
    body = (
      <ul
        aria-label="Books"
        aria-busy={changing || undefined}
        className={`grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-5 transition-opacity mobile:grid-cols-2 mobile:gap-3 ${changing ? 'opacity-60' : ''}`}
      >
        {list.map((book) => (
          <li key={book.id}>
            <BookCard book={book} to={bookLink(book)} headingLevel={Heading === 'h2' ? 'h3' : 'h4'} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="scroll-mt-24">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <SectionHeading as={Heading} id={headingId} collapsible={collapsible ? { open, onToggle: () => setOpen(!open), controls: bodyId } : undefined}>
            {heading}
          </SectionHeading>
          {intro ? <div className="mt-1 text-base text-ink-soft">{intro}</div> : null}
        </div>
        <div className={`flex items-center gap-3 ${open ? '' : 'hidden'}`}>
          {changing ? <Spinner className="size-5" /> : null}
          <PageSizeSelect value={paging.perPage} onChange={(perPage) => setPaging({ page: 1, perPage })} disabled={books.isPending && !books.isError} />
        </div>
      </div>
      <div id={bodyId} hidden={!open}>
        {pagination && list.length > 0 ? (
          <p role="status" className="mb-3 text-base text-ink-soft">
            {rangeText(pagination.page, pagination.per_page, list.length, pagination.total_books)}
            {pagination.total_pages > 1 ? `, page ${pagination.page} of ${pagination.total_pages}` : ''}
          </p>
        ) : null}
        {body}
        {pagination && !books.isError ? (
          <Pagination className="mt-6" label={`${heading} pages`} page={pagination.page} totalPages={pagination.total_pages} onPageChange={goToPage} />
        ) : null}
      </div>
    </section>
  );
}
