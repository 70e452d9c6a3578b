import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JoinByCodeAnswer, joinFamilyBody } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familyQueryKey } from '../../../lib/api/families/get-family.ts';
import { myFamiliesQueryKey, summaryOf, type MyFamilies } from '../../../lib/api/families/get-my-families.ts';

/** Joins by family code: in at once, or a join request the family's admin approves (decisions.md "Families"). */
export function joinFamily(body: z.input<typeof joinFamilyBody>): Promise<JoinByCodeAnswer> {
  return apiRequest<JoinByCodeAnswer>('/api/family/join', { method: 'POST', body });
}

export function useJoinFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinFamily,
    onSuccess: (answer) => {
      if (answer.status === 'requested') {
        void queryClient.invalidateQueries();
        return;
      }
      const { family } = answer;
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
