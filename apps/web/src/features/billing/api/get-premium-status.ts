import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PremiumStatus } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingQueryKey } from './billing-query-keys.ts';

/** GET /api/user/premium-status (the same answer as /api/stripe/subscription-status): plan, status and balances. */
export function getPremiumStatus(): Promise<PremiumStatus> {
  return apiRequest<PremiumStatus>('/api/user/premium-status');
}

export const premiumStatusQueryKey = [...billingQueryKey, 'premium-status'] as const;

export const premiumStatusQueryOptions = () =>
  queryOptions({
    queryKey: premiumStatusQueryKey,
    queryFn: getPremiumStatus,
  });

export function usePremiumStatus() {
  return useQuery(premiumStatusQueryOptions());
}
