import { useQueries, useQuery } from '@tanstack/react-query';
import { premiumAssignment, quoteShare, shareCost, type ShareQuote } from '@fst/shared/billing/billing.rules';
import type { PlanType } from '@fst/shared/constants';
import type { ChoosableKid } from '@fst/shared/recordings/recordings.rules';
import { familyQueryOptions } from '../../../lib/api/families/get-family.ts';
import { readerQueueQueryOptions } from '../../../lib/api/requests/get-reader-queue.ts';

/** What sharing a premium story with one kid means for the reader: its share-token cost, or why it is refused. */
export type PremiumKidTerms = { cost: number; refusal: string | null };

/**
 * Per kid, the premium terms of spec section 5 and decisions.md (the shared rules the server applies):
 * refused on a free plan outside the requesting families and on premium to a free-tier family; otherwise
 * 0 share tokens in a requesting family, 2 for a free-tier family, 1 for any other.
 */
export function premiumKidTerms(
  kids: readonly ChoosableKid[],
  tiers: ReadonlyMap<string, PlanType>,
  plan: PlanType,
  requestingFamilyIds: ReadonlySet<string>,
): Map<string, PremiumKidTerms> {
  const terms = new Map<string, PremiumKidTerms>();
  for (const kid of kids) {
    const target = { familyId: kid.family_id, familyTier: tiers.get(kid.family_id) ?? 'free' };
    const allowed = premiumAssignment(plan, target, requestingFamilyIds);
    terms.set(kid.id, { cost: shareCost(target, requestingFamilyIds), refusal: allowed.ok ? null : allowed.error });
  }
  return terms;
}

/** The whole share of the chosen kids against the balance (unlimited balances always cover it). */
export function premiumQuote(
  chosen: readonly ChoosableKid[],
  tiers: ReadonlyMap<string, PlanType>,
  plan: PlanType,
  requestingFamilyIds: ReadonlySet<string>,
  balance: number,
): ShareQuote {
  return quoteShare({
    isPremium: true,
    sharerPlan: plan,
    kids: chosen.map((k) => ({ id: k.id, familyId: k.family_id, familyTier: tiers.get(k.family_id) ?? 'free' })),
    requestingFamilyIds,
    balance,
  });
}

/** "1 share token", "2 share tokens". */
export const shareTokens = (n: number) => `${n} share ${n === 1 ? 'token' : 'tokens'}`;

/**
 * The plan tier of each family (it decides share costs), from the family details the kid lists already
 * loaded; null until every one has arrived.
 */
export function useFamilyTiers(familyIds: readonly string[]): ReadonlyMap<string, PlanType> | null {
  const unique = [...new Set(familyIds)].sort();
  return useQueries({
    queries: unique.map((id) => familyQueryOptions(id)),
    combine: (results) => (results.every((r) => r.data) ? new Map(results.map((r) => [r.data!.family.id, r.data!.family.subscription_tier] as const)) : null),
  });
}

export type RequestingFamilies = { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'success'; familyIds: ReadonlySet<string> };

/**
 * The families that asked the reader for this premium book (pending premium story requests): recording
 * it for their kids is allowed on any plan and costs nothing (decisions.md "Resolved ambiguities").
 */
export function usePremiumRequestFamilies(bookId: string, { enabled }: { enabled: boolean }): RequestingFamilies {
  const queue = useQuery({ ...readerQueueQueryOptions(), enabled });
  if (queue.isError) return { status: 'error', retry: () => void queue.refetch() };
  if (!queue.data) return { status: 'pending' };
  const familyIds = new Set(queue.data.requests.filter((r) => r.is_premium && r.book_id === bookId).map((r) => r.kid.family_id));
  return { status: 'success', familyIds };
}
