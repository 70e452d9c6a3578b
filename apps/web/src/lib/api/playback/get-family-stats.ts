import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilyStatsResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../api-client.ts';
import { tzOffsetMinutes } from '../../view.ts';

// Under the playback feature's root key, so anything that refreshes playback refreshes the stats too.
export const familyStatsQueryKey = (familyId: string) => ['playback', 'family-stats', familyId] as const;

/**
 * GET /api/playback/family/{familyId}/stats: times watched, watched this week, today's story time,
 * unwatched stories and the last watched story, from real play events (decisions.md "Stats are real").
 */
export function getFamilyStats(familyId: string): Promise<FamilyStatsResponse> {
  // The viewer's offset from UTC, so "this week" and "today" are theirs.
  const search = new URLSearchParams({ tz_offset_minutes: String(tzOffsetMinutes()) });
  return apiRequest<FamilyStatsResponse>(`/api/playback/family/${encodeURIComponent(familyId)}/stats?${search.toString()}`);
}

export const familyStatsQueryOptions = (familyId: string) => queryOptions({ queryKey: familyStatsQueryKey(familyId), queryFn: () => getFamilyStats(familyId) });

export function useFamilyStats(familyId: string | undefined) {
  return useQuery({ ...familyStatsQueryOptions(familyId ?? ''), enabled: familyId !== undefined });
}
