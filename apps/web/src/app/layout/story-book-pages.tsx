import { PDF_RENDER_SCALE } from '@fst/shared/constants';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PdfFlipBook } from '../../components/pdf/pdf-flip-book.tsx';
import { PdfPageViewer } from '../../components/pdf/pdf-page-viewer.tsx';
import { usePdfDocument } from '../../components/pdf/use-pdf-document.ts';
import { useWindowSize } from '../../lib/use-media-query.ts';
import type { StoryBookPagesProps } from '../../features/playback/components/story-book-pages.ts';
import { BookPagesLoading } from './book-pages-loading.tsx';

/**
 * The story player's book pages, drawn by the books feature's PDF views (decision 006): the page-flip book
 * in book mode, one page beside the reader in both mode, at the page the reading has reached.
 */
// What the player's header, controls and reaction offer, and the page controls, take of the window's height.
const PLAYER_CHROME_PX = 380;

export function StoryBookPages({ url, title, page, onPageChange, layout }: StoryBookPagesProps) {
  const { state, reload } = usePdfDocument(url);
  const windowSize = useWindowSize();
  if (state.status === 'loading') return <BookPagesLoading />;
  if (state.status === 'failed') {
    return (
      <Alert tone="error" className="flex flex-col items-center gap-4 py-6 text-center">
        <span>{state.afterReload ? RECORDING_TEXTS.pdfReloadFailed : RECORDING_TEXTS.pdfFailed}</span>
        <Button size="sm" variant="secondary" onClick={() => void reload()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const clamped = Math.min(Math.max(page, 1), state.pdf.doc.numPages);
  // Pages that fit the player's height: the player has no room to scroll a page into view. Each page is
  // laid out at its own size, so a landscape spread is as wide as that height allows.
  const fitHeight = Math.max(160, windowSize.height - PLAYER_CHROME_PX);
  return layout === 'book' ? (
    <PdfFlipBook
      pdf={state.pdf}
      images={state.images}
      title={title}
      page={clamped}
      onPageChange={onPageChange}
      maxScale={PDF_RENDER_SCALE.bookView}
      maxHeight={fitHeight}
    />
  ) : (
    <PdfPageViewer
      pdf={state.pdf}
      images={state.images}
      title={title}
      page={clamped}
      onPageChange={onPageChange}
      maxScale={PDF_RENDER_SCALE.splitView}
      maxHeight={fitHeight}
    />
  );
}
