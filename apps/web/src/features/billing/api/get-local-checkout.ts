import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { localCheckoutResponse } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingQueryKey } from './billing-query-keys.ts';

export type LocalCheckout = z.infer<typeof localCheckoutResponse>;

/** GET /api/billing/local/checkout/{sessionId}: the plan and price of a test-mode checkout. */
export function getLocalCheckout(sessionId: string): Promise<LocalCheckout> {
  return apiRequest<LocalCheckout>(`/api/billing/local/checkout/${encodeURIComponent(sessionId)}`);
}

export const localCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...billingQueryKey, 'local-checkout', sessionId] as const,
    queryFn: () => getLocalCheckout(sessionId),
  });

export function useLocalCheckout(sessionId: string) {
  return useQuery(localCheckoutQueryOptions(sessionId));
}
