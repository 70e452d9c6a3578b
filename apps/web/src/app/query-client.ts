import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { sessionQueryKey } from '../features/auth/api/get-me.ts';

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
      },
    },
    // A 401 while signed in means the session ended: the guards then send the user to /login.
    queryCache: new QueryCache({ onError: (error) => signOutOnExpiredSession(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => signOutOnExpiredSession(client, error) }),
  });
  return client;
}

function signOutOnExpiredSession(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 401 && client.getQueryData(sessionQueryKey)) {
    client.setQueryData(sessionQueryKey, null);
  }
}
