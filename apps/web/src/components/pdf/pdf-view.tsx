import { useState } from 'react';
import { BOOK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { BookIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { PdfFlipBook } from './pdf-flip-book.tsx';
import { PdfPageViewer, PdfPageViewerLoading } from './pdf-page-viewer.tsx';
import { usePdfDocument } from './use-pdf-document.ts';
import type { PageSize } from '../../lib/pdf.ts';

export type PdfViewMode = 'page' | 'book';

const VIEW_LABELS: Record<PdfViewMode, string> = { page: 'Page view', book: 'Book view' };

type PdfViewProps = {
  /** The book's signed PDF link; null when there is none (the empty text shows). */
  url: string | null;
  title: string;
  /** Fetches a fresh signed link for Try Again (the old one may have expired). */
  refreshUrl?: () => Promise<string | null | undefined>;
  /** 'No book PDF available' on book pages; 'No PDF available' elsewhere. */
  emptyText?: string;
  /** The views offered, the first shown at the start. */
  views?: readonly PdfViewMode[];
  /** Render scale cap of the page view (spec section 9: 1.5 in split view). */
  pageScale?: number;
  /** Called with the page shown, e.g. to keep a recorder in step. */
  onPageChange?: (page: number) => void;
  /**
   * What the book's record says of its pages (its first page's size, null until the server has read it): the
   * page view lays itself out from it while the PDF loads.
   */
  expected?: { firstPageSize: PageSize | null; pageCount: number };
};

/**
 * A book's PDF drawn with pdf.js (never in an iframe: media answers forbid framing): loading, failed with
 * Try Again, loaded with a page view and a page-flip book view. Give it a `key` per book.
 */
export function PdfView({ url, emptyText = BOOK_TEXTS.noBookPdf, ...props }: PdfViewProps) {
  if (!url) {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-card border border-dashed border-line-strong bg-paper p-8 text-center text-ink-soft">
        <BookIcon className="size-10 text-brand" />
        <p>{emptyText}</p>
      </div>
    );
  }
  return <LoadedPdfView url={url} {...props} />;
}

function LoadedPdfView({
  url,
  title,
  refreshUrl,
  views = ['page', 'book'],
  pageScale,
  onPageChange,
  expected,
}: Omit<PdfViewProps, 'emptyText'> & { url: string }) {
  const { state, reload } = usePdfDocument(url, refreshUrl);
  const [view, setView] = useState<PdfViewMode>(views[0] ?? 'page');
  const [page, setPage] = useState(1);
  const changePage = (next: number) => {
    setPage(next);
    onPageChange?.(next);
  };

  const viewChoice =
    views.length > 1 ? (
      <div role="group" aria-label="How to show the book" className="mx-auto flex gap-1 rounded-full bg-cream-deep p-1">
        {views.map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={view === mode}
            onClick={() => setView(mode)}
            className="min-h-11 rounded-full px-5 text-base font-semibold text-ink-soft transition-colors hover:text-ink aria-pressed:bg-paper aria-pressed:text-ink aria-pressed:shadow-sm"
          >
            {VIEW_LABELS[mode]}
          </button>
        ))}
      </div>
    ) : null;

  if (state.status === 'loading') {
    // The page view laid out as it will be, from the book's record: nothing moves when the PDF comes.
    if (view === 'page' && expected?.firstPageSize && expected.pageCount > 0) {
      return (
        <div className="flex flex-col gap-4">
          {viewChoice}
          <PdfPageViewerLoading firstPageSize={expected.firstPageSize} pageCount={expected.pageCount} maxScale={pageScale} />
        </div>
      );
    }
    return (
      <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-card bg-cream-deep/60 p-8 text-ink-soft">
        <Spinner className="size-9" />
        <span>Loading PDF…</span>
      </div>
    );
  }

  if (state.status === 'failed') {
    return (
      <Alert tone="error" className="flex flex-col items-center gap-4 py-8 text-center">
        {state.afterReload ? (
          <>
            <span>{RECORDING_TEXTS.pdfReloadFailed}</span>
            <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
              Refresh page
            </Button>
          </>
        ) : (
          <>
            <span>{RECORDING_TEXTS.pdfFailed}</span>
            <Button size="sm" variant="secondary" onClick={() => void reload()}>
              Try Again
            </Button>
          </>
        )}
      </Alert>
    );
  }

  const { pdf, images } = state;
  return (
    <div className="flex flex-col gap-4">
      {viewChoice}
      {view === 'book' ? (
        <PdfFlipBook pdf={pdf} images={images} title={title} page={page} onPageChange={changePage} />
      ) : (
        <PdfPageViewer pdf={pdf} images={images} title={title} page={page} onPageChange={changePage} maxScale={pageScale} />
      )}
    </div>
  );
}
