import { z } from 'zod';
import { normalizeCardNumber } from '@fst/shared/billing/billing.schema';
import { CARD_EXPIRY_PATTERN, expiryAhead } from '@fst/shared/billing/billing.rules';
import { BILLING_MESSAGES, BILLING_TEXTS } from '@fst/shared/messages';

/** The test-mode card form of token purchases and plan checkouts: number, expiry (not past) and CVC. */
export const cardFormSchema = z.object({
  card_number: z
    .string()
    .transform(normalizeCardNumber)
    .pipe(z.string().regex(/^\d{12,19}$/, BILLING_MESSAGES.invalidCard)),
  expiry: z
    .string()
    .trim()
    .regex(CARD_EXPIRY_PATTERN, BILLING_TEXTS.invalidExpiry)
    .refine((expiry) => expiryAhead(expiry, new Date()), BILLING_TEXTS.cardExpired),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, BILLING_TEXTS.invalidCvc),
});
export type CardFormValues = z.input<typeof cardFormSchema>;
