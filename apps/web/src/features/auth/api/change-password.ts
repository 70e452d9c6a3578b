import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePasswordBody, messageResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(body: ChangePasswordBody): Promise<z.infer<typeof messageResponse>> {
  return apiRequest<z.infer<typeof messageResponse>>('/api/me/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
