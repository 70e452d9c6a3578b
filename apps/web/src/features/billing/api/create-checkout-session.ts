import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { checkoutBody, urlResponse } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export type PaidPlan = z.infer<typeof checkoutBody>['plan_type'];

/** POST /api/stripe/create-checkout-session: where the browser goes to pay for a plan. */
export function createCheckoutSession(planType: PaidPlan): Promise<z.infer<typeof urlResponse>> {
  return apiRequest<z.infer<typeof urlResponse>>('/api/stripe/create-checkout-session', {
    method: 'POST',
    body: { plan_type: planType } satisfies z.input<typeof checkoutBody>,
  });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
