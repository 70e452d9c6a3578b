import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkVoiceCloneResponse } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

export type VoiceCloneCheck = z.infer<typeof checkVoiceCloneResponse>;

/** GET /api/voice/check-voice-clone/{readerId}: whether the reader has an AI voice, and their consent. */
export function checkVoiceClone(readerId: string): Promise<VoiceCloneCheck> {
  return apiRequest<VoiceCloneCheck>(`/api/voice/check-voice-clone/${encodeURIComponent(readerId)}`);
}

export const voiceCloneCheckQueryOptions = (readerId: string) =>
  queryOptions({ queryKey: [...narrationQueryKey, 'check-voice-clone', readerId] as const, queryFn: () => checkVoiceClone(readerId) });

export function useVoiceCloneCheck(readerId: string | null | undefined) {
  return useQuery({ ...voiceCloneCheckQueryOptions(readerId ?? ''), enabled: Boolean(readerId) });
}
