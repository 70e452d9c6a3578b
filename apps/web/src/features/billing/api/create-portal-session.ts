import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { urlResponse } from '@fst/shared/billing/billing.schema';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/stripe/create-portal-session (empty body): where the browser goes to manage the plan. */
export function createPortalSession(): Promise<z.infer<typeof urlResponse>> {
  return apiRequest<z.infer<typeof urlResponse>>('/api/stripe/create-portal-session', { method: 'POST' });
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
