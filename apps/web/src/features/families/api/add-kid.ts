import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { KidBody, kidResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familyQueryKey } from './get-family.ts';
import { myFamiliesQueryKey } from './get-my-families.ts';

export type KidAnswer = z.infer<typeof kidResponse>;

export function addKid({ familyId, ...body }: KidBody & { familyId: string }): Promise<KidAnswer> {
  return apiRequest<KidAnswer>(`/api/family/${encodeURIComponent(familyId)}/kids`, { method: 'POST', body });
}

export function useAddKid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKid,
    onSuccess: (_answer, { familyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: familyQueryKey(familyId) }),
        queryClient.invalidateQueries({ queryKey: myFamiliesQueryKey }),
      ]),
  });
}
