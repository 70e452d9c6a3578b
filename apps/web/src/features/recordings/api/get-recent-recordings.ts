import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { RecordingList } from '../../../lib/api/recordings/get-family-recordings.ts';
import { recordingsQueryKey } from '../../../lib/api/recordings/recordings-query-keys.ts';

/** GET /api/family/{id}/recent-recordings: the family's ten newest ready readings. */
export function getRecentRecordings(familyId: string): Promise<RecordingList> {
  return apiRequest<RecordingList>(`/api/family/${encodeURIComponent(familyId)}/recent-recordings`);
}

export const recentRecordingsQueryOptions = (familyId: string) =>
  queryOptions({ queryKey: [...recordingsQueryKey, 'recent', familyId] as const, queryFn: () => getRecentRecordings(familyId) });

export function useRecentRecordings(familyId: string | undefined) {
  return useQuery({ ...recentRecordingsQueryOptions(familyId ?? ''), enabled: familyId !== undefined });
}
