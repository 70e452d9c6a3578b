import { useEffectEvent, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { PDF_RENDER_SCALE, TIMINGS } from '@fst/shared/constants';
import type { OpenedPdf, PageImages } from '../../lib/pdf.ts';
import { useIsMobile, useReducedMotion, useWindowSize } from '../../lib/use-media-query.ts';
import { Button } from '../ui/button.tsx';
import { useElementWidth } from './use-element-width.ts';

type PdfFlipBookProps = {
  pdf: OpenedPdf;
  images: PageImages;
  title: string;
  /** Any page of the spread to show; the book opens at the spread holding it. */
  page: number;
  onPageChange: (page: number) => void;
  /** Spec section 9: up to 1.2 in book view. */
  maxScale?: number;
  /** The tallest a page may be drawn, in CSS pixels, besides 60 % of the window's height. */
  maxHeight?: number;
};

type Turn = { direction: 'next' | 'prev'; from: number; to: number };

// Spec section 9: in book view a page takes about 35 % of the window's width and 60 % of its height.
const PAGE_WIDTH_SHARE = 0.35;
const PAGE_HEIGHT_SHARE = 0.6;
// On a phone one page shows at a time, almost as wide as the screen.
const MOBILE_WIDTH_SHARE = 0.86;
const FLIP_EASING = 'cubic-bezier(0.645, 0.045, 0.355, 1)';

/** The first page of the spread that holds `page`: spreads are 1–2, 3–4, … (one page each on a phone). */
export const spreadStart = (page: number, perSpread: 1 | 2) => (perSpread === 2 ? page - ((page - 1) % 2) : page);

type SlotProps = {
  images: PageImages;
  page: number;
  pageCount: number;
  scale: number;
  width: number;
  height: number;
  label?: string;
  side: 'left' | 'right' | 'single';
};

/** One side of the open book: the page, or blank paper past the last page. */
function PageSlot({ images, page, pageCount, scale, width, height, label, side }: SlotProps) {
  // The fold: pages darken a little towards the spine.
  const shade =
    side === 'left'
      ? 'after:bg-linear-to-l after:from-black/12 after:to-transparent after:to-15%'
      : side === 'right'
        ? 'after:bg-linear-to-r after:from-black/12 after:to-transparent after:to-15%'
        : '';
  return (
    <div className={`relative bg-white after:pointer-events-none after:absolute after:inset-0 after:content-[''] ${shade}`} style={{ width, height }}>
      {page >= 1 && page <= pageCount ? <PageFace images={images} page={page} scale={scale} width={width} height={height} label={label} /> : null}
    </div>
  );
}

/** A page's picture; split from PageCanvas so a turning leaf can show pages without announcing them. */
function PageFace({
  images,
  page,
  scale,
  width,
  height,
  label,
}: {
  images: PageImages;
  page: number;
  scale: number;
  width: number;
  height: number;
  label?: string | undefined;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    let live = true;
    images.get(page, scale).then(
      (image) => {
        const canvas = canvasRef.current;
        if (!live || !canvas) return;
        canvas.width = image.width;
        canvas.height = image.height;
        canvas.getContext('2d')?.drawImage(image, 0, 0);
        canvas.dataset.renderedPage = String(page);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [images, page, scale]);
  return (
    <canvas
      ref={canvasRef}
      data-page={page}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className="block"
      style={{ width, height }}
    />
  );
}

/**
 * The page-flip book view (spec sections 4 and 9): two facing pages (one on a phone), turned with a
 * 600 ms animation, or at once when the user prefers reduced motion.
 */
export function PdfFlipBook({ pdf, images, title, page, onPageChange, maxScale = PDF_RENDER_SCALE.bookView, maxHeight = Infinity }: PdfFlipBookProps) {
  const isMobile = useIsMobile();
  const reducedMotion = useReducedMotion();
  const windowSize = useWindowSize();
  const pageCount = pdf.doc.numPages;
  const perSpread: 1 | 2 = isMobile || pageCount === 1 ? 1 : 2;
  const start = spreadStart(Math.min(Math.max(page, 1), pageCount), perSpread);

  const [frameRef, frameWidth] = useElementWidth<HTMLDivElement>();
  const widthShare = perSpread === 2 ? PAGE_WIDTH_SHARE : MOBILE_WIDTH_SHARE;
  const frame = frameWidth || windowSize.width;
  const heightLimit = Math.min(windowSize.height * PAGE_HEIGHT_SHARE, maxHeight);
  // The book's usual scale: its first page takes its share of the window, never wider than the space the page gives.
  const pageWidthLimit = Math.min(windowSize.width * widthShare, frame / perSpread);
  const bookFit = Math.min(maxScale, pageWidthLimit / pdf.pageSize.width, heightLimit / pdf.pageSize.height);
  // Each page at its own size (a landscape spread is wider than its cover), the pages shown fitting the frame together.
  const sizeOf = (n: number) => pdf.sizeOf(Math.min(Math.max(n, 1), pageCount));
  const spreadSizes = (perSpread === 2 ? [start, start + 1] : [start]).map((n) => (n <= pageCount ? sizeOf(n) : sizeOf(start)));
  const spreadPointsWide = spreadSizes.reduce((sum, size) => sum + size.width, 0);
  const spreadPointsHigh = Math.max(...spreadSizes.map((size) => size.height));
  const fit = Math.min(bookFit, frame / spreadPointsWide, heightLimit / spreadPointsHigh);
  const scale = Math.max(0.2, Math.floor(fit * 100) / 100);
  /** A page's box in CSS pixels; past the last page, blank paper the size of the page beside it. */
  const boxOf = (n: number) => {
    const size = n >= 1 && n <= pageCount ? sizeOf(n) : sizeOf(n < 1 ? 1 : pageCount);
    return { width: Math.floor(size.width * scale), height: Math.floor(size.height * scale) };
  };
  const leftWidth = Math.floor(spreadSizes[0]!.width * scale);
  const width = Math.floor(spreadPointsWide * scale);
  const height = Math.floor(spreadPointsHigh * scale);

  const [turn, setTurn] = useState<Turn | null>(null);
  const leafRef = useRef<HTMLDivElement>(null);

  const canPrev = start > 1;
  const canNext = start + perSpread <= pageCount;

  const turnTo = (direction: Turn['direction']) => {
    if (turn) return;
    if (direction === 'next' ? !canNext : !canPrev) return;
    const to = direction === 'next' ? start + perSpread : Math.max(1, start - perSpread);
    if (reducedMotion) onPageChange(to);
    else setTurn({ direction, from: start, to });
  };

  // The parent's latest callback, called when a turn's animation ends; a new one does not restart the turn.
  const turned = useEffectEvent((to: number) => onPageChange(to));

  useLayoutEffect(() => {
    const leaf = leafRef.current;
    if (!turn || !leaf) return;
    // Two-page spread: the right page swings over to the left (next) or the left one back (prev).
    // One page: the page swings away (next), or the previous page swings back in (prev).
    const keyframes =
      perSpread === 2
        ? turn.direction === 'next'
          ? [{ transform: 'rotateY(0deg)' }, { transform: 'rotateY(-180deg)' }]
          : [{ transform: 'rotateY(0deg)' }, { transform: 'rotateY(180deg)' }]
        : turn.direction === 'next'
          ? [{ transform: 'rotateY(0deg)' }, { transform: 'rotateY(-180deg)' }]
          : [{ transform: 'rotateY(-180deg)' }, { transform: 'rotateY(0deg)' }];
    const animation = leaf.animate(keyframes, { duration: TIMINGS.pageFlip, easing: FLIP_EASING, fill: 'forwards' });
    let live = true;
    animation.finished.then(
      () => {
        if (!live) return;
        setTurn(null);
        turned(turn.to);
      },
      () => undefined,
    );
    return () => {
      live = false;
      animation.cancel();
    };
  }, [turn, perSpread]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'PageUp') turnTo('prev');
    else if (event.key === 'ArrowRight' || event.key === 'PageDown') turnTo('next');
    else return;
    event.preventDefault();
  };

  // What lies under the leaf while it turns, and what the leaf shows on each face.
  const shown = turn ? turn.from : start;
  let under: number[];
  let leaf: { front: number; back: number; side: 'left' | 'right' } | null = null;
  if (perSpread === 2) {
    under = [shown, shown + 1];
    if (turn?.direction === 'next') {
      under = [turn.from, turn.to + 1];
      leaf = { front: turn.from + 1, back: turn.to, side: 'right' };
    } else if (turn?.direction === 'prev') {
      under = [turn.to, turn.from + 1];
      leaf = { front: turn.from, back: turn.from - 1, side: 'left' };
    }
  } else {
    under = [shown];
    if (turn?.direction === 'next') {
      under = [turn.to];
      leaf = { front: turn.from, back: 0, side: 'right' };
    } else if (turn?.direction === 'prev') {
      under = [turn.from];
      leaf = { front: turn.to, back: 0, side: 'right' };
    }
  }

  const firstShown = start;
  const lastShown = Math.min(start + perSpread - 1, pageCount);
  const pagesText = firstShown === lastShown ? `Page ${firstShown} of ${pageCount}` : `Pages ${firstShown}–${lastShown} of ${pageCount}`;

  const leafBox = leaf ? boxOf(leaf.front) : { width: 0, height: 0 };
  const leafStyle: CSSProperties = {
    width: leafBox.width,
    height: leafBox.height,
    top: (height - leafBox.height) / 2,
    left: perSpread === 2 && leaf?.side === 'right' ? leftWidth : 0,
    transformOrigin: perSpread === 2 && leaf?.side === 'left' ? 'right center' : 'left center',
    transformStyle: 'preserve-3d',
  };
  const faceStyle: CSSProperties = { backfaceVisibility: 'hidden', WebkitBackfaceVisibility: 'hidden' };

  return (
    <div ref={frameRef} className="flex w-full flex-col items-center gap-4">
      <div
        role="group"
        aria-roledescription="book"
        aria-label={`${title}: use the arrow keys to turn pages`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-spread-start={start}
        className="relative rounded-md shadow-[0_12px_30px_rgb(47_36_29/0.25)]"
        style={{ width, height, perspective: `${width * 2}px` }}
      >
        <div className="absolute inset-0 flex items-center">
          {under.map((pageNumber, index) => (
            <PageSlot
              key={index}
              images={images}
              page={pageNumber}
              pageCount={pageCount}
              scale={scale}
              {...boxOf(pageNumber)}
              side={perSpread === 1 ? 'single' : index === 0 ? 'left' : 'right'}
              label={turn ? undefined : `${title}, page ${pageNumber} of ${pageCount}`}
            />
          ))}
        </div>
        {perSpread === 2 ? <div aria-hidden="true" className="absolute inset-y-0 w-px -translate-x-1/2 bg-black/15" style={{ left: leftWidth }} /> : null}
        {leaf ? (
          <div ref={leafRef} aria-hidden="true" className="absolute z-10" style={leafStyle}>
            <div className="absolute inset-0 bg-white shadow-lg" style={faceStyle}>
              <PageSlot images={images} page={leaf.front} pageCount={pageCount} scale={scale} {...leafBox} side={leaf.side} />
            </div>
            <div className="absolute inset-0 bg-white shadow-lg" style={{ ...faceStyle, transform: 'rotateY(180deg)' }}>
              <PageSlot
                images={images}
                page={leaf.back}
                pageCount={pageCount}
                scale={scale}
                {...boxOf(leaf.back)}
                side={leaf.side === 'right' ? 'left' : 'right'}
              />
            </div>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button size="sm" variant="secondary" onClick={() => turnTo('prev')} aria-disabled={!canPrev || undefined}>
          Previous page
        </Button>
        <p aria-live="polite" className="min-w-36 text-center text-base font-semibold">
          {pagesText}
        </p>
        <Button size="sm" variant="secondary" onClick={() => turnTo('next')} aria-disabled={!canNext || undefined}>
          Next page
        </Button>
      </div>
    </div>
  );
}
