import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLoaderData, type LoaderFunction, type Params } from 'react-router';
import { APP_TEXTS } from '@fst/shared/messages';
import { LazyBoundary, loadFailedText, retryableLazy } from '../components/lazy-part.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageTitle } from '../components/ui/page-title.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { nextTask } from '../lib/next-task.ts';

/**
 * A page's module. `prefetch`, when a page has it, asks for the data the page shows first and settles once
 * that data is in (or failed: the page then shows its own error); `loadPage` starts it.
 */
export type PageModule = { default: ComponentType; prefetch?: PagePrefetch };
export type PagePrefetch = (client: QueryClient, params: Params, options: { url: URL; comingBack: boolean }) => Promise<unknown>;

export type LazyPage = ComponentType & {
  /** Starts the download now (shared with the render that follows); answers the module, or undefined when it failed. */
  preload: () => Promise<PageModule | undefined>;
};

/** How long the signed-in layout's loader waits for its code and first data before the router draws it anyway. */
export const FIRST_DATA_WAIT_MS = 3_000;

/**
 * The React Router loader of a lazy page: starts its code, then the first data its `prefetch` asks for, at
 * once, beside the session check, on the first load and on every navigation. A page draws at once, with its
 * own loading views; with `wait` (the signed-in layout, whose first render needs its data), and when the
 * reader comes back to the page (`comingBack`), the router waits for them first, for data only online, and
 * at most FIRST_DATA_WAIT_MS. Never fails: a page whose code or data did not come shows its own error.
 */
export function loadPage(page: LazyPage, client: QueryClient, { wait = false, firstLoad = (): boolean => false } = {}): LoaderFunction {
  return async ({ params, request }) => {
    const back = comingBack(request, firstLoad());
    // The page's code is evaluated, then its first data asked for, each in a task of its own: run in the task where
    // the router starts its loaders, they made it one of each signed-in page's longest (docs/quality.md "Web: Lighthouse").
    const firstData = nextTask()
      .then(() => page.preload())
      .then(async (module) => {
        await nextTask();
        const data = module?.prefetch?.(client, params, { url: new URL(request.url), comingBack: back });
        if (navigator.onLine) await data;
      });
    if (wait || back) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([firstData, new Promise((resolve) => (timer = setTimeout(resolve, FIRST_DATA_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return { comingBack: back } satisfies PageLoaderData;
  };
}

/** What a lazy page's loader answers (`useLoaderData` in the page). */
export type PageLoaderData = { comingBack: boolean };

/**
 * Whether the page is drawn where the reader comes back to it (`comingBack`): it then draws whole at once,
 * parts it would otherwise add a frame later included, so that the position restored is there.
 */
export function useComingBack(): boolean {
  return (useLoaderData() as PageLoaderData | undefined)?.comingBack === true;
}

/**
 * Whether the reader comes back to a page they saw (a reload, back or forward): React Router's
 * ScrollRestoration then puts them where they were once the loaders are done, a position a page still
 * loading is too short to hold. `firstLoad`: the router's first navigation, the document's own.
 */
export function comingBack(request: Request, firstLoad: boolean): boolean {
  // Opened by a link, the browser still shows the page before: the new one opens at its top.
  const shown = new URL(window.location.href);
  shown.hash = '';
  if (request.url !== shown.href) return false;
  if (!firstLoad) return true;
  const [opened] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return opened?.type === 'reload' || opened?.type === 'back_forward';
}

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
