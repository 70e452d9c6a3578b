import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { noteSessionEnded } from '../lib/session-ended.ts';
import { sessionQueryKey, type SessionAnswer } from '../lib/api/auth/get-me.ts';
import { seedMyFamilies } from '../lib/api/families/get-my-families.ts';

const SESSION_QUERY_HASH = hashKey(sessionQueryKey);

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Lists carry signed media and book links valid for an hour: refreshed well before they lapse, so a
        // page left open since the afternoon still plays at bedtime. Only visible pages refetch, and the
        // player keeps its own snapshot, so a refresh never restarts a story.
        refetchInterval: 30 * 60_000,
        // A refusal will not change on retry; a network hiccup might.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        // Asked even when the browser says it is offline: the page then shows its error with Try Again (and
        // asks again by itself once back online), rather than a loading state that never ends.
        networkMode: 'always',
      },
      // A save made offline fails at once with the connection's message and can be tried again; it would
      // otherwise wait, "Saving…", with no word and no way out, until the connection came back.
      mutations: { networkMode: 'always' },
    },
    // A 401 while signed in means the session ended: the guards then send the user to sign in again.
    queryCache: new QueryCache({
      onError: (error) => signOutOnExpiredSession(client, error),
      // The session's answer carries the user's families: the pages' family list starts from it (one round trip less).
      onSuccess: (data, query) => {
        const session = query.queryHash === SESSION_QUERY_HASH ? (data as SessionAnswer | null) : null;
        if (session && 'user' in session) seedMyFamilies(client, session.families);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => signOutOnExpiredSession(client, error) }),
  });
  return client;
}

function signOutOnExpiredSession(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 401 && client.getQueryData(sessionQueryKey)) {
    // The sign-in page then says so, and leads back to this page (guards.tsx).
    noteSessionEnded();
    client.setQueryData(sessionQueryKey, null);
  }
}
