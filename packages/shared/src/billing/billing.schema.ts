import { z } from 'zod';
import { text } from '../http/text.ts';
import { PLAN_TYPES, TOKEN_PACKAGES, type TokenPackageId } from '../constants.ts';
import { idParam } from '../families/families.schema.ts';

export const planTypeSchema = z.enum(PLAN_TYPES, { error: 'Unknown plan' });
const packageIds = Object.keys(TOKEN_PACKAGES) as [TokenPackageId, ...TokenPackageId[]];

export const checkoutBody = z.object({ plan_type: z.enum(['premium', 'gold'], { error: 'Choose the Premium or Gold plan' }) });
export const urlResponse = z.object({ url: z.string() });
export const purchaseBody = z.object({ package: z.enum(packageIds, { error: 'Unknown token package' }) });
export const purchaseResponse = z.object({ client_secret: z.string(), payment_id: z.string(), tokens: z.number().int(), amount_cents: z.number().int() });

/** Premium/subscription status (spec section 3). */
export const premiumStatusSchema = z.object({
  has_premium: z.boolean(),
  plan_type: planTypeSchema,
  status: z.string(),
  user_role: z.enum(['parent', 'child']),
  story_tokens_remaining: z.number().int(),
  share_tokens_remaining: z.number().int(),
  ai_generations_used: z.number().int(),
  ai_generations_limit: z.number().int(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  provider: z.enum(['local', 'stripe']),
});
export type PremiumStatus = z.infer<typeof premiumStatusSchema>;

/** `GET /api/stripe/config`: which provider the web app talks to, and Stripe's publishable key with Stripe. */
export const paymentsConfigResponse = z.object({ provider: z.enum(['local', 'stripe']), publishable_key: z.string().nullable() });
export type PaymentsConfig = z.infer<typeof paymentsConfigResponse>;
/** What `POST /api/stripe/webhook` answers Stripe. */
export const stripeWebhookResponse = z.object({ received: z.literal(true), applied: z.boolean() });

export const memberStatusSchema = z.object({ subscription: z.object({ status: z.string(), tier: planTypeSchema }) });
export const userParams = z.object({ userId: idParam });
export const bookUnlockParams = z.object({ id: idParam });
export const unlockResponse = z.object({
  book_id: z.string(),
  is_unlocked: z.literal(true),
  tokens_spent: z.number().int(),
  story_tokens_remaining: z.number().int(),
  share_tokens_remaining: z.number().int(),
});

/** The most story tokens one gift gives. */
export const GIFT_TOKENS_MAX = 100;
export const giftBody = z.object({
  family_id: idParam,
  amount: z.number({ error: 'Amount must be a whole number of tokens' }).int().min(1).max(GIFT_TOKENS_MAX),
});
export const giftResponse = z.object({ story_tokens_remaining: z.number().int(), gifted: z.number().int() });

export const trialBody = z.object({ family_id: idParam });
export const familySubscriptionSchema = z.object({
  family_id: z.string(),
  tier: planTypeSchema,
  trial_ends_at: z.string().nullable(),
  trial_available: z.boolean(),
  ai_generations_used: z.number().int(),
  ai_generations_limit: z.number().int(),
});

/** The local test-mode provider's own calls (decisions.md "Payments"). */
export const localCheckoutParams = z.object({ sessionId: idParam });
export const localCheckoutResponse = z.object({
  id: z.string(),
  plan_type: planTypeSchema,
  amount_cents: z.number().int(),
  status: z.enum(['open', 'succeeded', 'failed']),
  /** A paid plan still running: completing changes it in place, keeping its period (null: a new subscription). */
  changes_plan: z.object({ from: planTypeSchema, renews_on: z.string() }).nullable(),
});
export const localConfirmParams = z.object({ clientSecret: text().min(1).max(200) });
export const localConfirmBody = z.object({ card_number: text().max(40) });
/** Paying a plan checkout takes the test card as a token payment does; no body: the card that succeeds (tests). */
export const localCheckoutCompleteBody = z.object({ card_number: text().max(40).optional() }).nullish();
export const localConfirmResponse = z.object({ status: z.literal('succeeded'), tokens: z.number().int(), kind: z.enum(['story', 'share']) });
export const localPortalBody = z.object({ action: z.enum(['cancel', 'resume']) });

/** Test cards of the local provider. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
export const normalizeCardNumber = (card: string) => card.replace(/[\s-]/g, '');
