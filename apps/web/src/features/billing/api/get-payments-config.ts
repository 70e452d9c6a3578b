import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingQueryKey } from './billing-query-keys.ts';

export const PAYMENTS_CONFIG_URL = '/api/stripe/config';

/** GET /api/stripe/config: the provider the app pays through, and Stripe's publishable key with Stripe. */
export function getPaymentsConfig(): Promise<PaymentsConfig> {
  return apiRequest<PaymentsConfig>(PAYMENTS_CONFIG_URL);
}

export const paymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: [...billingQueryKey, 'payments-config'],
    queryFn: getPaymentsConfig,
    // Set at server start: it does not change while the page is open.
    staleTime: Infinity,
  });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
