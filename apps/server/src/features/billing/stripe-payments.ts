import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { TOKEN_PACKAGES, type PlanType } from '@fst/shared/constants';
import { BILLING_MESSAGES } from '@fst/shared/messages';
import { AppError } from '../../platform/errors.ts';
import type { BillingRepository, SubscriptionRow } from './billing.repository.ts';
import { addMonth, BILLING_STATUSES, type BillingEvent, type BillingService } from './billing.service.ts';
import type { PaymentsProvider } from './local-payments.ts';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  prices: Record<Exclude<PlanType, 'free'>, string>;
  /** Another API address than api.stripe.com (tests answer the API from a local server). */
  apiBase: string | null;
};

/** The official SDK client, pointed at `apiBase` when one is set. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  if (!settings.apiBase) return new Stripe(settings.secretKey, { appInfo: { name: 'Family Story Time' } });
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    appInfo: { name: 'Family Story Time' },
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

// Subscriptions that ended: their plan no longer applies.
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fields older API versions keep elsewhere: the webhook endpoint's API version decides the payload shape. */
type LegacySubscription = { current_period_start?: number; current_period_end?: number };
type LegacyInvoice = { subscription?: string | Stripe.Subscription | null };
type LegacyInvoiceLine = { price?: { id: string } | null };

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));
const fromUnix = (seconds: number) => new Date(seconds * 1000);

/**
 * The Stripe provider (decisions.md "Payments"): Checkout Sessions for plans, the billing portal,
 * PaymentIntents for tokens, and a signed webhook whose events feed the same `applyEvent` as the local
 * provider. Stripe's state is the authority; every event is applied once, in any order.
 */
export function createStripePayments(deps: {
  stripe: Stripe;
  settings: StripeSettings;
  publicUrl: string;
  billing: BillingRepository;
  service: BillingService;
  userExists: (userId: string) => Promise<boolean>;
  log: FastifyBaseLogger;
}) {
  const { stripe, settings, billing, service, log } = deps;
  const subscriptionPage = `${deps.publicUrl}/subscription`;

  const planOfPrice = (priceId: string | null | undefined): Exclude<PlanType, 'free'> | null =>
    priceId === settings.prices.premium ? 'premium' : priceId === settings.prices.gold ? 'gold' : null;

  /** The Stripe customer of an account, once a Stripe event has named one. */
  const customerOf = (sub: SubscriptionRow | undefined) => (sub?.provider === 'stripe' ? sub.providerCustomerId : null);

  /** Stripe being unreachable is worth a retry, not a 500. */
  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeConnectionError ||
        err instanceof Stripe.errors.StripeAPIError ||
        err instanceof Stripe.errors.StripeRateLimitError
      ) {
        log.error({ err }, `stripe: ${what} failed`);
        throw new AppError('unavailable', BILLING_MESSAGES.paymentServiceUnavailable);
      }
      throw err;
    }
  }

  /** A plan change of a subscription that already bills: confirmed in the portal, never a second subscription. */
  async function changePlan(customer: string, subscriptionId: string, plan: Exclude<PlanType, 'free'>) {
    const current = await call('retrieve subscription', () => stripe.subscriptions.retrieve(subscriptionId));
    const item = current.items.data[0];
    const portal = await call('create portal session', () =>
      stripe.billingPortal.sessions.create({
        customer,
        return_url: subscriptionPage,
        ...(item && item.price.id !== settings.prices[plan]
          ? {
              flow_data: {
                type: 'subscription_update_confirm' as const,
                subscription_update_confirm: { subscription: current.id, items: [{ id: item.id, price: settings.prices[plan], quantity: 1 }] },
                after_completion: { type: 'redirect' as const, redirect: { return_url: subscriptionPage } },
              },
            }
          : {}),
      }),
    );
    return { url: portal.url };
  }

  const provider: PaymentsProvider = {
    async createCheckout(session, plan) {
      const userId = session.user.id;
      const sub = await billing.subscription(userId);
      const customer = customerOf(sub);
      if (customer && sub?.providerSubscriptionId && sub.plan !== 'free' && BILLING_STATUSES.has(sub.status)) {
        return changePlan(customer, sub.providerSubscriptionId, plan);
      }
      const checkout = await call('create checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: settings.prices[plan], quantity: 1 }],
          client_reference_id: userId,
          metadata: { user_id: userId, plan },
          // The subscription carries its owner too: its own events name the account.
          subscription_data: { metadata: { user_id: userId, plan } },
          ...(customer ? { customer } : { customer_email: session.user.email }),
          success_url: `${subscriptionPage}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${subscriptionPage}?checkout=cancelled`,
        }),
      );
      if (!checkout.url) throw new Error('Stripe answered a checkout session without a url');
      return { url: checkout.url };
    },

    async createPortal(session) {
      const sub = await billing.subscription(session.user.id);
      const customer = customerOf(sub);
      if (!sub || sub.plan === 'free' || !customer) throw new AppError('invalid_input', BILLING_MESSAGES.noSubscription);
      const portal = await call('create portal session', () => stripe.billingPortal.sessions.create({ customer, return_url: subscriptionPage }));
      return { url: portal.url };
    },

    async cancelPlan(userId) {
      const sub = await billing.subscription(userId);
      if (sub?.provider !== 'stripe' || !sub.providerSubscriptionId || !BILLING_STATUSES.has(sub.status)) return;
      const id = sub.providerSubscriptionId;
      // Cancelled now, without proration: the account it paid for is being deleted.
      await call('cancel subscription', () => stripe.subscriptions.cancel(id)).catch((err: unknown) => {
        // Already gone at Stripe is what we wanted.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        throw err;
      });
      log.info({ userId }, 'stripe: subscription cancelled for a deleted account');
    },
    async createTokenPayment(session, packageId) {
      const userId = session.user.id;
      const pkg = TOKEN_PACKAGES[packageId];
      const customer = customerOf(await billing.subscription(userId));
      const intent = await call('create payment intent', () =>
        stripe.paymentIntents.create({
          amount: pkg.priceCents,
          currency: 'usd',
          // The token modal's card form confirms in the page: no method that leaves it for a redirect.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: `${pkg.tokens} ${pkg.kind} tokens`,
          metadata: { user_id: userId, package: packageId },
          ...(customer ? { customer } : {}),
        }),
      );
      if (!intent.client_secret) throw new Error('Stripe answered a payment intent without a client secret');
      const payment = await billing.insertPayment({ userId, kind: 'tokens', packageId, providerRef: intent.id, clientSecret: intent.client_secret });
      return { client_secret: intent.client_secret, payment_id: payment.id, tokens: pkg.tokens, amount_cents: pkg.priceCents };
    },
  };

  /** The account a subscription belongs to: its metadata (set at checkout), else what earlier events stored. */
  async function ownerOf(hint: string | null | undefined, ids: { subscriptionId: string | null; customerId: string | null }) {
    if (hint && UUID.test(hint) && (await deps.userExists(hint))) return hint;
    return (await billing.subscriptionByProviderIds(ids))?.userId ?? null;
  }

  /** A subscription's state as a `subscription.changed` event, or null when it names no account or plan of ours. */
  async function subscriptionChanged(
    event: Stripe.Event,
    sub: Stripe.Subscription,
    opts: { ownerHint?: string | null; allowance: 'paid' | 'none'; deleted?: boolean },
  ): Promise<Extract<BillingEvent, { type: 'subscription.changed' }> | null> {
    const customerId = idOf(sub.customer);
    const userId = await ownerOf(sub.metadata?.user_id ?? opts.ownerHint, { subscriptionId: sub.id, customerId });
    if (!userId) {
      log.warn({ eventId: event.id, subscription: sub.id }, 'stripe: subscription of no known account ignored');
      return null;
    }
    const ended = opts.deleted || ENDED_STATUSES.has(sub.status);
    if (ended) {
      // The end of an older subscription must not end the one that replaced it.
      const known = await billing.subscription(userId);
      if (known?.providerSubscriptionId && known.providerSubscriptionId !== sub.id) return null;
    }
    const item = sub.items?.data.find((i) => planOfPrice(i.price?.id)) ?? sub.items?.data[0];
    const plan = planOfPrice(item?.price?.id);
    if (!plan && !ended) {
      log.warn({ eventId: event.id, price: item?.price?.id }, 'stripe: subscription to an unknown price ignored');
      return null;
    }
    // Newer API versions keep the period on each item; older ones on the subscription.
    const legacy = sub as unknown as LegacySubscription;
    const periodStart = fromUnix(item?.current_period_start ?? legacy.current_period_start ?? sub.start_date);
    const periodEndSeconds = item?.current_period_end ?? legacy.current_period_end;
    const periodEnd = periodEndSeconds ? fromUnix(periodEndSeconds) : addMonth(periodStart);
    return {
      id: event.id,
      type: 'subscription.changed',
      userId,
      plan: ended || !plan ? 'free' : plan,
      status: opts.deleted ? 'canceled' : sub.status,
      periodStart,
      periodEnd,
      // The portal may schedule the end as a date rather than with the flag.
      cancelAtPeriodEnd: !ended && (sub.cancel_at_period_end || (sub.cancel_at != null && sub.cancel_at <= periodEnd.getTime() / 1000)),
      occurredAt: fromUnix(event.created),
      customerId,
      subscriptionId: sub.id,
      allowance: opts.allowance,
    };
  }

  /** Stripe's event in our words, or null for an event that changes nothing here. */
  async function translate(event: Stripe.Event): Promise<BillingEvent | null> {
    const occurredAt = fromUnix(event.created);
    switch (event.type) {
      case 'checkout.session.completed': {
        const checkout = event.data.object;
        const subscriptionId = idOf(checkout.subscription);
        if (checkout.mode !== 'subscription' || !subscriptionId) return null;
        const sub = await call('retrieve subscription', () => stripe.subscriptions.retrieve(subscriptionId));
        const paid = checkout.payment_status === 'paid' || checkout.payment_status === 'no_payment_required';
        return subscriptionChanged(event, sub, { ownerHint: checkout.client_reference_id ?? checkout.metadata?.user_id, allowance: paid ? 'paid' : 'none' });
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        // A state change proves no payment (a renewal starts before its invoice is paid): allowances come with paid invoices.
        return subscriptionChanged(event, event.data.object, { allowance: 'none', deleted: event.type === 'customer.subscription.deleted' });
      case 'invoice.paid': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const subscriptionId = idOf(details?.subscription ?? (invoice as unknown as LegacyInvoice).subscription);
        if (!subscriptionId) return null;
        const sub = await call('retrieve subscription', () => stripe.subscriptions.retrieve(subscriptionId));
        // A new subscription's first invoice and each renewal pay for a period and its allowance; prorations do not.
        const paysPeriod = invoice.billing_reason === 'subscription_create' || invoice.billing_reason === 'subscription_cycle';
        const changed = await subscriptionChanged(event, sub, { ownerHint: details?.metadata?.user_id, allowance: paysPeriod ? 'paid' : 'none' });
        if (!changed || !paysPeriod) return changed;
        // The period paid for is the invoice's own, even when the event arrives after a later one.
        const planOfLine = (l: Stripe.InvoiceLineItem) => planOfPrice(idOf(l.pricing?.price_details?.price ?? (l as unknown as LegacyInvoiceLine).price));
        const line = invoice.lines?.data.find((l) => planOfLine(l));
        const linePlan = line && planOfLine(line);
        if (!line || !linePlan) return changed;
        return {
          ...changed,
          plan: changed.plan === 'free' ? 'free' : linePlan,
          periodStart: fromUnix(line.period.start),
          periodEnd: fromUnix(line.period.end),
        };
      }
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const payment = await billing.payment({ providerRef: event.data.object.id });
        if (!payment) return null;
        return { id: event.id, type: event.type === 'payment_intent.succeeded' ? 'tokens.paid' : 'tokens.failed', paymentId: payment.id, occurredAt };
      }
      default:
        return null;
    }
  }

  return {
    provider,

    /**
     * `POST /api/stripe/webhook`: verifies Stripe's signature on the exact bytes received, then applies the
     * event once (a replay, or an event older than the state it would change, changes nothing).
     */
    async handleWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<{ received: true; applied: boolean }> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new AppError('invalid_input', BILLING_MESSAGES.invalidWebhookSignature);
        throw err;
      }
      // A replay is known by its id before anything is asked of Stripe (answered even while Stripe is down).
      if (await billing.eventSeen(event.id)) return { received: true, applied: false };
      const billingEvent = await translate(event);
      if (!billingEvent) {
        // Remembered as seen too, so a replay of an event that changes nothing asks Stripe nothing either.
        await billing.claimEvent(event.id, event.type);
        return { received: true, applied: false };
      }
      return { received: true, ...(await service.applyEvent(billingEvent)) };
    },
  };
}
export type StripePayments = ReturnType<typeof createStripePayments>;
