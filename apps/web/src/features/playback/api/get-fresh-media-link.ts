import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A freshly signed link to a story's media: GET /api/recording/{id}/view-url for a reading,
 * GET /api/voice/ai-recordings/{id}/presigned-url for an AI story. Links live 10 to 15 minutes.
 */
export async function getFreshMediaLink(story: Pick<Recording, 'id' | 'is_ai'>): Promise<string> {
  const id = encodeURIComponent(story.id);
  const path = story.is_ai ? `/api/voice/ai-recordings/${id}/presigned-url` : `/api/recording/${id}/view-url`;
  return (await apiRequest<{ url: string; expires_at: string }>(path)).url;
}
