import type { ComponentType } from 'react';
import { APP_TEXTS } from '@fst/shared/messages';
import { LazyBoundary, retryableLazy } from '../components/lazy-part.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';

type PageModule = { default: ComponentType };

export type LazyPage = ComponentType & {
  /** Starts the download now (shared with the render that follows); a failure is left to that render. */
  preload: () => void;
};

/**
 * A route page loaded on demand (decisions.md "PDF rendering"): a chunk that has not arrived in
 * 120 s shows an error with a Retry button.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const page = retryableLazy(load);

  function LazyPage() {
    return (
      <LazyBoundary
        part={page}
        props={{}}
        loading={<LoadingScreen label={APP_TEXTS.loadingPage} />}
        failed={(retry) => (
          <div className="mx-auto max-w-xl px-4 py-12">
            <Card className="flex flex-col items-center gap-4 text-center">
              <p role="alert" className="text-lg font-semibold text-danger">
                {APP_TEXTS.chunkLoadFailed}
              </p>
              <Button onClick={retry}>{APP_TEXTS.retry}</Button>
            </Card>
          </div>
        )}
      />
    );
  }
  LazyPage.preload = page.preload;
  return LazyPage;
}
