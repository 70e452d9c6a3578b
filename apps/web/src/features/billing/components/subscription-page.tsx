import { useState } from 'react';
import { UNLIMITED_SHARE_TOKENS, type PlanType, type Role } from '@fst/shared/constants';
import { planChangeAction } from '@fst/shared/billing/billing.rules';
import { BILLING_TEXTS, PAYMENT_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { useCreatePortalSession } from '../api/create-portal-session.ts';
import { usePremiumStatus } from '../api/get-premium-status.ts';
import { BillingFaq } from './billing-faq.tsx';
import { CurrentPlanBanner } from './current-plan-banner.tsx';
import { PlanCards } from './plan-cards.tsx';
import { useGoToProvider } from './use-go-to-provider.ts';

type Pending = PlanType | 'manage' | null;

/**
 * `/subscription` (spec section 2): Grandparent Plans or Parent Plans, the current-plan banner of a paid
 * plan, three plan cards and the FAQ. Choosing free (or Manage Subscription) opens the customer portal; a
 * paid plan starts checkout.
 */
export function SubscriptionPage({ role }: { role: Role }) {
  // Spec section 6: anyone other than a parent sees the grandparent plans.
  const title = role === 'parent' ? BILLING_TEXTS.parentPlansTitle : BILLING_TEXTS.grandparentPlansTitle;
  const status = usePremiumStatus();
  const checkout = useCreateCheckoutSession();
  const portal = useCreatePortalSession();
  const goTo = useGoToProvider();
  const [pending, setPending] = useState<Pending>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (target: PlanType | 'manage') => {
    setFailure(null);
    setPending(target);
    const toPortal = target === 'manage' || planChangeAction(target) === 'portal';
    try {
      const { url } = target === 'manage' || target === 'free' ? await portal.mutateAsync() : await checkout.mutateAsync(target);
      goTo(url);
    } catch (error) {
      // Spec section 8: 'Error: message', the server's text or the default; the card is enabled again.
      setFailure(PAYMENT_TEXTS.alert(errorText(error, toPortal ? PAYMENT_TEXTS.portalFailed : PAYMENT_TEXTS.checkoutFailed)));
      setPending(null);
    }
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-6 py-10 mobile:gap-6 mobile:px-4 mobile:py-6">
      <PageTitle title={title} />
      <div>
        <h1 className="mb-2 text-4xl font-bold mobile:text-3xl">{title}</h1>
        <p className="text-ink-soft">Pick the plan that suits your family. Change or cancel any time.</p>
      </div>
      {status.isPending ? (
        <LoadingScreen label={PAYMENT_TEXTS.loadingSubscription} />
      ) : status.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void status.refetch()}>
          {BILLING_TEXTS.statusLoadFailed}
        </RetryAlert>
      ) : (
        <>
          {status.data.plan_type === 'free' ? (
            <FreePlanTokens story={status.data.story_tokens_remaining} share={status.data.share_tokens_remaining} isParent={role === 'parent'} />
          ) : (
            <CurrentPlanBanner status={status.data} onManage={() => void change('manage')} managing={pending === 'manage'} disabled={pending !== null} />
          )}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <section aria-labelledby="plans-heading">
            <h2 id="plans-heading" className="sr-only">
              Choose a plan
            </h2>
            <PlanCards
              role={role}
              current={status.data.plan_type}
              pending={pending === 'manage' ? null : pending}
              busy={pending !== null}
              onChoose={(plan) => void change(plan)}
            />
          </section>
        </>
      )}
      {/* Below the plans, it comes with them: under their loading view it moved when they came. */}
      {status.isPending ? null : <BillingFaq />}
    </div>
  );
}

/** On the free plan, tokens left from a paid period or bought earlier still count (they never expire). */
function FreePlanTokens({ story, share, isParent }: { story: number; share: number; isParent: boolean }) {
  const showShare = !isParent && share > 0 && share < UNLIMITED_SHARE_TOKENS;
  if (story <= 0 && !showShare) return null;
  return (
    <Alert tone="info">
      You have {story} story {story === 1 ? 'token' : 'tokens'}
      {showShare ? ` and ${share} share ${share === 1 ? 'token' : 'tokens'}` : ''}. Tokens never expire.
    </Alert>
  );
}
