import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request the app made of the Stripe API, with its form-encoded parameters. */
export type StripeApiRequest = { method: string; path: string; params: URLSearchParams; authorization: string | undefined };

export const FAKE_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_fake_family_story_time',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake_family_story_time',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_family_story_time',
  STRIPE_PRICE_PREMIUM: 'price_premium_test',
  STRIPE_PRICE_GOLD: 'price_gold_test',
};

const PRICES = {
  premium: { id: FAKE_STRIPE_KEYS.STRIPE_PRICE_PREMIUM, product: 'prod_premium', unit_amount: 1500 },
  gold: { id: FAKE_STRIPE_KEYS.STRIPE_PRICE_GOLD, product: 'prod_gold', unit_amount: 3000 },
};
type Plan = keyof typeof PRICES;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * A stand-in for the Stripe API on 127.0.0.1: it answers the calls the app makes with JSON shaped like
 * Stripe's (API version 2026-10-28, periods on subscription items), records each request, and builds
 * signed webhook events. Nothing leaves the machine.
 */
export async function startFakeStripe() {
  const requests: StripeApiRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let seq = 0;
  // While set, every call fails as Stripe does when it has trouble of its own.
  let outage = false;
  const nextId = (prefix: string) => `${prefix}_test_${(++seq).toString().padStart(6, '0')}`;

  function answer(method: string, path: string, params: URLSearchParams): [number, unknown] {
    const created = unix(new Date());
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs');
      return [
        200,
        {
          id,
          object: 'checkout.session',
          mode: params.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: params.get('client_reference_id'),
          customer: params.get('customer'),
          customer_email: params.get('customer_email'),
          metadata: { user_id: params.get('metadata[user_id]'), plan: params.get('metadata[plan]') },
          subscription: null,
          success_url: params.get('success_url'),
          cancel_url: params.get('cancel_url'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
          created,
          livemode: false,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: params.get('customer'),
          return_url: params.get('return_url'),
          flow: null,
          url: `https://billing.stripe.com/p/session/${id}`,
          created,
          livemode: false,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = nextId('pi');
      return [
        200,
        {
          id,
          object: 'payment_intent',
          amount: Number(params.get('amount')),
          currency: params.get('currency'),
          customer: params.get('customer'),
          description: params.get('description'),
          metadata: { user_id: params.get('metadata[user_id]'), package: params.get('metadata[package]') },
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 14)}`,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          created,
          livemode: false,
        },
      ];
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && subscription) {
      const id = decodeURIComponent(subscription[1]!);
      const found = subscriptions.get(id);
      if (!found) return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${id}'` } }];
      const cancelled = { ...found, status: 'canceled', canceled_at: created, ended_at: created };
      subscriptions.set(id, cancelled);
      return [200, cancelled];
    }
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(decodeURIComponent(subscription[1]!));
      if (found) return [200, found];
      return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscription[1]}'` } }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } }];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, authorization: req.headers.authorization });
      const [status, body] = outage
        ? [500, { error: { type: 'api_error', message: 'An unknown error occurred' } }]
        : answer(req.method ?? 'GET', url.pathname, params);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    /** The requests made to one API path, oldest first. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),

    /** Makes every call fail with a 500 until turned off again. */
    setOutage(on: boolean) {
      outage = on;
    },

    /** A subscription as Stripe holds it; the fake answers it to `GET /v1/subscriptions/{id}`. */
    setSubscription(s: { id: string; customer: string; userId: string; plan: Plan; start: Date; end: Date; status?: string; cancelAtPeriodEnd?: boolean }) {
      const price = PRICES[s.plan];
      const object = {
        id: s.id,
        object: 'subscription',
        customer: s.customer,
        status: s.status ?? 'active',
        cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
        cancel_at: s.cancelAtPeriodEnd ? unix(s.end) : null,
        canceled_at: null,
        collection_method: 'charge_automatically',
        billing_cycle_anchor: unix(s.start),
        start_date: unix(s.start),
        created: unix(s.start),
        currency: 'usd',
        metadata: { user_id: s.userId, plan: s.plan },
        items: {
          object: 'list',
          data: [
            {
              id: `si_${s.id}`,
              object: 'subscription_item',
              subscription: s.id,
              quantity: 1,
              current_period_start: unix(s.start),
              current_period_end: unix(s.end),
              price: {
                id: price.id,
                object: 'price',
                product: price.product,
                unit_amount: price.unit_amount,
                currency: 'usd',
                recurring: { interval: 'month', interval_count: 1 },
              },
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${s.id}`,
        },
        livemode: false,
      };
      subscriptions.set(s.id, object);
      return object;
    },

    /** A paid invoice of a subscription for one period (its line carries the price and the period). */
    invoice(s: { subscription: string; customer: string; userId: string; plan: Plan; start: Date; end: Date; reason: string }) {
      const price = PRICES[s.plan];
      const id = nextId('in');
      return {
        id,
        object: 'invoice',
        customer: s.customer,
        status: 'paid',
        billing_reason: s.reason,
        amount_due: price.unit_amount,
        amount_paid: price.unit_amount,
        currency: 'usd',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: s.subscription, metadata: { user_id: s.userId, plan: s.plan } },
        },
        lines: {
          object: 'list',
          data: [
            {
              id: `il_${id}`,
              object: 'line_item',
              amount: price.unit_amount,
              currency: 'usd',
              period: { start: unix(s.start), end: unix(s.end) },
              pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
              parent: {
                type: 'subscription_item_details',
                subscription_item_details: {
                  subscription: s.subscription,
                  subscription_item: `si_${s.subscription}`,
                  proration: false,
                  invoice_item: null,
                  proration_details: { credited_items: null },
                },
              },
              quantity: 1,
            },
          ],
          has_more: false,
          url: `/v1/invoices/${id}/lines`,
        },
        livemode: false,
      };
    },

    /** A webhook event around `object`; `created` orders it (Stripe's seconds). */
    event(type: string, object: unknown, created: Date, id = nextId('evt')) {
      return {
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: unix(created),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },

    /** The body and `Stripe-Signature` header Stripe would send, signed with the SDK's own test helper. */
    signed(event: unknown, secret = FAKE_STRIPE_KEYS.STRIPE_WEBHOOK_SECRET) {
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
