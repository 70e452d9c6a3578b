import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeleteAccountBody } from '@fst/shared/auth/auth.schema';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/api/auth/get-me.ts';

// Deleting the account (issue 25, docs/decisions/016): every session ends, this one too.
export function deleteAccount(body: DeleteAccountBody): Promise<z.infer<typeof okResponse>> {
  return apiRequest<z.infer<typeof okResponse>>('/api/me', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Nothing of the deleted account may stay cached.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
