import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/api/auth/get-me.ts';

export function logout(): Promise<z.infer<typeof okResponse>> {
  return apiRequest<z.infer<typeof okResponse>>('/api/auth/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing of the previous user may stay cached.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
