import { randomBytes } from 'node:crypto';
import { PLAN_PRICES_USD, TOKEN_PACKAGES, type PlanType, type TokenPackageId } from '@fst/shared/constants';
import { BILLING_MESSAGES } from '@fst/shared/messages';
import { normalizeCardNumber, TEST_CARDS } from '@fst/shared/billing/billing.schema';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import type { BillingRepository } from './billing.repository.ts';
import { addMonth, BILLING_STATUSES, type BillingService } from './billing.service.ts';

/** The payment provider port: what the plan and token screens ask of Stripe or of the local test mode. */
export type PaymentsProvider = {
  createCheckout(session: SessionUser, plan: Exclude<PlanType, 'free'>): Promise<{ url: string }>;
  createPortal(session: SessionUser): Promise<{ url: string }>;
  createTokenPayment(
    session: SessionUser,
    packageId: TokenPackageId,
  ): Promise<{ client_secret: string; payment_id: string; tokens: number; amount_cents: number }>;
  /** Ends the account's paid plan at the provider at once (the account is being deleted); nothing to end is no error. */
  cancelPlan(userId: string): Promise<void>;
};

/**
 * The local provider behaves like a payment provider in test mode, inside the app: checkout and the
 * portal are app pages; token payments are confirmed with a test card. Outcomes go through the same
 * `applyEvent` a real provider's webhook feeds.
 */
export function createLocalPayments(deps: { billing: BillingRepository; service: BillingService; clock: Clock }) {
  const { billing, service, clock } = deps;

  /**
   * The paid subscription still running, if any: a checkout for another plan changes it in place, keeping its
   * period and allowances, as a plan change of a billing Stripe subscription does (stripe-payments.ts
   * `changePlan`); never a second subscription or a new month.
   */
  async function running(userId: string, now: Date) {
    const sub = await billing.subscription(userId);
    return sub && sub.plan !== 'free' && sub.currentPeriodEnd > now && BILLING_STATUSES.has(sub.status) ? sub : null;
  }

  async function ownPayment(session: SessionUser, by: { id: string } | { clientSecret: string }) {
    const payment = await billing.payment(by);
    // Someone else's payment is indistinguishable from a missing one.
    if (!payment || payment.userId !== session.user.id) throw notFound(BILLING_MESSAGES.paymentNotFound);
    return payment;
  }

  const provider: PaymentsProvider = {
    async createCheckout(session, plan) {
      const payment = await billing.insertPayment({ userId: session.user.id, kind: 'checkout', plan });
      return { url: `/billing/checkout/${payment.id}` };
    },
    async createPortal(session) {
      const sub = await billing.subscription(session.user.id);
      if (!sub || sub.plan === 'free') throw new AppError('invalid_input', BILLING_MESSAGES.noSubscription);
      return { url: '/billing/portal' };
    },
    async createTokenPayment(session, packageId) {
      const pkg = TOKEN_PACKAGES[packageId];
      const payment = await billing.insertPayment({
        userId: session.user.id,
        kind: 'tokens',
        packageId,
        clientSecret: `pi_local_${randomBytes(8).toString('hex')}_secret_${randomBytes(16).toString('hex')}`,
      });
      return { client_secret: payment.clientSecret!, payment_id: payment.id, tokens: pkg.tokens, amount_cents: pkg.priceCents };
    },
    async cancelPlan(userId) {
      const now = clock.now();
      const sub = await running(userId, now);
      if (!sub) return;
      // As a provider's cancellation event would arrive: the plan ends now, not at the period's end.
      await service.applyEvent({
        id: `local_cancel:${userId}:${now.toISOString()}`,
        type: 'subscription.changed',
        userId,
        plan: sub.plan,
        status: 'canceled',
        periodStart: sub.currentPeriodStart,
        periodEnd: now,
        cancelAtPeriodEnd: false,
        occurredAt: now,
        allowance: 'none',
      });
    },
  };

  return {
    provider,

    async checkout(session: SessionUser, sessionId: string) {
      const payment = await ownPayment(session, { id: sessionId });
      if (payment.kind !== 'checkout' || !payment.plan) throw notFound(BILLING_MESSAGES.checkoutNotFound);
      const sub = payment.status === 'open' ? await running(session.user.id, clock.now()) : null;
      return {
        id: payment.id,
        plan_type: payment.plan,
        amount_cents: PLAN_PRICES_USD[payment.plan] * 100,
        status: payment.status,
        changes_plan: sub ? { from: sub.plan, renews_on: sub.currentPeriodEnd.toISOString() } : null,
      };
    },

    /**
     * Pays a plan checkout with a test card, as a token payment is (issue 22): an invalid number or a declined
     * card is refused and the checkout stays open for another card. Without a card (the API's own tests, as
     * decisions.md "Payments" has it), the test card that succeeds.
     */
    async completeCheckout(session: SessionUser, sessionId: string, cardNumber: string = TEST_CARDS.success) {
      const payment = await ownPayment(session, { id: sessionId });
      if (payment.kind !== 'checkout' || !payment.plan) throw notFound(BILLING_MESSAGES.checkoutNotFound);
      const card = normalizeCardNumber(cardNumber);
      if (!/^\d{12,19}$/.test(card)) throw fieldError('card_number', BILLING_MESSAGES.invalidCard);
      if (payment.status === 'open' && card !== TEST_CARDS.success) throw fieldError('card_number', BILLING_MESSAGES.cardDeclined);
      const now = clock.now();
      // Completing twice is harmless: the event id is the checkout's own, applied once.
      const sub = payment.status === 'open' ? await running(session.user.id, now) : null;
      await billing.settlePayment(payment.id, 'succeeded');
      await service.applyEvent({
        id: `local_checkout:${payment.id}`,
        type: 'subscription.changed',
        userId: session.user.id,
        plan: payment.plan,
        status: sub ? sub.status : 'active',
        periodStart: sub ? sub.currentPeriodStart : now,
        periodEnd: sub ? sub.currentPeriodEnd : addMonth(now),
        cancelAtPeriodEnd: false,
        occurredAt: now,
      });
      return service.status(session);
    },

    async confirmPayment(session: SessionUser, clientSecret: string, cardNumber: string) {
      const payment = await ownPayment(session, { clientSecret });
      if (payment.kind !== 'tokens' || !payment.packageId) throw notFound(BILLING_MESSAGES.paymentNotFound);
      const card = normalizeCardNumber(cardNumber);
      if (!/^\d{12,19}$/.test(card)) throw fieldError('card_number', BILLING_MESSAGES.invalidCard);
      const pkg = TOKEN_PACKAGES[payment.packageId as TokenPackageId];
      if (payment.status === 'succeeded') return { status: 'succeeded' as const, tokens: pkg.tokens, kind: pkg.kind };
      const now = clock.now();
      // A declined card leaves the payment open for another card, as a Stripe PaymentIntent goes back to
      // requires_payment_method; one marked failed before (an earlier decline) may be paid still.
      if (card !== TEST_CARDS.success) throw fieldError('card_number', BILLING_MESSAGES.cardDeclined);
      await service.applyEvent({ id: `local_payment:${payment.id}`, type: 'tokens.paid', paymentId: payment.id, occurredAt: now });
      return { status: 'succeeded' as const, tokens: pkg.tokens, kind: pkg.kind };
    },

    /** The test-mode customer portal: cancel at period end, or take the cancellation back. */
    async portal(session: SessionUser, action: 'cancel' | 'resume') {
      const sub = await billing.subscription(session.user.id);
      const now = clock.now();
      if (!sub || sub.plan === 'free' || sub.currentPeriodEnd <= now) throw new AppError('invalid_input', BILLING_MESSAGES.noSubscription);
      await service.applyEvent({
        id: `local_portal:${session.user.id}:${now.toISOString()}:${action}`,
        type: 'subscription.changed',
        userId: session.user.id,
        plan: sub.plan,
        status: sub.status,
        periodStart: sub.currentPeriodStart,
        periodEnd: sub.currentPeriodEnd,
        cancelAtPeriodEnd: action === 'cancel',
        occurredAt: now,
      });
      return service.status(session);
    },
  };
}
export type LocalPayments = ReturnType<typeof createLocalPayments>;
