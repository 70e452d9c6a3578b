import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { viewUrlResponse } from '@fst/shared/recordings/recordings.schema';
import { apiRequest } from '../../api-client.ts';
import { recordingsQueryKey } from './recordings-query-keys.ts';

export type ViewUrl = z.infer<typeof viewUrlResponse>;

/** GET /api/recording/{id}/view-url: a short-lived signed link to the playable media. */
export function getViewUrl(recordingId: string): Promise<ViewUrl> {
  return apiRequest<ViewUrl>(`/api/recording/${encodeURIComponent(recordingId)}/view-url`);
}

export const viewUrlQueryOptions = (recordingId: string) =>
  queryOptions({
    queryKey: [...recordingsQueryKey, 'view-url', recordingId] as const,
    queryFn: () => getViewUrl(recordingId),
    // Signed links last about an hour: ask for a fresh one well before.
    staleTime: 10 * 60_000,
  });

export function useViewUrl(recordingId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...viewUrlQueryOptions(recordingId), enabled: options.enabled ?? true });
}
