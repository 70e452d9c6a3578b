import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { kidAllRecordingsResponse } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

export type KidAllRecordings = z.infer<typeof kidAllRecordingsResponse>;

/** GET /api/voice/kid/{kidId}/all-recordings: the kid's readings and AI stories together, newest first. */
export function getKidAllRecordings(kidId: string): Promise<KidAllRecordings> {
  return apiRequest<KidAllRecordings>(`/api/voice/kid/${encodeURIComponent(kidId)}/all-recordings`);
}

export const kidAllRecordingsQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: [...narrationQueryKey, 'kid-all', kidId] as const, queryFn: () => getKidAllRecordings(kidId) });

export function useKidAllRecordings(kidId: string | undefined) {
  return useQuery({ ...kidAllRecordingsQueryOptions(kidId ?? ''), enabled: Boolean(kidId) });
}
