import { useId } from 'react';
import type { PremiumStatus } from '@fst/shared/billing/billing.schema';
import { BILLING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AiUsageBar } from './ai-usage-bar.tsx';
import { balanceText, periodEndText, planName, statusLabel } from './billing-format.ts';
import { BuyTokensButton } from './buy-tokens-button.tsx';
import { GiftTokensButton } from './gift-tokens-button.tsx';

type CurrentPlanBannerProps = {
  status: PremiumStatus;
  onManage: () => void;
  /** The portal is being opened from this banner. */
  managing: boolean;
  /** Another plan change is under way. */
  disabled: boolean;
};

/** The current-plan banner of a paid plan (spec section 2): status, usage, Manage Subscription and Buy Tokens. */
export function CurrentPlanBanner({ status, onManage, managing, disabled }: CurrentPlanBannerProps) {
  const headingId = useId();
  const periodEnd = status.current_period_end ? periodEndText(status.current_period_end) : null;
  const isParent = status.user_role === 'parent';
  const healthy = status.status === 'active' || status.status === 'trialing';
  return (
    <section aria-labelledby={headingId} className="rounded-card border-2 border-brand/30 bg-linear-to-br from-honey-soft to-paper p-6 shadow-card mobile:p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-3xl font-bold mobile:text-2xl">
            Your plan: {planName(status.plan_type)}
          </h2>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-base">
            <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${healthy ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}>
              <span className="sr-only">Status: </span>
              {statusLabel(status.status)}
            </span>
            {periodEnd && !status.cancel_at_period_end ? <span className="text-ink-soft">{BILLING_TEXTS.renews(periodEnd)}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-3 mobile:w-full mobile:flex-col">
          <Button variant="secondary" onClick={onManage} disabled={disabled} aria-busy={managing || undefined} className="mobile:w-full">
            {managing ? 'Processing...' : 'Manage Subscription'}
          </Button>
          <BuyTokensButton status={status} />
          {/* decisions.md: a Gold grandparent's monthly story tokens can be gifted to a family they read for
              (every account but a parent's is a grandparent's: user_role 'child'). */}
          {status.plan_type === 'gold' && !isParent ? <GiftTokensButton balance={status.story_tokens_remaining} /> : null}
        </div>
      </div>
      {status.cancel_at_period_end && periodEnd ? (
        <Alert tone="info" className="mt-4">
          {BILLING_TEXTS.cancelAtPeriodEnd(periodEnd)}
        </Alert>
      ) : null}
      <div className="mt-5 flex flex-col gap-5">
        {/* decisions.md: the AI usage bar is the parent's current family's month; grandparents do not see it. */}
        {isParent ? <AiUsageBar used={status.ai_generations_used} limit={status.ai_generations_limit} /> : null}
        <dl className="flex flex-wrap gap-4">
          <Balance label="Story tokens" value={balanceText(status.story_tokens_remaining, 'story')} />
          {isParent ? null : <Balance label="Share tokens" value={balanceText(status.share_tokens_remaining, 'share')} />}
        </dl>
      </div>
    </section>
  );
}

function Balance({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-40 rounded-2xl border border-line bg-paper px-4 py-3 mobile:flex-1">
      <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
      <dd className="font-display text-3xl font-bold text-ink">{value}</dd>
    </div>
  );
}
