import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { giftResponse } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/idempotency-key.ts';
import { refreshAfterBillingChange } from './billing-query-keys.ts';

export type GiftResult = z.infer<typeof giftResponse>;
export type GiftInput = { familyId: string; amount: number; idempotencyKey: string };

/**
 * POST /api/stripe/gift-story-tokens: a Gold reader's story tokens to a family they read for. The key makes
 * the same gift sent again (a retry after an answer lost on a flaky connection) a single gift.
 */
export function giftStoryTokens({ familyId, amount, idempotencyKey }: GiftInput): Promise<GiftResult> {
  return apiRequest<GiftResult>('/api/stripe/gift-story-tokens', {
    method: 'POST',
    body: { family_id: familyId, amount },
    headers: idempotencyHeader(idempotencyKey),
  });
}

export function useGiftStoryTokens() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: giftStoryTokens, onSuccess: () => refreshAfterBillingChange(queryClient) });
}
