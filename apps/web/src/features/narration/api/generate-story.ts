import { useMutation } from '@tanstack/react-query';
import type { GenerateStoryBody, GenerateStoryResponse } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/voice/generate-story → 202 `{ recording_id, status, ai_recording }`; follow it with getAiRecording. */
export function generateStory(body: GenerateStoryBody): Promise<GenerateStoryResponse> {
  return apiRequest<GenerateStoryResponse>('/api/voice/generate-story', { method: 'POST', body });
}

export function useGenerateStory() {
  return useMutation({ mutationFn: generateStory });
}
