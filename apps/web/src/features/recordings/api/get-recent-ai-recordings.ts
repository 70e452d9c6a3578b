import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { RecordingList } from '../../../lib/api/recordings/get-family-recordings.ts';
import { recordingsQueryKey } from '../../../lib/api/recordings/recordings-query-keys.ts';

/** GET /api/family/{id}/recent-ai-recordings: the family's newest AI voice stories (recordings with is_ai). */
export function getRecentAiRecordings(familyId: string): Promise<RecordingList> {
  return apiRequest<RecordingList>(`/api/family/${encodeURIComponent(familyId)}/recent-ai-recordings`);
}

export const recentAiRecordingsQueryOptions = (familyId: string) =>
  queryOptions({ queryKey: [...recordingsQueryKey, 'recent-ai', familyId] as const, queryFn: () => getRecentAiRecordings(familyId) });

export function useRecentAiRecordings(familyId: string | undefined) {
  return useQuery({ ...recentAiRecordingsQueryOptions(familyId ?? ''), enabled: familyId !== undefined });
}
