import { use, useId } from 'react';
import type { Book } from '@fst/shared/books/books.schema';
import { BOOK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckIcon, MicIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useBook } from '../../../lib/api/books/get-book.ts';
import { AiReadingPanel } from './ai-reading-panel.tsx';
import { BookCover } from './book-cover.tsx';
import { FamilyRecordingsSection } from './family-recordings-section.tsx';
import { FirstPagePreview } from './first-page-preview.tsx';
import { PdfView } from '../../../components/pdf/pdf-view.tsx';
import { PremiumBookActionsContext } from './premium-book-actions.ts';
import { recordPath } from './record-path.ts';
import { tokenCostText } from './premium-library.tsx';

type BookDetailsProps = {
  bookId: string;
  /** The kid a recording is meant for, passed on to the recorder. */
  childId?: string | null | undefined;
  /** Opened from the premium library (spec section 2: `premium=true`). */
  premium?: boolean;
  /** Only readers record (spec section 6). */
  canRecord: boolean;
};

function BackToLibrary({ variant = 'secondary' }: { variant?: 'secondary' | 'ghost' }) {
  return (
    <ButtonLink to={paths.bookLibrary} variant={variant} size="sm">
      Back to Library
    </ButtonLink>
  );
}

/**
 * The book page (spec section 2, decisions.md "Resolved ambiguities"): the book, a PDF preview with a
 * page-number input (a locked premium book: the image of its first page alone), Start Recording and Back to
 * Library, then the viewer sections.
 */
export function BookDetails({ bookId, childId, premium = false, canRecord }: BookDetailsProps) {
  const query = useBook(bookId, { premium });

  if (query.isPending) return <LoadingScreen label="Loading the book…" />;

  if (query.isError) {
    // A malformed id is refused with 400 and the same text: to the user both are a missing book.
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="mx-auto max-w-xl px-6 py-12 mobile:px-4">
        <PageTitle title={missing ? RECORDING_TEXTS.bookNotFound : 'Book'} />
        <Card className="flex flex-col items-center gap-4 text-center">
          {missing ? (
            <h1 className="text-2xl font-bold">{RECORDING_TEXTS.bookNotFound}</h1>
          ) : (
            <>
              <h1 className="sr-only">Book</h1>
              <Alert tone="error">{BOOK_TEXTS.loadDataFailed}</Alert>
              <Button size="sm" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            </>
          )}
          <BackToLibrary />
        </Card>
      </div>
    );
  }

  return <BookPage book={query.data.book} childId={childId} premium={premium || query.data.book.is_premium} canRecord={canRecord} refetch={query.refetch} />;
}

type BookPageProps = {
  book: Book;
  childId: string | null | undefined;
  premium: boolean;
  canRecord: boolean;
  refetch: () => Promise<{ data?: { book: Book } | undefined }>;
};

function BookPage({ book, childId, premium, canRecord, refetch }: BookPageProps) {
  const previewId = useId();
  const actions = use(PremiumBookActionsContext);
  // A locked premium book shows its first page and the way to unlock it; its pages and AI come after (issue 22).
  const locked = book.is_premium && !book.is_unlocked && !book.pdf_url;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-10 mobile:gap-6 mobile:px-4 mobile:py-6">
      <PageTitle title={book.title} />
      <div className="flex items-start gap-6 mobile:flex-col mobile:gap-4">
        <BookCover bookId={book.id} title={book.title} src={book.cover_url} className="w-56 shrink-0 mobile:w-40" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="text-4xl font-bold mobile:text-3xl">{book.title}</h1>
          <p className="text-lg text-ink-soft">by {book.author}</p>
          <p className="flex flex-wrap gap-2 text-sm font-bold">
            {book.page_count > 0 ? (
              <span className="rounded-full bg-cream-deep px-3 py-0.5 text-ink">{book.page_count === 1 ? '1 page' : `${book.page_count} pages`}</span>
            ) : null}
            {book.is_premium ? (
              <>
                <span className="inline-flex items-center gap-1 rounded-full bg-honey-soft px-3 py-0.5 text-ink">
                  <SparklesIcon className="size-4 text-brand" /> Premium · {tokenCostText(book.token_cost)}
                </span>
                {book.is_unlocked ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-3 py-0.5 text-success">
                    <CheckIcon className="size-4" /> Unlocked
                  </span>
                ) : (
                  <span className="rounded-full bg-cream-deep px-3 py-0.5 text-ink">Locked</span>
                )}
              </>
            ) : null}
          </p>
          {book.description ? <p className="max-w-3xl whitespace-pre-line">{book.description}</p> : null}
          <div className="mt-3 flex flex-wrap items-center gap-3 mobile:flex-col mobile:items-stretch">
            {locked && actions ? <actions.Unlock book={book} /> : null}
            {canRecord ? (
              <ButtonLink to={recordPath(book.id, { childId, premium })}>
                <MicIcon /> Start Recording
              </ButtonLink>
            ) : null}
            <BackToLibrary />
            {book.attribution_url ? (
              <a
                href={book.attribution_url}
                target="_blank"
                rel="noreferrer"
                className="rounded text-base font-semibold text-brand-dark underline underline-offset-4 hover:text-brand"
              >
                Book credits<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
        </div>
      </div>

      <Card>
        <section aria-labelledby={previewId}>
          <h2 id={previewId} className="mb-4 text-2xl font-bold">
            {locked ? BOOK_TEXTS.firstPagePreview : 'Preview'}
          </h2>
          {locked ? (
            <>
              <p className="mb-4 text-ink-soft">{BOOK_TEXTS.lockedPreviewHint}</p>
              <FirstPagePreview
                key={book.id}
                title={book.title}
                url={book.preview_url}
                pageCount={book.page_count}
                pageSize={book.first_page_size}
                refresh={refetch}
              />
            </>
          ) : (
            <PdfView
              key={book.id}
              url={book.pdf_url}
              title={book.title}
              emptyText={BOOK_TEXTS.noBookPdf}
              refreshUrl={async () => (await refetch()).data?.book.pdf_url}
              expected={{ firstPageSize: book.first_page_size, pageCount: book.page_count }}
            />
          )}
        </section>
      </Card>

      <div className={locked ? '' : 'grid grid-cols-2 gap-6 mobile:grid-cols-1'}>
        <FamilyRecordingsSection bookId={book.id} />
        {locked ? null : <AiReadingPanel />}
      </div>
    </div>
  );
}
