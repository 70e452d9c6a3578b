import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myJoinRequestsResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familiesQueryKey, myFamiliesQueryKey } from '../../../lib/api/families/get-my-families.ts';

export type MyJoinRequests = z.infer<typeof myJoinRequestsResponse>;

export const myJoinRequestsQueryKey = [...familiesQueryKey, 'my-join-requests'] as const;

/** The signed-in person's own pending join requests (issue 22.12). */
export function getMyJoinRequests(): Promise<MyJoinRequests> {
  return apiRequest<MyJoinRequests>('/api/me/join-requests');
}

export const myJoinRequestsQueryOptions = () => queryOptions({ queryKey: myJoinRequestsQueryKey, queryFn: getMyJoinRequests });

export function useMyJoinRequests() {
  return useQuery(myJoinRequestsQueryOptions());
}

export function withdrawJoinRequest(requestId: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>(`/api/me/join-requests/${encodeURIComponent(requestId)}`, { method: 'DELETE' });
}

export function useWithdrawJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawJoinRequest,
    onSettled: () =>
      // A request withdrawn (or found handled meanwhile) leaves the list; an approval shows as a family.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myJoinRequestsQueryKey }),
        queryClient.invalidateQueries({ queryKey: myFamiliesQueryKey }),
        queryClient.invalidateQueries({ queryKey: [...familiesQueryKey, 'search'] }),
      ]),
  });
}
