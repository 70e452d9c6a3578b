import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BedtimeBody, BedtimeSettings } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { bedtimePath, bedtimeQueryKey } from './get-bedtime-settings.ts';

/** PUT /api/playback/kid/{kidId}/bedtime `{ stories_limit, sleep_timer_minutes }`. */
export function saveBedtimeSettings(kidId: string, body: BedtimeBody): Promise<BedtimeSettings> {
  return apiRequest<BedtimeSettings>(bedtimePath(kidId), { method: 'PUT', body });
}

export function useSaveBedtimeSettings(kidId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BedtimeBody) => saveBedtimeSettings(kidId, body),
    onSuccess: (settings) => queryClient.setQueryData(bedtimeQueryKey(kidId), settings),
  });
}
