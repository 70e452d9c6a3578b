import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { requestJoinResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familiesQueryKey } from '../../../lib/api/families/get-my-families.ts';
import { myJoinRequestsQueryKey } from './my-join-requests.ts';
import type { FamilySearchAnswer } from './search-families.ts';

type RequestJoinInput = { familyId: string; relationship?: string | undefined };

/** Sends a pending join request that the family admin approves or rejects. */
export function requestJoin({ familyId, relationship }: RequestJoinInput): Promise<z.infer<typeof requestJoinResponse>> {
  return apiRequest<z.infer<typeof requestJoinResponse>>(`/api/family/${encodeURIComponent(familyId)}/request-join`, {
    method: 'POST',
    body: relationship ? { relationship } : {},
  });
}

export function useRequestJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestJoin,
    onSuccess: (_answer, { familyId }) => {
      // Every search that lists this family now shows the request as pending.
      queryClient.setQueriesData<FamilySearchAnswer>({ queryKey: [...familiesQueryKey, 'search'] }, (old) =>
        old ? { families: old.families.map((family) => (family.id === familyId ? { ...family, request_pending: true } : family)) } : old,
      );
      // The dashboards show the request while it waits (issue 22.12).
      void queryClient.invalidateQueries({ queryKey: myJoinRequestsQueryKey });
    },
  });
}
