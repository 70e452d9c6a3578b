import { startTransition, useEffect, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLoaderData, type LoaderFunction, type Params } from 'react-router';
import { APP_TEXTS } from '@fst/shared/messages';
import { LazyBoundary, loadFailedText, retryableLazy } from '../components/lazy-part.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageTitle } from '../components/ui/page-title.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';

/**
 * A page's module. `prefetch`, when a page has it, asks for the data the page shows first and settles once
 * that data is in (or failed: the page then shows its own error); the page is drawn once it has (`loadPage`).
 */
export type PageModule = { default: ComponentType; prefetch?: PagePrefetch };
export type PagePrefetch = (client: QueryClient, params: Params) => Promise<unknown>;

export type LazyPage = ComponentType & {
  /** Starts the download now (shared with the render that follows); answers the module, or undefined when it failed. */
  preload: () => Promise<PageModule | undefined>;
};

/** How long a page waits for its first data before it is drawn anyway, with its own loading views. */
export const FIRST_DATA_WAIT_MS = 3_000;

/** A page's code and first data on their way; `settled` once they are in (or failed, or waited for long enough). */
export type FirstData = Promise<void> & { settled?: boolean };

/** What a lazy page's loader answers (`loadPage`), read by the page (`lazyPage`). */
export type PageLoaderData = { firstData: FirstData };

/**
 * The page's code, then the first data its `prefetch` asks for. Never fails (a page whose code or data did not
 * come shows its own error); waits for data only online, and at most FIRST_DATA_WAIT_MS.
 */
function firstDataOf(page: LazyPage, client: QueryClient, params: Params): FirstData {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = page.preload().then(async (module) => {
    const data = module?.prefetch?.(client, params);
    if (navigator.onLine) await data;
  });
  const firstData: FirstData = Promise.race([ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_DATA_WAIT_MS)))]).then(() => {
    clearTimeout(timer);
    firstData.settled = true;
  });
  return firstData;
}

/**
 * The React Router loader of a lazy page: starts its code and first data at once, beside the session check.
 * A page is drawn once they are in (`lazyPage`), whole, in a transition that React renders in slices between
 * frames; drawn before, each arriving answer was a synchronous render of its own. The router draws the
 * pages around it meanwhile; with `wait` (the signed-in layout) it waits for them first.
 */
export function loadPage(page: LazyPage, client: QueryClient, { wait = false } = {}): LoaderFunction<PageLoaderData> {
  return async ({ params }) => {
    const firstData = firstDataOf(page, client, params);
    if (wait) await firstData;
    return { firstData };
  };
}

/**
 * Whether the page's first data is in: at once when it already was, otherwise flipped in a transition once it
 * is. True from then on: a page already drawn is not taken down again by a later loader (another kid's page, a
 * changed search), it shows its own loading states as before.
 */
function useFirstDataIn(firstData: FirstData | undefined): boolean {
  const [shown, setShown] = useState(firstData === undefined || firstData.settled === true);
  useEffect(() => {
    if (shown || !firstData) return;
    let current = true;
    void firstData.then(() => current && startTransition(() => setShown(true)));
    return () => {
      current = false;
    };
  }, [firstData, shown]);
  return shown;
}

/**
 * A route page loaded on demand (decisions.md "PDF rendering"): a chunk that has not arrived in
 * 120 s shows an error with a Retry button (offline, it says so and loads once back online).
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  const page = retryableLazy<object, PageModule>(load);

  const loading = (
    <>
      {/* The page before it took its title along: the app's name until this one sets its own. */}
      <PageTitle />
      <LoadingScreen label={APP_TEXTS.loadingPage} />
    </>
  );

  function LazyPage() {
    // A page without a loader (a public page, rendered ahead) has no first data to wait for.
    const ready = useFirstDataIn(useLoaderData<PageLoaderData | undefined>()?.firstData);
    if (!ready) return loading;
    return (
      <LazyBoundary
        part={page}
        props={{}}
        loading={loading}
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
