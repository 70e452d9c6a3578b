import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reactionListResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';

export type ReaderReactions = z.infer<typeof reactionListResponse>;

/** GET /api/reactions/for-reader: reactions to the signed-in reader's recordings, newest first. */
export function getReaderReactions(): Promise<ReaderReactions> {
  return apiRequest<ReaderReactions>('/api/reactions/for-reader');
}

export const readerReactionsQueryOptions = () =>
  queryOptions({ queryKey: [...playbackQueryKey, 'reactions', 'for-reader'] as const, queryFn: getReaderReactions });

/** Asked again every minute while shown: a heart sent tonight should not wait for a reload. */
export function useReaderReactions() {
  return useQuery({ ...readerReactionsQueryOptions(), refetchInterval: 60_000 });
}
