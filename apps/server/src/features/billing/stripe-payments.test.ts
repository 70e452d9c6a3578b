import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { FAKE_STRIPE_KEYS, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.ts';
import { payments } from './billing.table.ts';

// The Stripe provider against a local stand-in of the Stripe API: no request leaves the machine.
let ctx: TestContext;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext({ env: { PAYMENTS_PROVIDER: 'stripe', ...FAKE_STRIPE_KEYS, STRIPE_API_BASE: fake.apiBase } });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const DAY = 24 * 3600 * 1000;
type Who = { id: string; cookie: string; email: string; password: string };
const call = (method: 'GET' | 'POST', url: string, who: Who | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const status = async (who: Who) => (await call('GET', '/api/user/premium-status', who)).json();
/** Moving the clock by weeks ends browser sessions, as it should. */
const signInAgain = async (who: Who) => {
  who.cookie = ctx.cookieOf(await call('POST', '/api/auth/login', undefined, { email: who.email, password: who.password }))!;
};

/** Delivers a webhook as Stripe does: the raw JSON body and its signature header. */
function deliver(event: unknown, opts: { secret?: string; headers?: Record<string, string>; payload?: string } = {}) {
  const { payload, signature } = fake.signed(event, opts.secret);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, ...opts.headers },
    payload: opts.payload ?? payload,
  });
}

let subSeq = 0;
/** A parent who went through Stripe Checkout for `plan`; the subscription's first period started `start`. */
async function subscribed(plan: 'premium' | 'gold' = 'premium', start = ctx.clock.now()) {
  const parent = (await ctx.newUser()) as Who;
  const checkout = await call('POST', '/api/stripe/create-checkout-session', parent, { plan_type: plan });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const sessionId = checkout.json().url.split('/').pop();
  const ids = { subscription: `sub_test_${++subSeq}`, customer: `cus_test_${subSeq}` };
  // Stripe counts time in whole seconds.
  const startSecond = new Date(Math.floor(start.getTime() / 1000) * 1000);
  const period = { start: startSecond, end: new Date(startSecond.getTime() + 30 * DAY) };
  fake.setSubscription({ id: ids.subscription, customer: ids.customer, userId: parent.id, plan, ...period });
  const completed = fake.event(
    'checkout.session.completed',
    {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: parent.id,
      customer: ids.customer,
      subscription: ids.subscription,
      metadata: { user_id: parent.id, plan },
      amount_total: plan === 'gold' ? 3000 : 1500,
      currency: 'usd',
      livemode: false,
    },
    period.start,
  );
  const res = await deliver(completed);
  expect(res.statusCode, res.body).toBe(200);
  return { parent, ...ids, period, completed };
}

describe('plans through Stripe Checkout', () => {
  it('starts a Checkout Session for the plan price with the account in its metadata', async () => {
    const parent = (await ctx.newUser()) as Who;
    const before = fake.calls('POST', '/v1/checkout/sessions').length;
    const res = await call('POST', '/api/stripe/create-checkout-session', parent, { plan_type: 'gold' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = fake.calls('POST', '/v1/checkout/sessions');
    expect(sent).toHaveLength(before + 1);
    const { params, authorization } = sent.at(-1)!;
    expect(authorization).toBe(`Bearer ${FAKE_STRIPE_KEYS.STRIPE_SECRET_KEY}`);
    expect(Object.fromEntries(params)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': FAKE_STRIPE_KEYS.STRIPE_PRICE_GOLD,
      'line_items[0][quantity]': '1',
      client_reference_id: parent.id,
      'metadata[user_id]': parent.id,
      'metadata[plan]': 'gold',
      'subscription_data[metadata][user_id]': parent.id,
      'subscription_data[metadata][plan]': 'gold',
      customer_email: parent.email,
      success_url: `${ctx.config.publicUrl}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ctx.config.publicUrl}/subscription?checkout=cancelled`,
    });
    // Nothing changes until Stripe says the checkout completed.
    expect(await status(parent)).toMatchObject({ plan_type: 'free', provider: 'stripe', story_tokens_remaining: 0 });
  });

  it('makes the account premium with its allowance once checkout.session.completed arrives', async () => {
    const { parent, subscription, period, completed } = await subscribed('premium');
    expect(fake.calls('GET', `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    expect(await status(parent)).toMatchObject({
      has_premium: true,
      plan_type: 'premium',
      status: 'active',
      story_tokens_remaining: 5,
      current_period_end: period.end.toISOString(),
      cancel_at_period_end: false,
      provider: 'stripe',
    });
    // Stripe retries deliveries: the same event again credits nothing.
    const replay = await deliver(completed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, applied: false });
    expect((await status(parent)).story_tokens_remaining).toBe(5);
  });

  it('grants the allowance once whether the subscription or the checkout event comes first', async () => {
    const parent = (await ctx.newUser()) as Who;
    const start = ctx.clock.now();
    const sub = fake.setSubscription({
      id: 'sub_test_first',
      customer: 'cus_test_first',
      userId: parent.id,
      plan: 'gold',
      start,
      end: new Date(start.getTime() + 30 * DAY),
    });
    // customer.subscription.created proves no payment: the state changes, no tokens yet.
    expect((await deliver(fake.event('customer.subscription.created', sub, start))).json()).toEqual({ received: true, applied: true });
    expect(await status(parent)).toMatchObject({ plan_type: 'gold', story_tokens_remaining: 0 });
    const checkout = {
      id: 'cs_test_first',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: parent.id,
      customer: 'cus_test_first',
      subscription: 'sub_test_first',
      metadata: {},
    };
    await deliver(fake.event('checkout.session.completed', checkout, start));
    const invoice = fake.invoice({
      subscription: 'sub_test_first',
      customer: 'cus_test_first',
      userId: parent.id,
      plan: 'gold',
      start,
      end: new Date(start.getTime() + 30 * DAY),
      reason: 'subscription_create',
    });
    await deliver(fake.event('invoice.paid', invoice, start));
    expect(await status(parent)).toMatchObject({ plan_type: 'gold', story_tokens_remaining: 15 });
  });

  it('opens the billing portal for the stored customer, and refuses it without a paid plan', async () => {
    const { parent, customer } = await subscribed('premium');
    const res = await call('POST', '/api/stripe/create-portal-session', parent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(Object.fromEntries(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)!.params)).toEqual({
      customer,
      return_url: `${ctx.config.publicUrl}/subscription`,
    });

    const free = (await ctx.newUser()) as Who;
    const before = fake.calls('POST', '/v1/billing_portal/sessions').length;
    const refused = await call('POST', '/api/stripe/create-portal-session', free);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(BILLING_MESSAGES.noSubscription);
    expect(fake.calls('POST', '/v1/billing_portal/sessions')).toHaveLength(before);
  });

  it('changes the plan of a paying account in the portal rather than a second subscription', async () => {
    const { parent, customer, subscription } = await subscribed('premium');
    const checkouts = fake.calls('POST', '/v1/checkout/sessions').length;
    const res = await call('POST', '/api/stripe/create-checkout-session', parent, { plan_type: 'gold' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(fake.calls('POST', '/v1/checkout/sessions')).toHaveLength(checkouts);
    expect(Object.fromEntries(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)!.params)).toMatchObject({
      customer,
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': subscription,
      'flow_data[subscription_update_confirm][items][0][id]': `si_${subscription}`,
      'flow_data[subscription_update_confirm][items][0][price]': FAKE_STRIPE_KEYS.STRIPE_PRICE_GOLD,
    });
    // A later checkout reuses the Stripe customer once the plan has ended.
    const ended = fake.setSubscription({
      id: subscription,
      customer,
      userId: parent.id,
      plan: 'premium',
      start: ctx.clock.now(),
      end: new Date(ctx.clock.now().getTime() + DAY),
      status: 'canceled',
    });
    await deliver(fake.event('customer.subscription.deleted', ended, new Date(ctx.clock.now().getTime() + 1000)));
    await call('POST', '/api/stripe/create-checkout-session', parent, { plan_type: 'gold' });
    const params = fake.calls('POST', '/v1/checkout/sessions').at(-1)!.params;
    expect(params.get('customer')).toBe(customer);
    expect(params.has('customer_email')).toBe(false);
  });
});

describe('subscription events', () => {
  it('grants the next period once when its invoice is paid, however often the event arrives', async () => {
    const { parent, subscription, customer, period } = await subscribed('premium');
    expect((await status(parent)).story_tokens_remaining).toBe(5);

    ctx.clock.advance(30 * DAY + 60_000);
    await signInAgain(parent);
    const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
    const renewed = fake.setSubscription({ id: subscription, customer, userId: parent.id, plan: 'premium', ...next });
    // The period moves before its invoice is paid: no allowance for it yet.
    await deliver(fake.event('customer.subscription.updated', renewed, next.start));
    expect(await status(parent)).toMatchObject({ plan_type: 'premium', story_tokens_remaining: 5, current_period_end: next.end.toISOString() });

    const paid = fake.event(
      'invoice.paid',
      fake.invoice({ subscription, customer, userId: parent.id, plan: 'premium', ...next, reason: 'subscription_cycle' }),
      new Date(next.start.getTime() + 3600_000),
    );
    expect((await deliver(paid)).json()).toEqual({ received: true, applied: true });
    expect((await status(parent)).story_tokens_remaining).toBe(10);
    expect((await deliver(paid)).json()).toEqual({ received: true, applied: false });
    // invoice.payment_succeeded and friends are not ours to handle: answered, ignored.
    const other = await deliver(fake.event('invoice.payment_succeeded', paid.data.object, new Date(next.start.getTime() + 3600_000)));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true, applied: false });
    expect(await status(parent)).toMatchObject({ plan_type: 'premium', status: 'active', story_tokens_remaining: 10 });
  });

  it('answers 503 while Stripe is unreachable, so Stripe retries, and applies the retried event', async () => {
    const { parent, subscription, customer, period } = await subscribed('premium');
    const next = { start: period.end, end: new Date(period.end.getTime() + 30 * DAY) };
    fake.setSubscription({ id: subscription, customer, userId: parent.id, plan: 'premium', ...next });
    const paid = fake.event(
      'invoice.paid',
      fake.invoice({ subscription, customer, userId: parent.id, plan: 'premium', ...next, reason: 'subscription_cycle' }),
      next.start,
    );
    fake.setOutage(true);
    try {
      const res = await deliver(paid);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'unavailable', error: BILLING_MESSAGES.paymentServiceUnavailable });
    } finally {
      fake.setOutage(false);
    }
    expect((await status(parent)).story_tokens_remaining).toBe(5);
    expect((await deliver(paid)).json()).toEqual({ received: true, applied: true });
    expect((await status(parent)).story_tokens_remaining).toBe(10);
  });

  it('knows a replayed event by its id before asking Stripe anything', async () => {
    const { parent, subscription, customer, period, completed } = await subscribed('premium');
    const fetches = () => fake.calls('GET', `/v1/subscriptions/${subscription}`).length;
    const before = fetches();
    expect((await deliver(completed)).json()).toEqual({ received: true, applied: false });
    const paid = fake.event(
      'invoice.paid',
      fake.invoice({ subscription, customer, userId: parent.id, plan: 'premium', ...period, reason: 'subscription_create' }),
      period.start,
    );
    await deliver(paid);
    expect(fetches()).toBe(before + 1);
    // Replays of both, even while Stripe is down: answered from what is known, no call made.
    fake.setOutage(true);
    try {
      for (const event of [completed, paid]) {
        const res = await deliver(event);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ received: true, applied: false });
      }
    } finally {
      fake.setOutage(false);
    }
    expect(fetches()).toBe(before + 1);
  });

  it('ignores an older subscription.updated arriving after a newer one', async () => {
    const { parent, subscription, customer, period } = await subscribed('premium');
    const base = { id: subscription, customer, userId: parent.id, plan: 'premium' as const, ...period };
    const t = period.start.getTime();
    const cancelled = await deliver(
      fake.event('customer.subscription.updated', fake.setSubscription({ ...base, cancelAtPeriodEnd: true }), new Date(t + 20_000)),
    );
    expect(cancelled.json().applied).toBe(true);
    expect((await status(parent)).cancel_at_period_end).toBe(true);

    // An update made before the cancellation, delivered late, upgrading to gold.
    const stale = fake.event('customer.subscription.updated', fake.setSubscription({ ...base, plan: 'gold' }), new Date(t + 10_000));
    expect((await deliver(stale)).json()).toEqual({ received: true, applied: false });
    expect(await status(parent)).toMatchObject({ plan_type: 'premium', cancel_at_period_end: true, story_tokens_remaining: 5 });
  });

  it('drops to free when the subscription is deleted, keeping the tokens', async () => {
    const { parent, subscription, customer, period } = await subscribed('gold');
    const ended = fake.setSubscription({ id: subscription, customer, userId: parent.id, plan: 'gold', ...period, status: 'canceled' });
    const res = await deliver(fake.event('customer.subscription.deleted', ended, new Date(period.start.getTime() + 60_000)));
    expect(res.json()).toEqual({ received: true, applied: true });
    expect(await status(parent)).toMatchObject({
      has_premium: false,
      plan_type: 'free',
      status: 'canceled',
      story_tokens_remaining: 15,
      current_period_end: null,
    });
  });

  it('ignores subscriptions of no account of ours and prices of no plan of ours', async () => {
    const start = ctx.clock.now();
    const stranger = fake.setSubscription({
      id: 'sub_test_stranger',
      customer: 'cus_test_stranger',
      userId: '00000000-0000-4000-8000-000000000000',
      plan: 'premium',
      start,
      end: new Date(start.getTime() + 30 * DAY),
    });
    expect((await deliver(fake.event('customer.subscription.updated', stranger, start))).json()).toEqual({ received: true, applied: false });

    const parent = (await ctx.newUser()) as Who;
    const sub = fake.setSubscription({
      id: 'sub_test_other_price',
      customer: 'cus_test_other',
      userId: parent.id,
      plan: 'premium',
      start,
      end: new Date(start.getTime() + 30 * DAY),
    });
    (sub.items.data[0]!.price as { id: string }).id = 'price_of_another_product';
    expect((await deliver(fake.event('customer.subscription.created', sub, start))).json()).toEqual({ received: true, applied: false });
    expect((await status(parent)).plan_type).toBe('free');
  });
});

describe('token purchases with PaymentIntents', () => {
  it('creates a PaymentIntent for the package and credits it once when it succeeds', async () => {
    const parent = (await ctx.newUser()) as Who;
    const res = await call('POST', '/api/stripe/purchase-story-tokens', parent, { package: '12_tokens' });
    expect(res.statusCode, res.body).toBe(200);
    const purchase = res.json();
    expect(purchase).toMatchObject({ tokens: 12, amount_cents: 3000 });
    expect(purchase.client_secret).toMatch(/^pi_test_\w+_secret_/);
    const sent = fake.calls('POST', '/v1/payment_intents').at(-1)!;
    expect(Object.fromEntries(sent.params)).toMatchObject({
      amount: '3000',
      currency: 'usd',
      'metadata[user_id]': parent.id,
      'metadata[package]': '12_tokens',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });

    const intentId = purchase.client_secret.split('_secret_')[0];
    const succeeded = fake.event(
      'payment_intent.succeeded',
      {
        id: intentId,
        object: 'payment_intent',
        amount: 3000,
        amount_received: 3000,
        currency: 'usd',
        status: 'succeeded',
        metadata: { user_id: parent.id, package: '12_tokens' },
      },
      ctx.clock.now(),
    );
    expect((await deliver(succeeded)).json()).toEqual({ received: true, applied: true });
    expect((await status(parent)).story_tokens_remaining).toBe(12);
    expect((await deliver(succeeded)).json()).toEqual({ received: true, applied: false });
    // A second event about the same payment (Stripe may send more than one) credits nothing either.
    expect((await deliver(fake.event('payment_intent.succeeded', succeeded.data.object, ctx.clock.now()))).json().applied).toBe(false);
    expect((await status(parent)).story_tokens_remaining).toBe(12);
  });

  it('credits nothing for a failed payment, and still credits a later success with another card', async () => {
    const gran = (await ctx.newUser({ role: 'grandparent' })) as Who;
    const purchase = (await call('POST', '/api/stripe/purchase-share-tokens', gran, { package: '4_tokens' })).json();
    const intent = {
      id: purchase.client_secret.split('_secret_')[0],
      object: 'payment_intent',
      amount: 1500,
      currency: 'usd',
      metadata: { user_id: gran.id, package: '4_tokens' },
    };
    const failed = await deliver(
      fake.event(
        'payment_intent.payment_failed',
        { ...intent, status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } },
        ctx.clock.now(),
      ),
    );
    expect(failed.json()).toEqual({ received: true, applied: true });
    expect((await status(gran)).share_tokens_remaining).toBe(0);
    await deliver(fake.event('payment_intent.succeeded', { ...intent, status: 'succeeded' }, ctx.clock.now()));
    expect((await status(gran)).share_tokens_remaining).toBe(4);
  });

  it('answers 503 when Stripe fails, and records no payment', async () => {
    const parent = (await ctx.newUser()) as Who;
    fake.setOutage(true);
    try {
      const res = await call('POST', '/api/stripe/purchase-story-tokens', parent, { package: '5_tokens' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(BILLING_MESSAGES.paymentServiceUnavailable);
    } finally {
      fake.setOutage(false);
    }
    const rows = await ctx.db.select().from(payments).where(eq(payments.userId, parent.id));
    expect(rows).toEqual([]);
  });

  it('ignores PaymentIntents it did not create', async () => {
    const res = await deliver(
      fake.event(
        'payment_intent.succeeded',
        { id: 'pi_test_elsewhere', object: 'payment_intent', amount: 100, currency: 'usd', status: 'succeeded', metadata: {} },
        ctx.clock.now(),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: false });
  });
});

describe('webhook signature and scope', () => {
  it('refuses a bad, missing or mismatched signature with 400, changing nothing', async () => {
    const parent = (await ctx.newUser()) as Who;
    const purchase = (await call('POST', '/api/stripe/purchase-story-tokens', parent, { package: '5_tokens' })).json();
    const intentId = purchase.client_secret.split('_secret_')[0];
    const event = fake.event(
      'payment_intent.succeeded',
      { id: intentId, object: 'payment_intent', amount: 1500, currency: 'usd', status: 'succeeded', metadata: {} },
      ctx.clock.now(),
    );

    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ error: BILLING_MESSAGES.invalidWebhookSignature, code: 'invalid_input' });
    // The signature covers the exact bytes: the same event re-serialised with a space no longer matches.
    expect((await deliver(event, { payload: JSON.stringify(event, null, 1) })).statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await status(parent)).story_tokens_remaining).toBe(0);

    // The genuine delivery still applies afterwards: a refused one claimed nothing.
    expect((await deliver(event)).json()).toEqual({ received: true, applied: true });
    expect((await status(parent)).story_tokens_remaining).toBe(5);
  });

  it('answers unknown event types with 200 and ignores them', async () => {
    const res = await deliver(fake.event('customer.created', { id: 'cus_test_new', object: 'customer' }, ctx.clock.now()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: false });
  });

  it('exempts only the webhook from the same-origin check', async () => {
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const res = await deliver(fake.event('customer.created', { id: 'cus_test_x', object: 'customer' }, ctx.clock.now()), { headers: crossSite });
    expect(res.statusCode).toBe(200);
    const parent = (await ctx.newUser()) as Who;
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: { cookie: parent.cookie, ...crossSite },
      payload: { plan_type: 'premium' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('parses JSON as usual everywhere else', async () => {
    const parent = (await ctx.newUser()) as Who;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: { cookie: parent.cookie, 'content-type': 'application/json' },
      payload: '{"plan_type":"premium"}',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('with Stripe active', () => {
  it('refuses the local provider calls with 403', async () => {
    const parent = (await ctx.newUser()) as Who;
    const id = '00000000-0000-4000-8000-000000000001';
    for (const [method, url, payload] of [
      ['GET', `/api/billing/local/checkout/${id}`, undefined],
      ['POST', `/api/billing/local/checkout/${id}/complete`, undefined],
      ['POST', '/api/billing/local/payments/pi_test_1_secret_abc/confirm', { card_number: '4242 4242 4242 4242' }],
      ['POST', '/api/billing/local/portal', { action: 'cancel' }],
    ] as const) {
      const res = await call(method, url, parent, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe(BILLING_MESSAGES.localProviderOnly);
    }
  });

  it('tells the web app the provider and the publishable key', async () => {
    const res = await call('GET', '/api/stripe/config', undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'stripe', publishable_key: FAKE_STRIPE_KEYS.STRIPE_PUBLISHABLE_KEY });
  });

  it("allows Stripe's origins in the Content-Security-Policy", async () => {
    // Pages carry it (the API documentation is one); JSON answers load nothing and need none of it.
    const page = await call('GET', '/api/docs/', undefined);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain('https://api.stripe.com');
  });
});

describe('an account deleted while its plan bills (issue 25)', () => {
  it('cancels the subscription at Stripe before the account goes', async () => {
    const { parent, subscription } = await subscribed('premium');
    await signInAgain(parent);
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: parent.cookie }, payload: { password: parent.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls('DELETE', `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    // The Stripe payment stays in the ledger, naming no one.
    const rows = await ctx.db.select().from(payments);
    expect(rows.filter((p) => p.userId === parent.id)).toEqual([]);
  });

  it('leaves everything as it was when Stripe cannot be reached (503)', async () => {
    const { parent } = await subscribed('gold');
    await signInAgain(parent);
    fake.setOutage(true);
    try {
      const res = await ctx.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie: parent.cookie }, payload: { password: parent.password } });
      expect(res.statusCode, res.body).toBe(503);
    } finally {
      fake.setOutage(false);
    }
    expect((await status(parent)).plan_type).toBe('gold');
  });
});
