import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { localPortalBody, PremiumStatus } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterBillingChange } from './billing-query-keys.ts';
import { premiumStatusQueryKey } from './get-premium-status.ts';

export type PortalAction = z.infer<typeof localPortalBody>['action'];

/** POST /api/billing/local/portal: the test-mode portal cancels at period end, or takes that back. */
export function updateLocalPortal(action: PortalAction): Promise<PremiumStatus> {
  return apiRequest<PremiumStatus>('/api/billing/local/portal', {
    method: 'POST',
    body: { action } satisfies z.input<typeof localPortalBody>,
  });
}

export function useUpdateLocalPortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocalPortal,
    onSuccess: (status) => {
      queryClient.setQueryData(premiumStatusQueryKey, status);
      void refreshAfterBillingChange(queryClient);
    },
  });
}
