import type { QueryClient } from '@tanstack/react-query';

// Every billing query lives under one key.
export const billingQueryKey = ['billing'] as const;

/**
 * After a plan change, a token purchase or an unlock: balances, plans, family tiers and unlocked books
 * show up across features, so every query but the session check is refetched (only those on screen run now).
 */
export function refreshAfterBillingChange(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}
