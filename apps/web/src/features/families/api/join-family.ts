import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { joinFamilyBody } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familyQueryKey, type FamilyAnswer } from './get-family.ts';
import { myFamiliesQueryKey, summaryOf, type MyFamilies } from './get-my-families.ts';

/** Joins at once by family code (decisions.md "Families"). */
export function joinFamily(body: z.input<typeof joinFamilyBody>): Promise<FamilyAnswer> {
  return apiRequest<FamilyAnswer>('/api/family/join', { method: 'POST', body });
}

export function useJoinFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinFamily,
    onSuccess: ({ family }) => {
      queryClient.setQueryData(familyQueryKey(family.id), { family });
      // The new family shows at once; the refresh below confirms it.
      queryClient.setQueryData<MyFamilies>(myFamiliesQueryKey, (old) => ({
        families: [...(old?.families ?? []).filter((f) => f.id !== family.id), summaryOf(family)],
      }));
      // Not awaited: the caller closes its dialog at once; the refresh follows in the background.
      void queryClient.invalidateQueries();
    },
  });
}
