import { use, useId, useState } from 'react';
import { Link } from 'react-router';
import { BOOK_PAGE_SIZE_DEFAULT } from '@fst/shared/constants';
import { BOOK_TEXTS } from '@fst/shared/messages';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { usePremiumBooks } from '../api/list-premium-books.ts';
import { BookCover } from './book-cover.tsx';
import { PremiumBookActionsContext } from './premium-book-actions.ts';
import { SectionHeading } from './section-heading.tsx';
import { useErrorToast } from './use-error-toast.ts';

/** A premium book's page: the premium flag travels with the link (spec section 2). */
export const premiumBookPath = (bookId: string) => `${pathTo.book(bookId)}?premium=true`;

export const tokenCostText = (cost: number) => (cost === 1 ? '1 token' : `${cost} tokens`);

/**
 * The premium library (spec section 2): premium books with their token cost and whether the caller has
 * unlocked them. The app supplies the token balance and the unlock action (premium-book-actions.ts);
 * an unlocked book links to its page.
 */
export function PremiumLibrary({
  heading = 'Premium Library',
  headingLevel: Heading = 'h2',
  collapsible = false,
}: {
  heading?: string;
  headingLevel?: 'h2' | 'h3';
  /** The heading shows or hides the list (the reader dashboard's collapsible sections). */
  collapsible?: boolean;
}) {
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const actions = use(PremiumBookActionsContext);
  const [page, setPage] = useState(1);
  const books = usePremiumBooks({ page, perPage: BOOK_PAGE_SIZE_DEFAULT });
  useErrorToast(books.isError, books.errorUpdatedAt, BOOK_TEXTS.premiumLoadFailed);
  const Title = Heading === 'h2' ? 'h3' : 'h4';

  const list = books.data?.books ?? [];
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading as={Heading} id={headingId} collapsible={collapsible ? { open, onToggle: () => setOpen(!open), controls: bodyId } : undefined}>
        {heading}
      </SectionHeading>
      <div id={bodyId} hidden={!open} className="mt-1">
        <p className="mb-4 text-base text-ink-soft">
          Premium books are unlocked with tokens, and stay yours once unlocked. Gold members unlock every premium book for free.
        </p>
        {actions ? <actions.Balance /> : null}
        {books.isError ? (
          <RetryAlert label="Try Again" onRetry={() => void books.refetch()}>
            {BOOK_TEXTS.premiumLoadFailed}
          </RetryAlert>
        ) : books.isPending ? (
          <p role="status" className="rounded-card border border-line bg-paper p-6 text-ink-soft">
            Loading premium books…
          </p>
        ) : list.length === 0 ? (
          <Card className="py-8 text-center text-ink-soft">
            <p>No premium books yet.</p>
          </Card>
        ) : (
          <ul
            aria-label="Premium books"
            className={`flex flex-col gap-3 ${books.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={books.isPlaceholderData || undefined}
          >
            {list.map((book) => (
              <li key={book.id}>
                <article
                  aria-labelledby={`${listId}-${book.id}`}
                  className="flex items-center gap-4 rounded-card border border-line bg-paper p-3 shadow-card mobile:flex-wrap"
                >
                  <BookCover bookId={book.id} title={book.title} src={book.thumbnail_url} size="sm" className="w-28 shrink-0" />
                  <div className="min-w-0 flex-1">
                    <Title id={`${listId}-${book.id}`} className="font-display text-xl leading-snug font-bold">
                      <Link to={premiumBookPath(book.id)} className="hover:text-brand-dark hover:underline">
                        {book.title}
                      </Link>
                    </Title>
                    <p className="text-base text-ink-soft">by {book.author}</p>
                    <p className="mt-1 flex flex-wrap gap-2 text-sm font-bold">
                      <span className="inline-flex items-center gap-1 rounded-full bg-honey-soft px-3 py-0.5 text-ink">
                        <SparklesIcon className="size-4 text-brand" />
                        {tokenCostText(book.token_cost)}
                      </span>
                      {book.is_unlocked ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-3 py-0.5 text-success">
                          <CheckIcon className="size-4" /> Unlocked
                        </span>
                      ) : (
                        <span className="rounded-full bg-cream-deep px-3 py-0.5 text-ink">Locked</span>
                      )}
                    </p>
                  </div>
                  {book.is_unlocked ? (
                    <ButtonLink to={premiumBookPath(book.id)} size="sm" variant="secondary" className="mobile:w-full">
                      Open Book
                    </ButtonLink>
                  ) : actions ? (
                    <actions.Unlock book={book} />
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
        {books.data && !books.isError ? (
          <Pagination
            className="mt-5"
            label={`${heading} pages`}
            page={books.data.pagination.page}
            totalPages={books.data.pagination.total_pages}
            onPageChange={setPage}
          />
        ) : null}
      </div>
    </section>
  );
}
