import type { KeyboardEvent } from 'react';
import { PDF_RENDER_SCALE } from '@fst/shared/constants';
import type { OpenedPdf, PageImages, PageSize } from '../../lib/pdf.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
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

/**
 * How a page of `size` points is drawn in a frame `frameWidth` wide (0 before layout): as wide as the frame
 * allows up to `maxScale`, no taller than `maxHeight`.
 */
export function pageBox(frameWidth: number, size: PageSize, maxScale: number, maxHeight: number) {
  // Two decimals: tiny resizes do not re-render the page.
  const scale = frameWidth > 0 ? Math.max(0.2, Math.floor(Math.min(maxScale, frameWidth / size.width, maxHeight / size.height) * 100) / 100) : 0;
  return { scale, width: Math.floor(size.width * scale), height: Math.floor(size.height * scale) };
}

/** One page at a time, as wide as the space allows up to `maxScale`, with Previous/Next and a page-number input. */
export function PdfPageViewer({ pdf, images, title, page, onPageChange, maxScale = PDF_RENDER_SCALE.splitView, maxHeight = Infinity }: PdfPageViewerProps) {
  const [frameRef, frameWidth] = useElementWidth<HTMLDivElement>();
  const pageCount = pdf.doc.numPages;
  // The page shown at its own size: a landscape spread is as wide as the frame allows, not its cover's width.
  const box = pageBox(frameWidth, pdf.sizeOf(page), maxScale, maxHeight);

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
        {box.scale > 0 ? (
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
              scale={box.scale}
              width={box.width}
              height={box.height}
              label={`${title}, page ${page} of ${pageCount}`}
              className="rounded-lg"
            />
          </div>
        ) : null}
      </div>
      <PageControls page={page} pageCount={pageCount} onGo={go} />
    </div>
  );
}

/**
 * The page view while its PDF loads, laid out from what the book's record says (its first page's size and its
 * page count): the page's box, with the loading status in it, and the controls, where the loaded view puts
 * them, so nothing moves when the page comes (and a page reloaded scrolled down comes back where it was).
 */
export function PdfPageViewerLoading({
  firstPageSize,
  pageCount,
  maxScale = PDF_RENDER_SCALE.splitView,
}: {
  firstPageSize: PageSize;
  pageCount: number;
  maxScale?: number | undefined;
}) {
  const [frameRef, frameWidth] = useElementWidth<HTMLDivElement>();
  const box = pageBox(frameWidth, firstPageSize, maxScale, Infinity);
  // Before the frame is measured, a box of the page's shape as wide as the loaded view can be, never shorter than
  // it: the scroll position a reload restores in that first commit (React Router's ScrollRestoration) stands.
  const size =
    box.scale > 0
      ? { width: box.width, height: box.height }
      : { width: `min(100%, ${firstPageSize.width * maxScale}px)`, aspectRatio: `${firstPageSize.width} / ${firstPageSize.height}` };
  return (
    <div className="flex flex-col gap-4">
      <div ref={frameRef} className="w-full">
        <div
          role="status"
          className="mx-auto flex flex-col items-center justify-center gap-3 overflow-hidden rounded-lg bg-cream-deep/60 p-4 text-center text-ink-soft shadow-card"
          style={size}
        >
          <Spinner className="size-9" />
          <span>Loading PDF…</span>
        </div>
      </div>
      <PageControls page={1} pageCount={pageCount} disabled />
    </div>
  );
}

/** Previous, the page number, Next; all disabled while the PDF loads. */
function PageControls({ page, pageCount, onGo, disabled = false }: { page: number; pageCount: number; onGo?: (page: number) => void; disabled?: boolean }) {
  const go = (next: number) => onGo?.(next);
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <Button size="sm" variant="secondary" onClick={() => go(page - 1)} disabled={disabled} aria-disabled={page <= 1 || undefined}>
        Previous page
      </Button>
      <PageNumberInput page={page} pageCount={pageCount} onPageChange={go} disabled={disabled} />
      <Button size="sm" variant="secondary" onClick={() => go(page + 1)} disabled={disabled} aria-disabled={page >= pageCount || undefined}>
        Next page
      </Button>
    </div>
  );
}
