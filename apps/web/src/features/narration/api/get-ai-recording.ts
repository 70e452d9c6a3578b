import { queryOptions, useQuery } from '@tanstack/react-query';
import { isGenerating } from '@fst/shared/narration/narration.rules';
import type { AiRecording } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

/** How often a generation is followed while it is being made. */
export const AI_RECORDING_POLL_MS = 2000;

/** GET /api/voice/ai-recordings/{id}: an AI story with the state of its generation. */
export function getAiRecording(id: string): Promise<{ ai_recording: AiRecording }> {
  return apiRequest<{ ai_recording: AiRecording }>(`/api/voice/ai-recordings/${encodeURIComponent(id)}`);
}

export const aiRecordingQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...narrationQueryKey, 'ai-recording', id] as const, queryFn: () => getAiRecording(id) });

/** Follows an AI story until it is ready or failed. */
export function useAiRecording(id: string | null) {
  return useQuery({
    ...aiRecordingQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const status = query.state.data?.ai_recording.status;
      return status === undefined || isGenerating(status) ? AI_RECORDING_POLL_MS : false;
    },
  });
}
