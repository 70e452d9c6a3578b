import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword({ token, password }: { token: string; password: string }): Promise<z.infer<typeof messageResponse>> {
  return apiRequest<z.infer<typeof messageResponse>>(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
