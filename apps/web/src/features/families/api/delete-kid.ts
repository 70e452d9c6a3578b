import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familyQueryKey, type FamilyAnswer } from '../../../lib/api/families/get-family.ts';
import { myFamiliesQueryKey } from '../../../lib/api/families/get-my-families.ts';

/** Removes a kid with their assignments and queue items; readers' recordings stay. */
export function deleteKid({ familyId, kidId }: { familyId: string; kidId: string }): Promise<z.infer<typeof okResponse>> {
  return apiRequest<z.infer<typeof okResponse>>(`/api/family/${encodeURIComponent(familyId)}/kids/${encodeURIComponent(kidId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteKid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKid,
    onSuccess: async (_answer, { familyId, kidId }) => {
      queryClient.setQueryData<FamilyAnswer>(familyQueryKey(familyId), (old) =>
        old ? { family: { ...old.family, kids: old.family.kids.filter((kid) => kid.id !== kidId) } } : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: familyQueryKey(familyId) }),
        queryClient.invalidateQueries({ queryKey: myFamiliesQueryKey }),
      ]);
    },
  });
}
