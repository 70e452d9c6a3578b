import { useState } from 'react';
import { PLAN_PRICES_USD } from '@fst/shared/constants';
import { BILLING_MESSAGES, BILLING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toast.ts';
import { usePremiumStatus } from '../api/get-premium-status.ts';
import { useUpdateLocalPortal } from '../api/update-local-portal.ts';
import { periodEndText, planName, statusLabel } from './billing-format.ts';
import { TestModeBanner } from './test-mode-banner.tsx';

/**
 * `/billing/portal`: the local provider's customer portal, clearly in test mode (decisions.md "Payments").
 * Cancelling keeps the plan to the end of the paid period; Resume takes the cancellation back.
 */
export function LocalPortalPage() {
  const status = usePremiumStatus();
  const portal = useUpdateLocalPortal();
  const [confirming, setConfirming] = useState(false);

  const cancel = () =>
    portal.mutate('cancel', {
      onSuccess: (next) => {
        setConfirming(false);
        notify.success(BILLING_TEXTS.cancelled(next.current_period_end ? periodEndText(next.current_period_end) : ''));
      },
      onError: () => setConfirming(false),
    });
  const resume = () => portal.mutate('resume', { onSuccess: () => notify.success(BILLING_TEXTS.resumed) });

  const data = status.data;
  const periodEnd = data?.current_period_end ? periodEndText(data.current_period_end) : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Test Customer Portal" />
      <TestModeBanner note={BILLING_TEXTS.testPortalNote} />
      <h1 className="text-3xl font-bold mobile:text-2xl">Customer Portal</h1>
      {status.isPending ? (
        <LoadingScreen label="Loading your plan…" />
      ) : status.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void status.refetch()}>
          {BILLING_TEXTS.statusLoadFailed}
        </RetryAlert>
      ) : data && data.plan_type !== 'free' ? (
        <Card className="flex flex-col gap-5">
          <section aria-labelledby="portal-plan-heading" className="flex flex-col gap-3">
            <h2 id="portal-plan-heading" className="text-2xl font-bold">
              Current plan: {planName(data.plan_type)}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-base">
              <dt className="font-semibold text-ink-soft">Price</dt>
              <dd>${PLAN_PRICES_USD[data.plan_type]} a month</dd>
              <dt className="font-semibold text-ink-soft">Status</dt>
              <dd>{statusLabel(data.status)}</dd>
              {periodEnd ? (
                <>
                  <dt className="font-semibold text-ink-soft">{data.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt>
                  <dd>{periodEnd}</dd>
                </>
              ) : null}
            </dl>
          </section>
          {data.cancel_at_period_end && periodEnd ? <Alert tone="info">{BILLING_TEXTS.cancelAtPeriodEnd(periodEnd)}</Alert> : null}
          {portal.isError ? <Alert tone="error">{errorText(portal.error, BILLING_TEXTS.portalFailed)}</Alert> : null}
          <div className="flex flex-wrap gap-3 mobile:flex-col mobile:items-stretch">
            {data.cancel_at_period_end ? (
              <Button onClick={resume} disabled={portal.isPending} aria-busy={portal.isPending || undefined}>
                {portal.isPending ? 'Processing...' : 'Resume subscription'}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setConfirming(true)} disabled={portal.isPending}>
                Cancel subscription
              </Button>
            )}
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={BILLING_TEXTS.cancelConfirmTitle}
            description={BILLING_TEXTS.cancelConfirmBody(planName(data.plan_type), periodEnd ?? 'the end of this billing period')}
            confirmLabel="Cancel subscription"
            cancelLabel="Keep my plan"
            onConfirm={cancel}
            busy={portal.isPending}
          />
        </Card>
      ) : (
        <Alert tone="info">{BILLING_MESSAGES.noSubscription}</Alert>
      )}
      <div>
        <ButtonLink to={paths.subscription} variant="secondary">
          <ArrowLeftIcon />
          Back to plans
        </ButtonLink>
      </div>
    </div>
  );
}
