// Pure rules of plans, tokens and premium sharing (spec sections 4, 5, 6 and 9, decisions.md "Resolved ambiguities").
import { MONTHLY_ALLOWANCES, PLAN_TYPES, SHARE_COST, UNLIMITED_SHARE_TOKENS, type PlanType, type Role } from '../constants.ts';
import { VALIDATION } from '../messages.ts';

/** Display order of the plan cards: free, premium, gold. */
export const planRank = (plan: PlanType) => PLAN_TYPES.indexOf(plan);

export type PlanCardState = { label: 'Current Plan' | 'Upgrade' | 'Downgrade'; disabled: boolean };

/**
 * The button of a plan card: the current plan is disabled; from free every other plan is an upgrade;
 * otherwise a target that is free or lower in display order is a downgrade.
 */
export function planCardState(current: PlanType, target: PlanType): PlanCardState {
  if (current === target) return { label: 'Current Plan', disabled: true };
  if (current === 'free') return { label: 'Upgrade', disabled: false };
  if (target === 'free' || planRank(target) < planRank(current)) return { label: 'Downgrade', disabled: false };
  return { label: 'Upgrade', disabled: false };
}

/** Choosing free opens the customer portal; a paid plan starts checkout. */
export const planChangeAction = (target: PlanType): 'portal' | 'checkout' => (target === 'free' ? 'portal' : 'checkout');

/** The AI usage bar: percent capped at 100, amber above 80 percent. */
export function aiUsageBar(used: number, limit: number): { percent: number; amber: boolean } {
  const percent = limit <= 0 ? (used > 0 ? 100 : 0) : Math.min(100, Math.round((used / limit) * 100));
  return { percent, amber: percent > 80 };
}

/** The token-spending role of premium status: parents, and the child role for every other account. */
export const spendingRole = (accountRole: Role): 'parent' | 'child' => (accountRole === 'parent' ? 'parent' : 'child');
/** Parents spend story tokens; every other account spends share tokens. */
export const tokenKindFor = (accountRole: Role): 'story' | 'share' => (accountRole === 'parent' ? 'story' : 'share');

export type Result = { ok: true } | { ok: false; error: string };

/** Gold reads every premium book without unlocking it (spec section 4). */
export const unlocksEveryBook = (plan: PlanType) => plan === 'gold';

/** A family's tier, from those billing found (a family it found nothing for is on the free tier). */
export const familyTierOf = (tiers: ReadonlyMap<string, PlanType>, familyId: string): PlanType => tiers.get(familyId) ?? 'free';

/** Unlocking a premium book: free on gold, otherwise the balance must cover the cost. */
export function canUnlock(plan: PlanType, balance: number, tokenCost: number): Result {
  if (unlocksEveryBook(plan)) return { ok: true };
  if (balance >= tokenCost) return { ok: true };
  return { ok: false, error: VALIDATION.notEnoughTokens(tokenCost, balance) };
}
/** Tokens an unlock takes: none on gold. */
export const unlockCost = (plan: PlanType, tokenCost: number) => (unlocksEveryBook(plan) ? 0 : tokenCost);

export type TargetKid = { id: string; familyId: string; familyTier: PlanType };

/**
 * Share tokens to share a premium recording with one kid (decisions.md): 0 in a requesting family (one
 * that already has one of the recording's kids), 2 for a free-tier family, 1 otherwise.
 */
export function shareCost(kid: Pick<TargetKid, 'familyId' | 'familyTier'>, requestingFamilyIds: ReadonlySet<string>): number {
  if (requestingFamilyIds.has(kid.familyId)) return SHARE_COST.ownFamily;
  if (kid.familyTier === 'free') return SHARE_COST.freeTierFamily;
  return SHARE_COST.otherFamily;
}

/**
 * May the sharer's plan assign a premium recording to this kid at all? Refusals are checked first
 * (decisions.md): free plan outside the requesting families; premium plan to a free-tier family.
 */
export function premiumAssignment(
  sharerPlan: PlanType | string,
  kid: Pick<TargetKid, 'familyId' | 'familyTier'>,
  requestingFamilyIds: ReadonlySet<string>,
): Result {
  if (requestingFamilyIds.has(kid.familyId)) return { ok: true };
  switch (sharerPlan) {
    case 'free':
      return { ok: false, error: VALIDATION.premiumAssignFree };
    case 'premium':
      return kid.familyTier === 'free' ? { ok: false, error: VALIDATION.premiumAssignToFreeFamily } : { ok: true };
    case 'gold':
      return { ok: true };
    default:
      return { ok: false, error: VALIDATION.unknownSubscriptionStatus };
  }
}

export type ShareQuote =
  | { ok: true; tokensNeeded: number; perKid: Record<string, number> }
  | { ok: false; error: string; kidId?: string; tokensNeeded?: number; tokensAvailable?: number };

/**
 * The whole premium share of one recording with several kids: every kid must be allowed, and the sum of
 * their costs must fit the balance (unlimited balances always fit). Non-premium recordings cost nothing.
 */
export function quoteShare(opts: {
  isPremium: boolean;
  sharerPlan: PlanType | string;
  kids: TargetKid[];
  requestingFamilyIds: ReadonlySet<string>;
  balance: number;
}): ShareQuote {
  if (!opts.kids.length) return { ok: false, error: VALIDATION.selectAtLeastOneChild };
  const perKid: Record<string, number> = {};
  if (!opts.isPremium) {
    for (const kid of opts.kids) perKid[kid.id] = 0;
    return { ok: true, tokensNeeded: 0, perKid };
  }
  let tokensNeeded = 0;
  for (const kid of opts.kids) {
    const allowed = premiumAssignment(opts.sharerPlan, kid, opts.requestingFamilyIds);
    if (!allowed.ok) return { ok: false, error: allowed.error, kidId: kid.id };
    perKid[kid.id] = shareCost(kid, opts.requestingFamilyIds);
    tokensNeeded += perKid[kid.id]!;
  }
  if (opts.balance < UNLIMITED_SHARE_TOKENS && tokensNeeded > opts.balance) {
    return { ok: false, error: 'insufficient_tokens', tokensNeeded, tokensAvailable: opts.balance };
  }
  return { ok: true, tokensNeeded, perKid };
}

/** Kids a sharer may pick for a premium recording: free only the requesting families; premium only premium or gold families; gold all. */
export function selectableForPremium(plan: PlanType, kid: Pick<TargetKid, 'familyId' | 'familyTier'>, requestingFamilyIds: ReadonlySet<string>): boolean {
  if (requestingFamilyIds.has(kid.familyId)) return true;
  if (plan === 'gold') return true;
  if (plan === 'premium') return kid.familyTier !== 'free';
  return false;
}

/**
 * May a reader record a premium book? On any plan when a family asked them for it (a premium request);
 * otherwise only on premium or gold.
 */
export const canRecordPremium = (readerPlan: PlanType, hasPremiumRequest: boolean) => hasPremiumRequest || readerPlan !== 'free';

/** A premium story request needs the book unlocked by the requesting parent, or gold; the request itself is free. */
export const canRequestPremium = (parentPlan: PlanType, bookUnlocked: boolean) => unlocksEveryBook(parentPlan) || bookUnlocked;

/** Monthly allowances of a plan for an account role; anyone other than a parent gets the grandparent set. */
export const monthlyAllowance = (role: Role, plan: PlanType) => MONTHLY_ALLOWANCES[role === 'parent' ? 'parent' : 'grandparent'][plan];

/** AI stories a family may generate a month, by its tier (decisions.md: premium 5, gold 20). */
export const familyAiLimit = (tier: PlanType) => MONTHLY_ALLOWANCES.parent[tier].aiStories;

/** A family's tier comes from its admin's active subscription; anything not active is free. */
export function familyTier(adminSubscription: { plan: PlanType; status: string } | null | undefined): PlanType {
  if (!adminSubscription) return 'free';
  return adminSubscription.status === 'active' || adminSubscription.status === 'trialing' ? adminSubscription.plan : 'free';
}

/** The billing month a moment falls in, as `YYYY-MM` in UTC: AI credits count per family and month. */
export const billingMonth = (now: Date) => now.toISOString().slice(0, 7);

/** Share-token balance shown to people: the unlimited sentinel reads as "Unlimited". */
export const formatShareBalance = (n: number) => (n >= UNLIMITED_SHARE_TOKENS ? 'Unlimited' : String(n));

/** A card's expiry as people write it: `MM/YY`, spaces around the slash allowed. */
export const CARD_EXPIRY_PATTERN = /^(0[1-9]|1[0-2]) ?\/ ?(\d{2})$/;

/**
 * Whether a card's expiry (CARD_EXPIRY_PATTERN) is still ahead on `now`: a card is good through the last day
 * of its month, by the card holder's calendar. False when it is not `MM/YY`.
 */
export function expiryAhead(expiry: string, now: Date): boolean {
  const match = CARD_EXPIRY_PATTERN.exec(expiry.trim());
  if (!match) return false;
  const [year, month] = [2000 + Number(match[2]), Number(match[1])];
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
