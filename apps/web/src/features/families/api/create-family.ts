import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createFamilyBody } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/idempotency-key.ts';
import { familyQueryKey, type FamilyAnswer } from '../../../lib/api/families/get-family.ts';
import { myFamiliesQueryKey, summaryOf, type MyFamilies } from '../../../lib/api/families/get-my-families.ts';

/** POST /api/family/create; with `idempotencyKey`, a try sent again after its answer was lost creates the family once. */
export function createFamily({ idempotencyKey, ...body }: z.input<typeof createFamilyBody> & { idempotencyKey?: string }): Promise<FamilyAnswer> {
  return apiRequest<FamilyAnswer>('/api/family/create', { method: 'POST', body, headers: idempotencyHeader(idempotencyKey) });
}

export function useCreateFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFamily,
    onSuccess: ({ family }) => {
      queryClient.setQueryData(familyQueryKey(family.id), { family });
      // The new family shows at once; the refresh below confirms it.
      queryClient.setQueryData<MyFamilies>(myFamiliesQueryKey, (old) => ({
        families: [...(old?.families ?? []).filter((f) => f.id !== family.id), summaryOf(family)],
      }));
      // A new membership changes what every screen shows (the session's families too): refresh all.
      void queryClient.invalidateQueries();
    },
  });
}
