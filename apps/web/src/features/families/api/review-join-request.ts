import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewRequestBody, reviewRequestResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familyQueryKey } from '../../../lib/api/families/get-family.ts';
import { joinRequestsQueryKey, type JoinRequestsAnswer } from './get-join-requests.ts';
import { myFamiliesQueryKey } from '../../../lib/api/families/get-my-families.ts';

type ReviewInput = { familyId: string; requestId: string } & z.input<typeof reviewRequestBody>;

export function reviewJoinRequest({ familyId, requestId, action }: ReviewInput): Promise<z.infer<typeof reviewRequestResponse>> {
  return apiRequest<z.infer<typeof reviewRequestResponse>>(`/api/family/${encodeURIComponent(familyId)}/requests/${encodeURIComponent(requestId)}`, {
    method: 'PUT',
    body: { action },
  });
}

export function useReviewJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewJoinRequest,
    onSuccess: async (_answer, { familyId, requestId, action }) => {
      // The row leaves the list at once (spec section 4).
      queryClient.setQueryData<JoinRequestsAnswer>(joinRequestsQueryKey(familyId), (old) =>
        old ? { requests: old.requests.filter((request) => request.id !== requestId) } : old,
      );
      if (action === 'approve') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: familyQueryKey(familyId) }),
          queryClient.invalidateQueries({ queryKey: myFamiliesQueryKey }),
        ]);
      }
    },
  });
}

/** For a request found reviewed already (409, by an answer lost on the way or another admin): its family's requests and members, asked afresh. */
export function useRefreshJoinRequests() {
  const queryClient = useQueryClient();
  return (familyId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: joinRequestsQueryKey(familyId) }),
      queryClient.invalidateQueries({ queryKey: familyQueryKey(familyId) }),
      queryClient.invalidateQueries({ queryKey: myFamiliesQueryKey }),
    ]);
}
