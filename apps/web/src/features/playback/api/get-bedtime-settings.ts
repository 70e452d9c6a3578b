import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BedtimeSettings } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';

export const bedtimePath = (kidId: string) => `/api/playback/kid/${encodeURIComponent(kidId)}/bedtime`;

/** GET /api/playback/kid/{kidId}/bedtime: stories tonight and the sleep timer (parents of the kid's family). */
export function getBedtimeSettings(kidId: string): Promise<BedtimeSettings> {
  return apiRequest<BedtimeSettings>(bedtimePath(kidId));
}

export const bedtimeQueryKey = (kidId: string) => [...playbackQueryKey, 'bedtime', kidId] as const;

export const bedtimeQueryOptions = (kidId: string) => queryOptions({ queryKey: bedtimeQueryKey(kidId), queryFn: () => getBedtimeSettings(kidId) });

export function useBedtimeSettings(kidId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...bedtimeQueryOptions(kidId),
    enabled,
    retry: (count, error) => count < 2 && !('status' in error && [400, 403, 404].includes(error.status as number)),
  });
}
