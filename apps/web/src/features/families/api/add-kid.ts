import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { KidBody, kidResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/idempotency-key.ts';
import { familyQueryKey } from '../../../lib/api/families/get-family.ts';
import { myFamiliesQueryKey } from '../../../lib/api/families/get-my-families.ts';

export type KidAnswer = z.infer<typeof kidResponse>;

/** POST /api/family/{id}/kids; with `idempotencyKey`, a try sent again after its answer was lost adds the kid once. */
export function addKid({ familyId, idempotencyKey, ...body }: KidBody & { familyId: string; idempotencyKey?: string }): Promise<KidAnswer> {
  return apiRequest<KidAnswer>(`/api/family/${encodeURIComponent(familyId)}/kids`, { method: 'POST', body, headers: idempotencyHeader(idempotencyKey) });
}

export function useAddKid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKid,
    onSuccess: (_answer, { familyId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: familyQueryKey(familyId) }), queryClient.invalidateQueries({ queryKey: myFamiliesQueryKey })]),
  });
}
