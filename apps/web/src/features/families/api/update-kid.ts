import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KidBody } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import type { KidAnswer } from './add-kid.ts';
import { familyQueryKey } from '../../../lib/api/families/get-family.ts';

export function updateKid({ familyId, kidId, ...body }: KidBody & { familyId: string; kidId: string }): Promise<KidAnswer> {
  return apiRequest<KidAnswer>(`/api/family/${encodeURIComponent(familyId)}/kids/${encodeURIComponent(kidId)}`, {
    method: 'PUT',
    body,
  });
}

export function useUpdateKid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKid,
    onSuccess: (_answer, { familyId }) => queryClient.invalidateQueries({ queryKey: familyQueryKey(familyId) }),
  });
}
