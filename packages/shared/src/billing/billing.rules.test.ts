import { describe, expect, it } from 'vitest';
import { PLAN_TYPES, UNLIMITED_SHARE_TOKENS, type PlanType } from '../constants.ts';
import { VALIDATION } from '../messages.ts';
import {
  aiUsageBar,
  billingMonth,
  canRecordPremium,
  canRequestPremium,
  canUnlock,
  expiryAhead,
  familyAiLimit,
  familyTier,
  familyTierOf,
  formatShareBalance,
  monthlyAllowance,
  planCardState,
  planChangeAction,
  premiumAssignment,
  quoteShare,
  selectableForPremium,
  shareCost,
  spendingRole,
  tokenKindFor,
  unlockCost,
  unlocksEveryBook,
} from './billing.rules.ts';

const requesting = new Set(['fam-a']);
const kid = (familyId: string, familyTier: PlanType, id = `${familyId}-kid`) => ({ id, familyId, familyTier });

describe('plan cards', () => {
  it.each([
    ['free', 'free', 'Current Plan', true],
    ['free', 'premium', 'Upgrade', false],
    ['free', 'gold', 'Upgrade', false],
    ['premium', 'free', 'Downgrade', false],
    ['premium', 'premium', 'Current Plan', true],
    ['premium', 'gold', 'Upgrade', false],
    ['gold', 'free', 'Downgrade', false],
    ['gold', 'premium', 'Downgrade', false],
    ['gold', 'gold', 'Current Plan', true],
  ] as const)('from %s, the %s card says %s', (current, target, label, disabled) => {
    expect(planCardState(current, target)).toEqual({ label, disabled });
  });

  it('opens the portal for free and checkout for paid plans', () => {
    expect(planChangeAction('free')).toBe('portal');
    expect(planChangeAction('premium')).toBe('checkout');
    expect(planChangeAction('gold')).toBe('checkout');
  });
});

describe('AI usage bar', () => {
  it.each([
    [0, 5, 0, false],
    [4, 5, 80, false],
    [41, 50, 82, true],
    [5, 5, 100, true],
    [9, 5, 100, true],
    [0, 0, 0, false],
    [1, 0, 100, true],
  ])('%i of %i is %i percent, amber %s', (used, limit, percent, amber) => {
    expect(aiUsageBar(used, limit)).toEqual({ percent, amber });
  });
});

describe('who spends what', () => {
  it('parents spend story tokens as the parent role; everyone else share tokens as the child role', () => {
    expect(spendingRole('parent')).toBe('parent');
    expect(spendingRole('grandparent')).toBe('child');
    expect(tokenKindFor('parent')).toBe('story');
    expect(tokenKindFor('grandparent')).toBe('share');
  });
});

describe('unlocking a premium book', () => {
  it('is free on gold whatever the balance', () => {
    expect(canUnlock('gold', 0, 5)).toEqual({ ok: true });
    expect(unlockCost('gold', 5)).toBe(0);
  });
  it('needs the balance to cover the cost otherwise, with the exact message', () => {
    expect(canUnlock('free', 3, 3)).toEqual({ ok: true });
    expect(canUnlock('premium', 4, 3)).toEqual({ ok: true });
    expect(canUnlock('free', 2, 3)).toEqual({ ok: false, error: 'Not enough tokens. Need 3, have 2' });
    expect(canUnlock('premium', 0, 1)).toEqual({ ok: false, error: 'Not enough tokens. Need 1, have 0' });
    expect(unlockCost('premium', 3)).toBe(3);
  });
});

describe('premium books open without tokens', () => {
  it('are every one on gold, and none on the other plans', () => {
    expect(unlocksEveryBook('gold')).toBe(true);
    expect(unlocksEveryBook('premium')).toBe(false);
    expect(unlocksEveryBook('free')).toBe(false);
    expect(canRequestPremium('gold', false)).toBe(true);
    expect(canRequestPremium('premium', false)).toBe(false);
  });
});

describe("a family's tier", () => {
  it('is the one billing found, else free', () => {
    const tiers = new Map<string, PlanType>([
      ['fam-gold', 'gold'],
      ['fam-premium', 'premium'],
    ]);
    expect(familyTierOf(tiers, 'fam-gold')).toBe('gold');
    expect(familyTierOf(tiers, 'fam-premium')).toBe('premium');
    expect(familyTierOf(tiers, 'fam-unknown')).toBe('free');
  });
});

describe('share cost per kid', () => {
  it('is 0 in a requesting family, 2 for a free-tier family, 1 otherwise', () => {
    for (const tier of PLAN_TYPES) expect(shareCost(kid('fam-a', tier), requesting)).toBe(0);
    expect(shareCost(kid('fam-b', 'free'), requesting)).toBe(2);
    expect(shareCost(kid('fam-b', 'premium'), requesting)).toBe(1);
    expect(shareCost(kid('fam-b', 'gold'), requesting)).toBe(1);
  });
});

describe('premium assignment (grandparent flow)', () => {
  it('always allows a requesting family', () => {
    for (const plan of [...PLAN_TYPES, 'mystery']) expect(premiumAssignment(plan, kid('fam-a', 'free'), requesting)).toEqual({ ok: true });
  });
  it('refuses a free plan outside the requesting family', () => {
    for (const tier of PLAN_TYPES) {
      expect(premiumAssignment('free', kid('fam-b', tier), requesting)).toEqual({ ok: false, error: VALIDATION.premiumAssignFree });
    }
  });
  it('lets a premium plan share only with premium or gold families', () => {
    expect(premiumAssignment('premium', kid('fam-b', 'free'), requesting)).toEqual({ ok: false, error: VALIDATION.premiumAssignToFreeFamily });
    expect(premiumAssignment('premium', kid('fam-b', 'premium'), requesting)).toEqual({ ok: true });
    expect(premiumAssignment('premium', kid('fam-b', 'gold'), requesting)).toEqual({ ok: true });
  });
  it('lets gold share with everyone and refuses unknown plans', () => {
    for (const tier of PLAN_TYPES) expect(premiumAssignment('gold', kid('fam-b', tier), requesting)).toEqual({ ok: true });
    expect(premiumAssignment('platinum', kid('fam-b', 'gold'), requesting)).toEqual({ ok: false, error: VALIDATION.unknownSubscriptionStatus });
  });
});

describe('quoting a share of one recording with several kids', () => {
  const base = { isPremium: true, requestingFamilyIds: requesting };
  it('needs at least one kid', () => {
    expect(quoteShare({ ...base, sharerPlan: 'gold', kids: [], balance: 10 })).toEqual({ ok: false, error: VALIDATION.selectAtLeastOneChild });
  });
  it('costs nothing for a non-premium recording, whatever the plan', () => {
    const q = quoteShare({ ...base, isPremium: false, sharerPlan: 'free', kids: [kid('fam-b', 'free')], balance: 0 });
    expect(q).toEqual({ ok: true, tokensNeeded: 0, perKid: { 'fam-b-kid': 0 } });
  });
  it('sums the per-kid costs', () => {
    const q = quoteShare({
      ...base,
      sharerPlan: 'gold',
      kids: [kid('fam-a', 'free', 'k1'), kid('fam-b', 'free', 'k2'), kid('fam-c', 'premium', 'k3')],
      balance: 3,
    });
    expect(q).toEqual({ ok: true, tokensNeeded: 3, perKid: { k1: 0, k2: 2, k3: 1 } });
  });
  it('refuses when the balance is short, naming what is needed and available', () => {
    const q = quoteShare({ ...base, sharerPlan: 'gold', kids: [kid('fam-b', 'free', 'k2'), kid('fam-c', 'gold', 'k3')], balance: 2 });
    expect(q).toEqual({ ok: false, error: 'insufficient_tokens', tokensNeeded: 3, tokensAvailable: 2 });
  });
  it('never runs short on the unlimited sentinel', () => {
    const kids = Array.from({ length: 50 }, (_, i) => kid(`f${i}`, 'free', `k${i}`));
    const q = quoteShare({ ...base, sharerPlan: 'gold', kids, balance: UNLIMITED_SHARE_TOKENS });
    expect(q).toMatchObject({ ok: true, tokensNeeded: 100 });
  });
  it('stops at the first refused kid with its message', () => {
    const q = quoteShare({ ...base, sharerPlan: 'premium', kids: [kid('fam-c', 'gold', 'ok'), kid('fam-b', 'free', 'bad')], balance: 10 });
    expect(q).toEqual({ ok: false, error: VALIDATION.premiumAssignToFreeFamily, kidId: 'bad' });
  });
});

describe('selectable kids for a premium recording', () => {
  it.each([
    ['free', 'fam-a', 'free', true],
    ['free', 'fam-b', 'gold', false],
    ['premium', 'fam-b', 'free', false],
    ['premium', 'fam-b', 'premium', true],
    ['premium', 'fam-b', 'gold', true],
    ['gold', 'fam-b', 'free', true],
  ] as const)('%s plan, kid of %s (%s): %s', (plan, familyId, tier, expected) => {
    expect(selectableForPremium(plan, kid(familyId, tier), requesting)).toBe(expected);
  });
});

describe('premium recording and requests', () => {
  it('lets a free reader record premium only when a family asked', () => {
    expect(canRecordPremium('free', false)).toBe(false);
    expect(canRecordPremium('free', true)).toBe(true);
    expect(canRecordPremium('premium', false)).toBe(true);
    expect(canRecordPremium('gold', false)).toBe(true);
  });
  it('needs the book unlocked for a premium request, except on gold', () => {
    expect(canRequestPremium('free', false)).toBe(false);
    expect(canRequestPremium('premium', false)).toBe(false);
    expect(canRequestPremium('premium', true)).toBe(true);
    expect(canRequestPremium('gold', false)).toBe(true);
  });
});

describe('allowances and tiers', () => {
  it('grants the spec allowances per role and plan', () => {
    expect(monthlyAllowance('parent', 'premium')).toEqual({ aiStories: 5, storyTokens: 5, shareTokens: 0 });
    expect(monthlyAllowance('parent', 'gold')).toEqual({ aiStories: 20, storyTokens: 15, shareTokens: 0 });
    expect(monthlyAllowance('grandparent', 'premium')).toEqual({ aiStories: 0, storyTokens: 0, shareTokens: 10 });
    expect(monthlyAllowance('grandparent', 'gold')).toEqual({ aiStories: 0, storyTokens: 5, shareTokens: UNLIMITED_SHARE_TOKENS });
    expect(monthlyAllowance('parent', 'free')).toEqual({ aiStories: 0, storyTokens: 0, shareTokens: 0 });
  });
  it('limits AI stories per family by tier', () => {
    expect(familyAiLimit('free')).toBe(0);
    expect(familyAiLimit('premium')).toBe(5);
    expect(familyAiLimit('gold')).toBe(20);
  });
  it('takes the family tier from an active or trialing admin subscription only', () => {
    expect(familyTier(null)).toBe('free');
    expect(familyTier({ plan: 'gold', status: 'active' })).toBe('gold');
    expect(familyTier({ plan: 'premium', status: 'trialing' })).toBe('premium');
    expect(familyTier({ plan: 'gold', status: 'canceled' })).toBe('free');
    expect(familyTier({ plan: 'gold', status: 'past_due' })).toBe('free');
  });
  it('names billing months in UTC and shows the unlimited sentinel as words', () => {
    expect(billingMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(billingMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
    expect(formatShareBalance(UNLIMITED_SHARE_TOKENS)).toBe('Unlimited');
    expect(formatShareBalance(7)).toBe('7');
  });
});

describe('a card expiry', () => {
  // 15 June 2026, local time.
  const now = new Date(2026, 5, 15);
  it.each([
    ['06/26', true],
    ['6/26', false],
    ['07/26', true],
    ['12 / 30', true],
    ['05/26', false],
    ['12/25', false],
    ['01/20', false],
    ['13/27', false],
    ['00/27', false],
    ['0627', false],
  ])('%s is still ahead in June 2026: %s', (expiry, ahead) => {
    expect(expiryAhead(expiry, now)).toBe(ahead);
  });
  it('lasts through the last day of its month', () => {
    expect(expiryAhead('06/26', new Date(2026, 5, 30, 23, 59))).toBe(true);
    expect(expiryAhead('06/26', new Date(2026, 6, 1))).toBe(false);
  });
});
