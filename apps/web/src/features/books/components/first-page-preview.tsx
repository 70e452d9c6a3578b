import { useEffect, useState } from 'react';
import { BOOK_PREVIEW_WIDTH } from '@fst/shared/constants';
import { BOOK_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { BookIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** The image's CSS box from the page's shape, the same before and after it loads. */
const previewBox = ({ width, height }: { width: number; height: number }) => ({
  width: `min(100%, ${BOOK_PREVIEW_WIDTH}px, ${(75 * width) / height}vh)`,
  aspectRatio: `${width} / ${height}`,
});

/** How often, and how many times, a page waiting for its preview asks again (the cover job takes seconds). */
const NOT_READY_POLL_MS = 5_000;
const NOT_READY_POLLS = 24;

type FirstPagePreviewProps = {
  title: string;
  /** The signed link to the first page drawn as an image; null until the server's cover job has drawn it. */
  url: string | null;
  pageCount: number;
  /** The first page's size in points, null until the server has read it: the image's box is kept from the start. */
  pageSize?: { width: number; height: number } | null;
  /** Asks for the book again: a link for a preview drawn since, or a fresh one for an expired link. */
  refresh: () => Promise<unknown>;
};

/**
 * A locked premium book's first page (issue 22): one image drawn by the server, never the book's PDF, so
 * nothing else of the book reaches the browser. Loading, not ready yet (asked again for a while), failed with
 * Try Again.
 */
export function FirstPagePreview({ title, url, pageCount, pageSize = null, refresh }: FirstPagePreviewProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // One fresh link is asked for when the image fails (it may have expired while the page stood open).
  const [refreshed, setRefreshed] = useState(false);

  useEffect(() => {
    if (url) return;
    let polls = 0;
    const timer = window.setInterval(() => {
      polls += 1;
      if (polls >= NOT_READY_POLLS) window.clearInterval(timer);
      void refresh();
    }, NOT_READY_POLL_MS);
    return () => window.clearInterval(timer);
  }, [url, refresh]);

  if (!url) {
    return (
      <div
        role="status"
        className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-card border border-dashed border-line-strong bg-paper p-8 text-center text-ink-soft"
      >
        <BookIcon className="size-10 text-brand" />
        <p>{BOOK_TEXTS.previewNotReady}</p>
        <Button size="sm" variant="secondary" onClick={() => void refresh()}>
          Check again
        </Button>
      </div>
    );
  }

  if (failed === url) {
    return (
      <Alert tone="error" className="flex flex-col items-center gap-4 py-8 text-center">
        <span>{BOOK_TEXTS.previewFailed}</span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setFailed(null);
            void refresh();
          }}
        >
          Try Again
        </Button>
      </Alert>
    );
  }

  const loading = loaded !== url;
  return (
    <figure className="flex flex-col items-center gap-3">
      <div className={`relative flex w-full justify-center ${loading && !pageSize ? 'min-h-64' : ''}`}>
        {loading ? (
          <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-card bg-cream-deep/60 p-8 text-ink-soft">
            <Spinner className="size-9" />
            <span>{BOOK_TEXTS.previewLoading}</span>
          </div>
        ) : null}
        <img
          key={url}
          src={url}
          alt={BOOK_TEXTS.firstPageAlt(title)}
          decoding="async"
          // The box it takes once in (BOOK_PREVIEW_WIDTH wide at the page's shape, within the frame and 75% of the
          // screen's height), given before it arrives: nothing moves when it does.
          style={pageSize ? previewBox(pageSize) : undefined}
          onLoad={() => setLoaded(url)}
          onError={() => {
            if (refreshed) return setFailed(url);
            setRefreshed(true);
            void refresh();
          }}
          className={`block h-auto max-h-[75vh] w-auto max-w-full rounded-lg bg-white shadow-card ${loading ? 'opacity-0' : ''}`}
        />
      </div>
      {pageCount > 0 ? <figcaption className="text-base font-semibold text-ink-soft">{BOOK_TEXTS.firstPageOf(pageCount)}</figcaption> : null}
    </figure>
  );
}
