import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verifyEmailResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/api/auth/get-me.ts';
import { profileQueryKey } from './get-profile.ts';

export type EmailLinkResult = z.infer<typeof verifyEmailResponse>;

/** Opens an e-mailed verification link (docs/decisions/013). */
export function verifyEmail(token: string): Promise<EmailLinkResult> {
  return apiRequest<EmailLinkResult>('/api/auth/verify-email', { method: 'POST', body: { token } });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The signed-in user's address, its verified mark and admin rights may have changed.
    onSuccess: () => Promise.all([refreshSession(queryClient), queryClient.invalidateQueries({ queryKey: profileQueryKey })]),
  });
}
