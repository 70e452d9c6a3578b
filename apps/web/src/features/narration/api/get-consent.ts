import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoiceConsent } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

export const consentQueryKey = [...narrationQueryKey, 'consent'] as const;

/** GET /api/voice/consent: the signed-in reader's consent to an AI voice of their readings. */
export function getConsent(): Promise<VoiceConsent> {
  return apiRequest<VoiceConsent>('/api/voice/consent');
}

export const consentQueryOptions = () => queryOptions({ queryKey: consentQueryKey, queryFn: getConsent });

export function useConsent() {
  return useQuery(consentQueryOptions());
}
