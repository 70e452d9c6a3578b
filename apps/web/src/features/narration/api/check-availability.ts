import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityBody, AvailabilityResponse } from '@fst/shared/narration/narration.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

/** POST /api/voice/check-availability `{ book_id, reader_id, kid_id }` (parents only): the panel's banner. */
export function checkAvailability(body: AvailabilityBody): Promise<AvailabilityResponse> {
  return apiRequest<AvailabilityResponse>('/api/voice/check-availability', { method: 'POST', body });
}

export const availabilityQueryOptions = (body: AvailabilityBody) =>
  queryOptions({
    queryKey: [...narrationQueryKey, 'availability', body.book_id, body.reader_id, body.kid_id] as const,
    queryFn: () => checkAvailability(body),
  });

export function useAvailability(input: { bookId: string; readerId: string | null; kidId: string | null }) {
  const body = { book_id: input.bookId, reader_id: input.readerId ?? '', kid_id: input.kidId ?? '' };
  return useQuery({ ...availabilityQueryOptions(body), enabled: Boolean(input.readerId && input.kidId) });
}
