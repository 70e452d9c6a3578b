import type { QueryClient } from '@tanstack/react-query';

// Precaching starts once none of the page's requests has been in flight for this long (its first data is in
// and drawn), and at the latest this long after the page loaded, for a page that keeps asking.
const QUIET_MS = 1000;
const LONGEST_WAIT_MS = 10_000;

/** Calls `then` once, when no query of `queryClient` has been fetching for QUIET_MS, or after LONGEST_WAIT_MS. */
export function whenDataSettled(queryClient: QueryClient, then: () => void): void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    clearTimeout(longest);
    unsubscribe();
    then();
  };
  const check = () => {
    clearTimeout(quiet);
    if (queryClient.isFetching() === 0) quiet = setTimeout(finish, QUIET_MS);
  };
  const longest = setTimeout(finish, LONGEST_WAIT_MS);
  // Only a query's own state says whether it is fetching: the many observer events of a page's first renders are skipped.
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') check();
  });
  check();
}

/**
 * Registers the generated service worker (vite.config.ts `installableApp`, issue 26) once the page has loaded
 * and its first data is in. Its install precaches every built file (about 1 MB): started at the load event, it
 * took the bandwidth and the cores the page's first answers and their drawing needed (docs/quality.md "Web:
 * Lighthouse"). Not in development, where there is none.
 */
export function registerServiceWorker(queryClient: QueryClient): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // workbox-window is downloaded only then, outside the code every first paint waits for.
  const register = () =>
    void import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
      .catch((error: unknown) => console.warn('The service worker was not registered', error));
  const afterLoad = () => whenDataSettled(queryClient, register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
