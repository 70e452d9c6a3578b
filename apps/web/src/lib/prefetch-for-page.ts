import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { nextTask } from './next-task.ts';

/**
 * Asks for one of a page's queries before the page renders (a page's `prefetch`, app/lazy-page.tsx) and
 * answers its data, or undefined when it failed. Data already in the page answers at once (refreshed in
 * the background when stale), so coming back to a page does not wait for the network. The session is not
 * known yet at that point: a refusal (signed out, another role's page) stays in the cache without data, and
 * a page that mounts later asks again, showing its loading state meanwhile rather than that refusal
 * (TanStack Query refetches a query without data on mount).
 */
export async function prefetchForPage<T, K extends QueryKey>(client: QueryClient, options: EnsureQueryDataOptions<T, Error, T, K>): Promise<T | undefined> {
  // Each request goes out in a task of its own: a dashboard's ten, asked for together, were one long task (each
  // fetch() 0.6 ms of main thread on a fast computer, several times that on a phone; docs/quality.md "Web: Lighthouse").
  await nextTask();
  return client.ensureQueryData({ ...options, revalidateIfStale: true }).catch(() => undefined);
}
