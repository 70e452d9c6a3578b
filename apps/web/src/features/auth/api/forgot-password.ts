import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export function forgotPassword(body: { email: string }): Promise<z.infer<typeof messageResponse>> {
  return apiRequest<z.infer<typeof messageResponse>>('/api/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
