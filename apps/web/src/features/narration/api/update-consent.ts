import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoiceConsent, VoiceConsentBody } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { consentQueryKey } from './get-consent.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

/** PUT /api/voice/consent `{ allowed }` (readers only); turning it off deletes the reader's AI voice. */
export function updateConsent(body: VoiceConsentBody): Promise<VoiceConsent> {
  return apiRequest<VoiceConsent>('/api/voice/consent', { method: 'PUT', body });
}

export function useUpdateConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsent,
    onSuccess: (consent) => {
      queryClient.setQueryData(consentQueryKey, consent);
      return queryClient.invalidateQueries({ queryKey: narrationQueryKey });
    },
  });
}
