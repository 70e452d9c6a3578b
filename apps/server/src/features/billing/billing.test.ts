import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLIMITED_SHARE_TOKENS } from '@fst/shared/constants';
import { IDEMPOTENCY_MESSAGES } from '@fst/shared/http/idempotency';
import { BILLING_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { tokenLedger } from './billing.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Who = { cookie: string };
const call = (method: 'GET' | 'POST', url: string, who: Who | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
/** Signs in again: moving the clock by weeks ends browser sessions, as it should. */
const signInAgain = async (who: { email: string; password: string; cookie: string }) => {
  const res = await call('POST', '/api/auth/login', undefined, { email: who.email, password: who.password });
  who.cookie = ctx.cookieOf(res)!;
};
const status = async (who: Who) => (await call('GET', '/api/user/premium-status', who)).json();

/** Upgrades through the local provider's checkout, as the checkout page does. */
async function subscribe(who: Who, plan: 'premium' | 'gold') {
  const { url } = (await call('POST', '/api/stripe/create-checkout-session', who, { plan_type: plan })).json();
  const sessionId = url.split('/').pop();
  const done = await call('POST', `/api/billing/local/checkout/${sessionId}/complete`, who);
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

/** Buys a token package with a card, as the Purchase Tokens modal does. */
async function buy(who: Who, kind: 'story' | 'share', pkg: string, card = '4242 4242 4242 4242') {
  const { client_secret } = (await call('POST', `/api/stripe/purchase-${kind}-tokens`, who, { package: pkg })).json();
  return { client_secret, res: await call('POST', `/api/billing/local/payments/${client_secret}/confirm`, who, { card_number: card }) };
}

describe('status and plans', () => {
  it('defaults to the free plan with empty balances', async () => {
    const parent = await ctx.newUser();
    const gran = await ctx.newUser({ role: 'grandparent' });
    expect(await status(parent)).toMatchObject({
      has_premium: false,
      plan_type: 'free',
      user_role: 'parent',
      story_tokens_remaining: 0,
      share_tokens_remaining: 0,
      ai_generations_used: 0,
      ai_generations_limit: 0,
      provider: 'local',
    });
    expect((await status(gran)).user_role).toBe('child');
    for (const url of ['/api/stripe/subscription-status', '/api/voice/subscription/status']) {
      expect((await call('GET', url, parent)).json().plan_type).toBe('free');
      expect((await call('GET', url, undefined)).statusCode).toBe(401);
    }
  });

  it('a plan checkout takes the test card as a token payment does: a mistyped or declined card changes nothing, the checkout stays open for another', async () => {
    const parent = await ctx.newUser();
    const { url } = (await call('POST', '/api/stripe/create-checkout-session', parent, { plan_type: 'gold' })).json();
    const sessionId = url.split('/').pop();
    const pay = (card: string) => call('POST', `/api/billing/local/checkout/${sessionId}/complete`, parent, { card_number: card });

    const mistyped = await pay('4242 42');
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json()).toMatchObject({ errors: { card_number: [BILLING_MESSAGES.invalidCard] } });
    const declined = await pay('4000 0000 0000 0002');
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({ error: BILLING_MESSAGES.cardDeclined, errors: { card_number: [BILLING_MESSAGES.cardDeclined] } });
    const tooLong = await pay('4'.repeat(41));
    expect(tooLong.statusCode).toBe(400);
    expect((await status(parent)).plan_type).toBe('free');
    expect((await call('GET', `/api/billing/local/checkout/${sessionId}`, parent)).json().status).toBe('open');

    const paid = await pay('4242-4242-4242-4242');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ plan_type: 'gold', status: 'active' });
  });

  it('upgrades a parent to premium with the monthly allowance, and the family and its kids become premium', async () => {
    const family = await ctx.newFamily();
    await ctx.newKid(family);
    const checkout = await call('POST', '/api/stripe/create-checkout-session', family.admin, { plan_type: 'premium' });
    expect(checkout.json().url).toMatch(/^\/billing\/checkout\/[0-9a-f-]{36}$/);
    const sessionId = checkout.json().url.split('/').pop();
    expect((await call('GET', `/api/billing/local/checkout/${sessionId}`, family.admin)).json()).toMatchObject({
      plan_type: 'premium',
      amount_cents: 1500,
      status: 'open',
    });
    // Another account cannot see or complete it.
    const stranger = await ctx.newUser();
    expect((await call('POST', `/api/billing/local/checkout/${sessionId}/complete`, stranger)).statusCode).toBe(404);

    const after = (await call('POST', `/api/billing/local/checkout/${sessionId}/complete`, family.admin)).json();
    expect(after).toMatchObject({ has_premium: true, plan_type: 'premium', status: 'active', story_tokens_remaining: 5, ai_generations_limit: 5 });
    // Completing again is harmless: no second allowance.
    await call('POST', `/api/billing/local/checkout/${sessionId}/complete`, family.admin);
    expect((await status(family.admin)).story_tokens_remaining).toBe(5);
    const detail = (await call('GET', `/api/family/${family.id}`, family.admin)).json().family;
    expect(detail.subscription_tier).toBe('premium');
    expect(detail.kids[0].familySubscriptionTier).toBe('premium');
  });

  it('refuses free or unknown plans at checkout and the portal without a paid plan', async () => {
    const parent = await ctx.newUser();
    for (const plan_type of ['free', 'platinum', undefined]) {
      expect((await call('POST', '/api/stripe/create-checkout-session', parent, { plan_type })).statusCode).toBe(400);
    }
    const portal = await call('POST', '/api/stripe/create-portal-session', parent);
    expect(portal.statusCode).toBe(400);
    expect(portal.json().error).toBe(BILLING_MESSAGES.noSubscription);
  });

  it('cancels through the portal keeping access to the period end, then drops to free and grants monthly on renewal', async () => {
    const parent = await ctx.newUser();
    await subscribe(parent, 'gold');
    expect((await status(parent)).story_tokens_remaining).toBe(15);
    expect((await call('POST', '/api/stripe/create-portal-session', parent)).json().url).toBe('/billing/portal');

    // A month later the period renews with a new allowance (tokens roll over).
    ctx.clock.advance(32 * 24 * 3600 * 1000);
    await signInAgain(parent);
    expect(await status(parent)).toMatchObject({ plan_type: 'gold', story_tokens_remaining: 30 });
    const cancelled = (await call('POST', '/api/billing/local/portal', parent, { action: 'cancel' })).json();
    expect(cancelled).toMatchObject({ plan_type: 'gold', cancel_at_period_end: true });
    ctx.clock.advance(32 * 24 * 3600 * 1000);
    await signInAgain(parent);
    // Access ends with the period; bought and granted tokens stay.
    expect(await status(parent)).toMatchObject({ plan_type: 'free', has_premium: false, story_tokens_remaining: 30 });
  });

  it('changes a running paid plan in place at checkout: same period, no second month, allowances once a period', async () => {
    const parent = await ctx.newUser();
    await subscribe(parent, 'premium');
    const before = await status(parent);
    expect(before).toMatchObject({ plan_type: 'premium', story_tokens_remaining: 5, ai_generations_limit: 5 });
    ctx.clock.advance(3 * 24 * 3600 * 1000);
    await signInAgain(parent);

    // Up to Gold: the checkout says it changes the running plan, and completing keeps its period.
    const { url } = (await call('POST', '/api/stripe/create-checkout-session', parent, { plan_type: 'gold' })).json();
    const sessionId = url.split('/').pop();
    expect((await call('GET', `/api/billing/local/checkout/${sessionId}`, parent)).json()).toMatchObject({
      plan_type: 'gold',
      changes_plan: { from: 'premium', renews_on: before.current_period_end },
    });
    await call('POST', `/api/billing/local/checkout/${sessionId}/complete`, parent);
    expect(await status(parent)).toMatchObject({
      plan_type: 'gold',
      current_period_end: before.current_period_end,
      story_tokens_remaining: 5,
      ai_generations_limit: 20,
    });
    // Completed, the checkout no longer speaks of a change.
    expect((await call('GET', `/api/billing/local/checkout/${sessionId}`, parent)).json()).toMatchObject({ status: 'succeeded', changes_plan: null });

    // Down to Premium: the same, with no new month or tokens.
    await subscribe(parent, 'premium');
    expect(await status(parent)).toMatchObject({
      plan_type: 'premium',
      current_period_end: before.current_period_end,
      story_tokens_remaining: 5,
      ai_generations_limit: 5,
    });

    // The period's end renews it on the plan chosen last, with its allowance.
    ctx.clock.advance(30 * 24 * 3600 * 1000);
    await signInAgain(parent);
    expect(await status(parent)).toMatchObject({ plan_type: 'premium', story_tokens_remaining: 10 });

    // Without a running plan, a checkout starts one.
    const other = await ctx.newUser();
    const fresh = (await call('POST', '/api/stripe/create-checkout-session', other, { plan_type: 'gold' })).json();
    expect((await call('GET', `/api/billing/local/checkout/${fresh.url.split('/').pop()}`, other)).json().changes_plan).toBeNull();
  });

  it('renews a lapsed local period when the family’s tier is read first, before its admin looks at the plan', async () => {
    const parent = await ctx.newUser();
    const family = await ctx.newFamily(parent);
    await subscribe(parent, 'premium');
    ctx.clock.advance(40 * 24 * 3600 * 1000);
    const reader = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(reader, family);
    // The reader's view of the family is the first read after the month passed.
    expect((await call('GET', `/api/family/${family.id}`, reader)).json().family.subscription_tier).toBe('premium');
    await signInAgain(parent);
    expect((await status(parent)).plan_type).toBe('premium');
  });

  it('gives a gold grandparent unlimited share tokens and a premium one 10 a month', async () => {
    const gold = await ctx.newUser({ role: 'grandparent' });
    await subscribe(gold, 'gold');
    expect(await status(gold)).toMatchObject({ share_tokens_remaining: UNLIMITED_SHARE_TOKENS, story_tokens_remaining: 5 });
    const premium = await ctx.newUser({ role: 'grandparent' });
    await subscribe(premium, 'premium');
    expect(await status(premium)).toMatchObject({ share_tokens_remaining: 10, story_tokens_remaining: 0 });
  });
});

describe('token purchases', () => {
  it('credits a paid package once, however often it is confirmed', async () => {
    const parent = await ctx.newUser();
    const { client_secret, res } = await buy(parent, 'story', '12_tokens');
    expect(res.json()).toEqual({ status: 'succeeded', tokens: 12, kind: 'story' });
    const replay = await call('POST', `/api/billing/local/payments/${client_secret}/confirm`, parent, { card_number: '4242424242424242' });
    expect(replay.statusCode).toBe(200);
    expect((await status(parent)).story_tokens_remaining).toBe(12);
    const entries = (await ctx.db.select().from(tokenLedger)).filter((e) => e.ref.includes(res.json().payment_id ?? '') && e.reason === 'purchase');
    expect(entries.length).toBeLessThanOrEqual(1);
  });

  it('declines the declining test card with a clear message and credits nothing', async () => {
    const gran = await ctx.newUser({ role: 'grandparent' });
    const { res } = await buy(gran, 'share', '4_tokens', '4000 0000 0000 0002');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(BILLING_MESSAGES.cardDeclined);
    expect((await status(gran)).share_tokens_remaining).toBe(0);
  });

  it('leaves a declined payment open for another card, as a Stripe PaymentIntent does, and credits it once', async () => {
    const gran = await ctx.newUser({ role: 'grandparent' });
    const { client_secret, res } = await buy(gran, 'share', '4_tokens', '4000 0000 0000 0002');
    expect(res.statusCode).toBe(400);
    // Declined twice, then paid with a good card: the payment is still the one to confirm.
    const declinedAgain = await call('POST', `/api/billing/local/payments/${client_secret}/confirm`, gran, { card_number: '4000000000000002' });
    expect(declinedAgain.json().error).toBe(BILLING_MESSAGES.cardDeclined);
    const paid = await call('POST', `/api/billing/local/payments/${client_secret}/confirm`, gran, { card_number: '4242424242424242' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', tokens: 4, kind: 'share' });
    const replay = await call('POST', `/api/billing/local/payments/${client_secret}/confirm`, gran, { card_number: '4242424242424242' });
    expect(replay.statusCode).toBe(200);
    expect((await status(gran)).share_tokens_remaining).toBe(4);
  });

  it('refuses unknown packages, the wrong kind of package, and other people’s payments', async () => {
    const parent = await ctx.newUser();
    expect((await call('POST', '/api/stripe/purchase-story-tokens', parent, { package: '99_tokens' })).statusCode).toBe(400);
    expect((await call('POST', '/api/stripe/purchase-story-tokens', parent, { package: '4_tokens' })).statusCode).toBe(400);
    const { client_secret } = (await call('POST', '/api/stripe/purchase-share-tokens', parent, { package: '10_tokens' })).json();
    const thief = await ctx.newUser();
    expect((await call('POST', `/api/billing/local/payments/${client_secret}/confirm`, thief, { card_number: '4242424242424242' })).statusCode).toBe(404);
    expect((await call('POST', `/api/billing/local/payments/${client_secret}/confirm`, parent, { card_number: 'abc' })).statusCode).toBe(400);
    expect((await status(thief)).share_tokens_remaining).toBe(0);
  });
});

describe('unlocking premium books', () => {
  it('spends story tokens for parents once, with the spec message when short', async () => {
    const book = await ctx.newBook({ title: 'Premium Tale', is_premium: 'true', token_cost: '3' });
    const parent = await ctx.newUser();
    // A locked premium book's pages stay private.
    const locked = (await call('GET', `/api/books/${book.id}?premium=true`, parent)).json().book;
    expect(locked).toMatchObject({ is_unlocked: false, pdf_url: null });
    const short = await call('POST', `/api/premium-books/${book.id}/unlock`, parent);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(VALIDATION.notEnoughTokens(3, 0));
    await buy(parent, 'story', '5_tokens');
    const ok = await call('POST', `/api/premium-books/${book.id}/unlock`, parent);
    expect(ok.json()).toMatchObject({ book_id: book.id, is_unlocked: true, tokens_spent: 3, story_tokens_remaining: 2 });
    const again = await call('POST', `/api/premium-books/${book.id}/unlock`, parent);
    expect(again.json()).toMatchObject({ tokens_spent: 0, story_tokens_remaining: 2 });
    const listed = (await call('GET', '/api/premium-books?per_page=100', parent)).json().books.find((b: { id: string }) => b.id === book.id);
    expect(listed.is_unlocked).toBe(true);
    expect(listed.pdf_url).toMatch(/^\/api\/media\//);
    // Unlocks belong to the account that paid.
    const other = await ctx.newUser();
    const theirs = (await call('GET', '/api/premium-books?per_page=100', other)).json().books.find((b: { id: string }) => b.id === book.id);
    expect(theirs.is_unlocked).toBe(false);
  });

  it('unlocks everything on gold for free, and grandparents spend share tokens', async () => {
    const book = await ctx.newBook({ title: 'Golden Tale', is_premium: 'true', token_cost: '2' });
    const gold = await ctx.newUser();
    await subscribe(gold, 'gold');
    // Gold sees every premium book unlocked, before any unlock call.
    expect((await call('GET', `/api/books/${book.id}`, gold)).json().book).toMatchObject({ is_unlocked: true, pdf_url: expect.any(String) });
    expect((await call('POST', `/api/premium-books/${book.id}/unlock`, gold)).json()).toMatchObject({ tokens_spent: 0, story_tokens_remaining: 15 });
    const gran = await ctx.newUser({ role: 'grandparent' });
    await buy(gran, 'share', '4_tokens');
    expect((await call('POST', `/api/premium-books/${book.id}/unlock`, gran)).json()).toMatchObject({ tokens_spent: 2, share_tokens_remaining: 2 });
  });

  it('refuses regular books and unknown ids', async () => {
    const regular = await ctx.newBook({ title: 'Free Tale' });
    const parent = await ctx.newUser();
    expect((await call('POST', `/api/premium-books/${regular.id}/unlock`, parent)).statusCode).toBe(400);
    expect((await call('POST', '/api/premium-books/00000000-0000-4000-8000-000000000000/unlock', parent)).statusCode).toBe(404);
    expect((await call('POST', '/api/premium-books/nope/unlock', parent)).statusCode).toBe(400);
  });

  it('lets 20 concurrent unlocks against a balance of 5 succeed exactly 5 times', async () => {
    const parent = await ctx.newUser();
    await buy(parent, 'story', '5_tokens');
    const bookIds: string[] = [];
    for (let i = 0; i < 20; i++) bookIds.push((await ctx.newBook({ title: `Race ${i}`, is_premium: 'true', token_cost: '1' })).id);
    const results = await Promise.all(bookIds.map((id) => call('POST', `/api/premium-books/${id}/unlock`, parent)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(15);
    expect((await status(parent)).story_tokens_remaining).toBe(0);
  });
});

describe('families: member status, trial and gifts', () => {
  it('shows member status only to people sharing a family', async () => {
    const family = await ctx.newFamily();
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family);
    await subscribe(family.admin, 'premium');
    const adminId = (await call('GET', '/api/auth/me', family.admin)).json().user.id;
    expect((await call('GET', `/api/stripe/user/${adminId}/status`, gran)).json()).toEqual({ subscription: { status: 'active', tier: 'premium' } });
    const outsider = await ctx.newUser();
    expect((await call('GET', `/api/stripe/user/${adminId}/status`, outsider)).statusCode).toBe(404);
  });

  it('starts a 14-day premium trial once per family, by its admin', async () => {
    const family = await ctx.newFamily();
    const parent = await ctx.newUser();
    await ctx.join(parent, family);
    expect((await call('POST', '/api/voice/subscription/create-trial', parent, { family_id: family.id })).statusCode).toBe(403);
    expect((await call('POST', '/api/voice/subscription/create-trial', await ctx.newUser(), { family_id: family.id })).statusCode).toBe(404);
    const trial = await call('POST', '/api/voice/subscription/create-trial', family.admin, { family_id: family.id });
    expect(trial.json()).toMatchObject({ family_id: family.id, tier: 'premium', trial_available: false, ai_generations_limit: 5 });
    const twice = await call('POST', '/api/voice/subscription/create-trial', family.admin, { family_id: family.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(BILLING_MESSAGES.trialUsed);
    ctx.clock.advance(15 * 24 * 3600 * 1000);
    await signInAgain(parent);
    expect((await call('GET', `/api/voice/subscription/family/${family.id}`, parent)).json()).toMatchObject({ tier: 'free', trial_ends_at: null });
  });

  it('lets a gold reader gift story tokens to the admin of a family they read for', async () => {
    const family = await ctx.newFamily();
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family);
    const gift = (amount: number, familyId = family.id) => call('POST', '/api/stripe/gift-story-tokens', gran, { family_id: familyId, amount });
    expect((await gift(2)).statusCode).toBe(403);
    await subscribe(gran, 'gold');
    const ok = await gift(2);
    expect(ok.json()).toEqual({ story_tokens_remaining: 3, gifted: 2 });
    expect((await status(family.admin)).story_tokens_remaining).toBe(2);
    expect((await gift(4)).json().error).toBe(VALIDATION.notEnoughTokens(4, 3));
    const other = await ctx.newFamily();
    expect((await gift(1, other.id)).statusCode).toBe(404);
  });

  it('gives a gift sent again with its idempotency key once, and refuses a malformed key changing nothing', async () => {
    const family = await ctx.newFamily();
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family);
    await subscribe(gran, 'gold');
    const gift = (amount: number, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/gift-story-tokens',
        headers: { cookie: gran.cookie, 'idempotency-key': key },
        payload: { family_id: family.id, amount },
      });
    const key = 'gift-0f6a2c1e-retry';
    for (let i = 0; i < 2; i++) expect((await gift(2, key)).json()).toEqual({ story_tokens_remaining: 3, gifted: 2 });
    expect((await status(family.admin)).story_tokens_remaining).toBe(2);
    // Another amount under the same key is refused: a key names one request.
    expect((await gift(1, key)).json().error).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    const bad = await gift(1, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    expect((await status(family.admin)).story_tokens_remaining).toBe(2);
    expect((await status(gran)).story_tokens_remaining).toBe(3);
  });
});
