import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { TIMINGS } from '@fst/shared/constants';
import { APP_TEXTS } from '@fst/shared/messages';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';

/** A code chunk that did not arrive, or not within TIMINGS.chunkLoadTimeout. */
export class ChunkLoadError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(APP_TEXTS.chunkLoadFailed, options);
    this.name = 'ChunkLoadError';
  }
}

type PageModule = { default: ComponentType };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadError()), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        window.clearTimeout(timer);
        reject(new ChunkLoadError({ cause }));
      },
    );
  });
}

export type LazyPage = ComponentType & {
  /** Starts the download now (shared with the render that follows); a failure is left to that render. */
  preload: () => void;
};

/**
 * A route page loaded on demand (decisions.md "PDF rendering"): a chunk that has not arrived in
 * 120 s shows an error with a Retry button.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let download: Promise<PageModule> | null = null;
  let retriedInPage = false;
  const startOrJoin = () => {
    download ??= load().catch((cause: unknown) => {
      download = null;
      throw cause;
    });
    return withTimeout(download, TIMINGS.chunkLoadTimeout);
  };
  let Page = lazy(startOrJoin);

  /** True when the page can try again in place; otherwise the whole document is reloaded. */
  const prepareRetry = (): boolean => {
    // A request still hanging cannot be restarted from inside the page (the browser keeps one
    // request per module), and a module that failed twice will not load without a fresh start.
    if (download !== null || retriedInPage) {
      window.location.reload();
      return false;
    }
    retriedInPage = true;
    Page = lazy(startOrJoin);
    return true;
  };

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      if (prepareRetry()) setAttempt((n) => n + 1);
    };
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<LoadingScreen label={APP_TEXTS.loadingPage} />}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyPage.preload = () => void startOrJoin().catch(() => undefined);
  return LazyPage;
}

type BoundaryProps = { onRetry: () => void; children: ReactNode };

class ChunkErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Other errors belong to the route's error page.
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <Card className="flex flex-col items-center gap-4 text-center">
          <p role="alert" className="text-lg font-semibold text-danger">
            {APP_TEXTS.chunkLoadFailed}
          </p>
          <Button onClick={this.props.onRetry}>{APP_TEXTS.retry}</Button>
        </Card>
      </div>
    );
  }
}
