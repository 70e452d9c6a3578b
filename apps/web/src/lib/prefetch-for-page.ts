import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Asks for one of a page's queries before the page renders (a page's `prefetch`, app/lazy-page.tsx) and
 * answers its data, or undefined when it failed. The session is not known yet at that point: a refusal
 * (signed out, another role's page) stays in the cache without data, and a page that mounts later asks
 * again, showing its loading state meanwhile rather than that refusal (TanStack Query refetches a query
 * without data on mount).
 */
export function prefetchForPage<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<T | undefined> {
  return client.fetchQuery(options).catch(() => undefined);
}
