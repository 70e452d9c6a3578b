import {
  bookUnlockParams,
  checkoutBody,
  familySubscriptionSchema,
  giftBody,
  giftResponse,
  localCheckoutCompleteBody,
  localCheckoutParams,
  localCheckoutResponse,
  localConfirmBody,
  localConfirmParams,
  localConfirmResponse,
  localPortalBody,
  memberStatusSchema,
  paymentsConfigResponse,
  premiumStatusSchema,
  purchaseBody,
  purchaseResponse,
  trialBody,
  unlockResponse,
  urlResponse,
  userParams,
  type PaymentsConfig,
} from '@fst/shared/billing/billing.schema';
import { familyParams } from '@fst/shared/families/families.schema';
import { BILLING_MESSAGES } from '@fst/shared/messages';
import { TOKEN_PACKAGES } from '@fst/shared/constants';
import { forbidden, fieldError } from '../../platform/errors.ts';
import { requireSession, type App } from '../../platform/http.ts';
import type { BillingService } from './billing.service.ts';
import type { LocalPayments, PaymentsProvider } from './local-payments.ts';

export function billingRoutes(
  app: App,
  opts: {
    billing: BillingService;
    provider: PaymentsProvider;
    local: LocalPayments | null;
    /** What the web app needs to talk to the provider (Stripe's publishable key). */
    paymentsConfig: PaymentsConfig;
    sharesFamily: (a: string, b: string) => Promise<boolean>;
  },
) {
  const { billing, provider } = opts;
  const tags = ['billing'];

  for (const url of ['/api/stripe/subscription-status', '/api/user/premium-status', '/api/voice/subscription/status']) {
    app.get(url, { schema: { tags, response: { 200: premiumStatusSchema } } }, async (req) => billing.status(requireSession(req)));
  }
  app.get('/api/stripe/user/:userId/status', { schema: { tags, params: userParams, response: { 200: memberStatusSchema } } }, async (req) => {
    const session = requireSession(req);
    return billing.memberStatus(session, req.params.userId, await opts.sharesFamily(session.user.id, req.params.userId));
  });

  app.get('/api/stripe/config', { config: { public: true }, schema: { tags, response: { 200: paymentsConfigResponse } } }, async () => opts.paymentsConfig);

  app.post('/api/stripe/create-checkout-session', { schema: { tags, body: checkoutBody, response: { 200: urlResponse } } }, async (req) =>
    provider.createCheckout(requireSession(req), req.body.plan_type),
  );
  app.post('/api/stripe/create-portal-session', { schema: { tags, response: { 200: urlResponse } } }, async (req) =>
    provider.createPortal(requireSession(req)),
  );
  for (const kind of ['share', 'story'] as const) {
    app.post(`/api/stripe/purchase-${kind}-tokens`, { schema: { tags, body: purchaseBody, response: { 200: purchaseResponse } } }, async (req) => {
      if (TOKEN_PACKAGES[req.body.package].kind !== kind) {
        throw fieldError('package', `Choose a ${kind} token package`);
      }
      return provider.createTokenPayment(requireSession(req), req.body.package);
    });
  }

  app.post('/api/premium-books/:id/unlock', { schema: { tags, params: bookUnlockParams, response: { 200: unlockResponse } } }, async (req) =>
    billing.unlock(requireSession(req), req.params.id),
  );
  // A gift sent again with its Idempotency-Key is given once (platform/idempotency).
  app.post('/api/stripe/gift-story-tokens', { config: { idempotent: true }, schema: { tags, body: giftBody, response: { 200: giftResponse } } }, async (req) =>
    billing.gift(requireSession(req), req.body.family_id, req.body.amount),
  );
  app.get('/api/voice/subscription/family/:id', { schema: { tags, params: familyParams, response: { 200: familySubscriptionSchema } } }, async (req) =>
    billing.familySubscription(requireSession(req), req.params.id),
  );
  app.post('/api/voice/subscription/create-trial', { schema: { tags, body: trialBody, response: { 200: familySubscriptionSchema } } }, async (req) =>
    billing.startTrial(requireSession(req), req.body.family_id),
  );

  // The local provider's own calls, refused when a real provider is active (decisions.md "Payments").
  const local = () => {
    if (!opts.local) throw forbidden(BILLING_MESSAGES.localProviderOnly);
    return opts.local;
  };
  app.get('/api/billing/local/checkout/:sessionId', { schema: { tags, params: localCheckoutParams, response: { 200: localCheckoutResponse } } }, async (req) =>
    local().checkout(requireSession(req), req.params.sessionId),
  );
  app.post(
    '/api/billing/local/checkout/:sessionId/complete',
    { schema: { tags, params: localCheckoutParams, body: localCheckoutCompleteBody, response: { 200: premiumStatusSchema } } },
    async (req) => local().completeCheckout(requireSession(req), req.params.sessionId, req.body?.card_number),
  );
  app.post(
    '/api/billing/local/payments/:clientSecret/confirm',
    { schema: { tags, params: localConfirmParams, body: localConfirmBody, response: { 200: localConfirmResponse } } },
    async (req) => local().confirmPayment(requireSession(req), req.params.clientSecret, req.body.card_number),
  );
  app.post('/api/billing/local/portal', { schema: { tags, body: localPortalBody, response: { 200: premiumStatusSchema } } }, async (req) =>
    local().portal(requireSession(req), req.body.action),
  );
}
