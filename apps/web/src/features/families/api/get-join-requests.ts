import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { TIMINGS } from '@fst/shared/constants';
import type { joinRequestsResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familiesQueryKey } from '../../../lib/api/families/get-my-families.ts';

export type JoinRequestsAnswer = z.infer<typeof joinRequestsResponse>;

export const joinRequestsQueryKey = (familyId: string) => [...familiesQueryKey, 'requests', familyId] as const;

export function getJoinRequests(familyId: string): Promise<JoinRequestsAnswer> {
  return apiRequest<JoinRequestsAnswer>(`/api/family/${encodeURIComponent(familyId)}/requests`);
}

export const joinRequestsQueryOptions = (familyId: string) =>
  queryOptions({
    queryKey: joinRequestsQueryKey(familyId),
    queryFn: () => getJoinRequests(familyId),
    // Spec section 2: the bell polls for new requests every 60 s.
    refetchInterval: TIMINGS.joinRequestPoll,
  });

/** Pending join requests of a family; only its admin may ask (`enabled` false for everyone else). */
export function useJoinRequests(familyId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...joinRequestsQueryOptions(familyId ?? ''), enabled: enabled && familyId !== undefined });
}
