import { stripeWebhookResponse } from '@fst/shared/billing/billing.schema';
import { BILLING_MESSAGES } from '@fst/shared/messages';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { STRIPE_WEBHOOK_PATH, type StripePayments } from './stripe-payments.ts';

// Stripe's events are a few kilobytes; the API's JSON limit is plenty.
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** `POST /api/stripe/webhook`, in its own scope: only this route reads its JSON body as raw bytes. */
export function stripeRoutes(app: App, opts: { stripe: StripePayments }) {
  void app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent; parsed and re-serialised JSON would not match.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, { config: { public: true }, schema: { tags: ['billing'], response: { 200: stripeWebhookResponse } } }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('invalid_input', BILLING_MESSAGES.invalidWebhookSignature);
      return opts.stripe.handleWebhook(req.body, req.headers['stripe-signature']);
    });
  });
}
