import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { kidRecordingsResponse } from '@fst/shared/recordings/recordings.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordingsQueryKey } from '../../../lib/api/recordings/recordings-query-keys.ts';

export type KidRecordings = z.infer<typeof kidRecordingsResponse>;

/** GET /api/recording/kid/{kidId}: the kid and all of the kid's recordings (members of the kid's family). */
export function getKidRecordings(kidId: string): Promise<KidRecordings> {
  return apiRequest<KidRecordings>(`/api/recording/kid/${encodeURIComponent(kidId)}`);
}

export const kidRecordingsQueryOptions = (kidId: string) =>
  queryOptions({ queryKey: [...recordingsQueryKey, 'kid', kidId] as const, queryFn: () => getKidRecordings(kidId) });

export function useKidRecordings(
  kidId: string | undefined,
  { enabled = true, refetchOnMount = true }: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {},
) {
  return useQuery({ ...kidRecordingsQueryOptions(kidId ?? ''), enabled: enabled && kidId !== undefined, refetchOnMount });
}
