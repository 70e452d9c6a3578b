import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myVoiceResponse } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

export type MyVoice = z.infer<typeof myVoiceResponse>;
export const myVoiceQueryKey = [...narrationQueryKey, 'my-voice'] as const;

/** GET /api/voice/clone/my-voice: the caller's own AI voice (null when none) and their consent. */
export function getMyVoice(): Promise<MyVoice> {
  return apiRequest<MyVoice>('/api/voice/clone/my-voice');
}

export const myVoiceQueryOptions = () => queryOptions({ queryKey: myVoiceQueryKey, queryFn: getMyVoice });

export function useMyVoice({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myVoiceQueryOptions(), enabled });
}
