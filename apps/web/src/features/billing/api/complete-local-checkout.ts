import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PremiumStatus } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterBillingChange } from './billing-query-keys.ts';
import { premiumStatusQueryKey } from './get-premium-status.ts';

/** POST /api/billing/local/checkout/{sessionId}/complete: pays a test-mode checkout with a card; answers the new status. */
export function completeLocalCheckout({ sessionId, cardNumber }: { sessionId: string; cardNumber?: string }): Promise<PremiumStatus> {
  // A plan change charges nothing today: it takes no card.
  return apiRequest<PremiumStatus>(`/api/billing/local/checkout/${encodeURIComponent(sessionId)}/complete`, {
    method: 'POST',
    ...(cardNumber === undefined ? {} : { body: { card_number: cardNumber } }),
  });
}

export function useCompleteLocalCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLocalCheckout,
    onSuccess: (status) => {
      queryClient.setQueryData(premiumStatusQueryKey, status);
      void refreshAfterBillingChange(queryClient);
    },
  });
}
