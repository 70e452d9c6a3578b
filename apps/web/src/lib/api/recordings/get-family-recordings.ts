import { queryOptions, useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recordingListResponse } from '@fst/shared/recordings/recordings.schema';
import { apiRequest } from '../../api-client.ts';
import { recordingsQueryKey } from './recordings-query-keys.ts';

export type RecordingList = z.infer<typeof recordingListResponse>;

/** GET /api/family/{id}/all-recordings: the family's readings the caller may see. */
export function getFamilyRecordings(familyId: string): Promise<RecordingList> {
  return apiRequest<RecordingList>(`/api/family/${encodeURIComponent(familyId)}/all-recordings`);
}

export const familyRecordingsQueryOptions = (familyId: string) =>
  queryOptions({ queryKey: [...recordingsQueryKey, 'family', familyId] as const, queryFn: () => getFamilyRecordings(familyId) });

/** The all-recordings lists of several families at once. */
export function useFamiliesRecordings(familyIds: readonly string[]) {
  return useQueries({ queries: familyIds.map((id) => familyRecordingsQueryOptions(id)) });
}
