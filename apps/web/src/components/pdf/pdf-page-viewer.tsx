import type { KeyboardEvent } from 'react';
import { PDF_RENDER_SCALE } from '@fst/shared/constants';
import type { OpenedPdf, PageImages } from '../../lib/pdf.ts';
import { Button } from '../ui/button.tsx';
import { PageCanvas } from './page-canvas.tsx';
import { PageNumberInput } from './page-number-input.tsx';
import { useElementWidth } from './use-element-width.ts';

type PdfPageViewerProps = {
  pdf: OpenedPdf;
  images: PageImages;
  title: string;
  page: number;
  onPageChange: (page: number) => void;
  /** Spec section 9: up to 1.5 in split view. */
  maxScale?: number;
  /** The tallest a page may be drawn, in CSS pixels (the player has no room to scroll). */
  maxHeight?: number;
};

/** One page at a time, as wide as the space allows up to `maxScale`, with Previous/Next and a page-number input. */
export function PdfPageViewer({ pdf, images, title, page, onPageChange, maxScale = PDF_RENDER_SCALE.splitView, maxHeight = Infinity }: PdfPageViewerProps) {
  const [frameRef, frameWidth] = useElementWidth<HTMLDivElement>();
  const pageCount = pdf.doc.numPages;
  // The page shown at its own size: a landscape spread is as wide as the frame allows, not its cover's width.
  const { width: pointsWide, height: pointsHigh } = pdf.sizeOf(page);
  // Two decimals: tiny resizes do not re-render the page.
  const scale = frameWidth > 0 ? Math.max(0.2, Math.floor(Math.min(maxScale, frameWidth / pointsWide, maxHeight / pointsHigh) * 100) / 100) : 0;

  const go = (next: number) => onPageChange(Math.min(Math.max(next, 1), pageCount));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'PageUp') go(page - 1);
    else if (event.key === 'ArrowRight' || event.key === 'PageDown') go(page + 1);
    else if (event.key === 'Home') go(1);
    else if (event.key === 'End') go(pageCount);
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-col gap-4">
      <div ref={frameRef} className="w-full">
        {scale > 0 ? (
          <div
            role="group"
            aria-roledescription="page viewer"
            aria-label={`${title}: use the arrow keys to turn pages`}
            tabIndex={0}
            onKeyDown={onKeyDown}
            className="mx-auto w-fit rounded-lg shadow-card"
          >
            <PageCanvas
              images={images}
              page={page}
              scale={scale}
              width={Math.floor(pointsWide * scale)}
              height={Math.floor(pointsHigh * scale)}
              label={`${title}, page ${page} of ${pageCount}`}
              className="rounded-lg"
            />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button size="sm" variant="secondary" onClick={() => go(page - 1)} aria-disabled={page <= 1 || undefined}>
          Previous page
        </Button>
        <PageNumberInput page={page} pageCount={pageCount} onPageChange={go} />
        <Button size="sm" variant="secondary" onClick={() => go(page + 1)} aria-disabled={page >= pageCount || undefined}>
          Next page
        </Button>
      </div>
    </div>
  );
}
