import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeSession } from '../../../lib/api/auth/get-me.ts';
import type { EmailLinkResult } from './verify-email.ts';

/** Opens the undo link sent to the old address: every session of the account ends, this one too. */
export function undoEmailChange(token: string): Promise<EmailLinkResult> {
  return apiRequest<EmailLinkResult>('/api/auth/undo-email-change', { method: 'POST', body: { token } });
}

export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoEmailChange,
    onSuccess: () => storeSession(queryClient, null),
  });
}
