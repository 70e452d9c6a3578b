import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unlockResponse } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterBillingChange } from './billing-query-keys.ts';

export type UnlockResult = z.infer<typeof unlockResponse>;

/** POST /api/premium-books/{id}/unlock: spends the caller's tokens (none on gold); `error` says why not. */
export function unlockPremiumBook(bookId: string): Promise<UnlockResult> {
  return apiRequest<UnlockResult>(`/api/premium-books/${encodeURIComponent(bookId)}/unlock`, { method: 'POST' });
}

export function useUnlockPremiumBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockPremiumBook,
    // The premium lists (is_unlocked) and the balances change; awaited, so the unlock stays pending
    // until the list shows the book unlocked.
    onSuccess: () => refreshAfterBillingChange(queryClient),
  });
}
