import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { apiRequest } from '../../api-client.ts';
import { recordingsQueryKey } from './recordings-query-keys.ts';

/** GET /api/recording/my-recordings: the caller's own recordings, newest first, every status. */
export function getMyRecordings(): Promise<Recording[]> {
  return apiRequest<Recording[]>('/api/recording/my-recordings');
}

export const myRecordingsQueryOptions = () => queryOptions({ queryKey: [...recordingsQueryKey, 'mine'] as const, queryFn: getMyRecordings });

export function useMyRecordings(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...myRecordingsQueryOptions(),
    enabled: options.enabled ?? true,
    // Recordings still processing turn ready on their own: look again until none is left.
    refetchInterval: (query) => (query.state.data?.some((r) => r.processing_status === 'processing') ? 5000 : false),
  });
}
