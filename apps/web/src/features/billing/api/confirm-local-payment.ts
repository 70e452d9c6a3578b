import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { localConfirmBody, localConfirmResponse } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export type ConfirmedPayment = z.infer<typeof localConfirmResponse>;

/**
 * POST /api/billing/local/payments/{clientSecret}/confirm: the local test-mode provider charges the card
 * (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined).
 */
export function confirmLocalPayment({ clientSecret, cardNumber }: { clientSecret: string; cardNumber: string }): Promise<ConfirmedPayment> {
  return apiRequest<ConfirmedPayment>(`/api/billing/local/payments/${encodeURIComponent(clientSecret)}/confirm`, {
    method: 'POST',
    body: { card_number: cardNumber } satisfies z.input<typeof localConfirmBody>,
  });
}

export function useConfirmLocalPayment() {
  return useMutation({ mutationFn: confirmLocalPayment });
}
