import type { PlanType } from '@fst/shared/constants';
import type { PremiumStatus } from '@fst/shared/billing/billing.schema';
import { formatShareBalance } from '@fst/shared/billing/billing.rules';
import { BILLING_TEXTS } from '@fst/shared/messages';
import { formatDate } from '../../../lib/view.ts';

/** Cents as dollars with cents: 1500 → "$15.00". */
export const formatUsd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A period end as the viewer reads dates: "June 5, 2026" in American English. */
export const periodEndText = (iso: string) => formatDate(iso, { dateStyle: 'long' });

export const planName = (plan: PlanType) => BILLING_TEXTS.planNames[plan];

/** A provider status for people: "active" → "Active", "past_due" → "Past due". */
export function statusLabel(status: string): string {
  if (status === 'trialing') return 'Trial';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const tokenCount = (n: number, kind: 'story' | 'share') => `${n} ${kind} ${n === 1 ? 'token' : 'tokens'}`;

/** The tokens this account spends on unlocks: story tokens for parents, share tokens for everyone else. */
export function spendableTokens(status: PremiumStatus): { kind: 'story' | 'share'; balance: number } {
  return status.user_role === 'parent' ? { kind: 'story', balance: status.story_tokens_remaining } : { kind: 'share', balance: status.share_tokens_remaining };
}

/** A balance as shown: the unlimited share-token sentinel reads "Unlimited". */
export const balanceText = (balance: number, kind: 'story' | 'share') => (kind === 'share' ? formatShareBalance(balance) : String(balance));
