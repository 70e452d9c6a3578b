import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails the verification link again (to the address waiting for it); a few times an hour. */
export function resendVerification(): Promise<z.infer<typeof messageResponse>> {
  return apiRequest<z.infer<typeof messageResponse>>('/api/auth/resend-verification', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
