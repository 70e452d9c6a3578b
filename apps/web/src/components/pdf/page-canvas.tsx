import { useEffect, useRef, useState } from 'react';
import type { PageImages } from '../../lib/pdf.ts';

type PageCanvasProps = {
  images: PageImages;
  page: number;
  /** CSS pixels per PDF point. */
  scale: number;
  /** The page box in CSS pixels. */
  width: number;
  height: number;
  /** What a screen reader hears, e.g. "Page 3 of 12"; omit for a decorative copy (a page being turned). */
  label?: string;
  className?: string;
};

/**
 * One PDF page on a canvas. The page is drawn off screen once (PageImages) and copied here, so showing a
 * page again is instant. `data-rendered-page` says which page the canvas shows.
 */
export function PageCanvas({ images, page, scale, width, height, label, className = '' }: PageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    images.get(page, scale).then(
      (image) => {
        const canvas = canvasRef.current;
        if (!live || !canvas) return;
        canvas.width = image.width;
        canvas.height = image.height;
        canvas.getContext('2d')?.drawImage(image, 0, 0);
        canvas.dataset.renderedPage = String(page);
        setFailed(null);
      },
      () => {
        if (live) setFailed(page);
      },
    );
    return () => {
      live = false;
    };
  }, [images, page, scale]);

  return (
    <div className={`relative overflow-hidden bg-white ${className}`} style={{ width, height }}>
      <canvas
        ref={canvasRef}
        data-page={page}
        role={label ? 'img' : undefined}
        aria-label={label}
        aria-hidden={label ? undefined : true}
        className="block size-full"
      />
      {failed === page ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-base text-ink-soft">This page could not be shown.</p>
      ) : null}
    </div>
  );
}
