import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { TOKEN_PACKAGES, type TokenPackageId } from '@fst/shared/constants';
import type { purchaseBody, purchaseResponse } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export type TokenPayment = z.infer<typeof purchaseResponse>;

/**
 * POST /api/stripe/purchase-story-tokens or /api/stripe/purchase-share-tokens (the package's kind picks
 * the endpoint): a payment to confirm with a card, named by its `client_secret`.
 */
export function purchaseTokens(packageId: TokenPackageId): Promise<TokenPayment> {
  const kind = TOKEN_PACKAGES[packageId].kind;
  return apiRequest<TokenPayment>(`/api/stripe/purchase-${kind}-tokens`, {
    method: 'POST',
    body: { package: packageId } satisfies z.input<typeof purchaseBody>,
  });
}

export function usePurchaseTokens() {
  return useMutation({ mutationFn: purchaseTokens });
}
