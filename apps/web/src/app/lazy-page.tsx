import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { APP_TEXTS } from '@fst/shared/messages';
import { LazyBoundary, loadFailedText, retryableLazy } from '../components/lazy-part.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageTitle } from '../components/ui/page-title.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';

/**
 * A page's module. `prefetch`, when a page has it, asks for the data the page shows first, so that it is
 * on its way while the session is checked and the page renders (see `preloadPagesOf` in router.tsx).
 */
export type PageModule = { default: ComponentType; prefetch?: PagePrefetch };
export type PagePrefetch = (client: QueryClient, params: Params) => void;

export type LazyPage = ComponentType & {
  /** Starts the download now (shared with the render that follows); answers the module, or undefined when it failed. */
  preload: () => Promise<PageModule | undefined>;
};

/**
 * A route page loaded on demand (decisions.md "PDF rendering"): a chunk that has not arrived in
 * 120 s shows an error with a Retry button (offline, it says so and loads once back online).
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const page = retryableLazy<object, PageModule>(load);

  function LazyPage() {
    return (
      <LazyBoundary
        part={page}
        props={{}}
        loading={
          <>
            {/* The page before it took its title along: the app's name until this one sets its own. */}
            <PageTitle />
            <LoadingScreen label={APP_TEXTS.loadingPage} />
          </>
        }
        failed={(retry) => (
          <div className="mx-auto max-w-xl px-4 py-12">
            <Card className="flex flex-col items-center gap-4 text-center">
              <p role="alert" className="text-lg font-semibold text-danger">
                {loadFailedText(APP_TEXTS.chunkLoadFailed)}
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
