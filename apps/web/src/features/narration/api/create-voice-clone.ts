import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoiceClone, VoiceCloneBody } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

/** POST /api/voice/clone/create `{ readerId, recording_ids, voice_name? }` → 201 `{ voice_clone }`. */
export function createVoiceClone(body: VoiceCloneBody): Promise<{ voice_clone: VoiceClone }> {
  return apiRequest<{ voice_clone: VoiceClone }>('/api/voice/clone/create', { method: 'POST', body });
}

export function useCreateVoiceClone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoiceClone,
    // The reader list (has_voice_clone), availability and checks all change with a new voice.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: narrationQueryKey }), queryClient.invalidateQueries({ queryKey: ['families'] })]),
  });
}
