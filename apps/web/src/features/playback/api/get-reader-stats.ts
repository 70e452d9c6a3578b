import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReaderDashboardStats } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';

/**
 * GET /api/playback/reader/stats: the signed-in reader's Stories Recorded, Times Watched, Happy Grandkids
 * and Stories Queued (decisions.md "Stats are real").
 */
export function getReaderStats(): Promise<ReaderDashboardStats> {
  return apiRequest<ReaderDashboardStats>('/api/playback/reader/stats');
}

export const readerStatsQueryOptions = () => queryOptions({ queryKey: [...playbackQueryKey, 'reader-stats'] as const, queryFn: getReaderStats });

export function useReaderStats() {
  return useQuery({
    ...readerStatsQueryOptions(),
    // A story still processing counts once ready: look again until none is left.
    refetchInterval: (query) => ((query.state.data?.stories_processing ?? 0) > 0 ? 5000 : false),
  });
}
