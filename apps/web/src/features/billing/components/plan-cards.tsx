import { useId } from 'react';
import { PLAN_PRICES_USD, PLAN_TYPES, type PlanType, type Role } from '@fst/shared/constants';
import { planCardState } from '@fst/shared/billing/billing.rules';
import { PLAN_FEATURES } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { planName } from './billing-format.ts';

type PlanCardsProps = {
  role: Role;
  current: PlanType;
  /** The plan whose checkout or portal is being opened. */
  pending: PlanType | null;
  /** Any plan change under way: every button waits. */
  busy: boolean;
  onChoose: (plan: PlanType) => void;
};

/** Free, Premium and Gold (spec sections 4, 6 and 9): price, features, BEST VALUE and CURRENT badges, one button each. */
export function PlanCards({ role, current, pending, busy, onChoose }: PlanCardsProps) {
  return (
    <ul aria-label="Plans" className="grid gap-6 md:grid-cols-3">
      {PLAN_TYPES.map((plan) => (
        <li key={plan}>
          <PlanCard role={role} plan={plan} current={current} pending={pending === plan} busy={busy} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ role, plan, current, pending, busy, onChoose }: { plan: PlanType; pending: boolean } & Omit<PlanCardsProps, 'pending'>) {
  const headingId = useId();
  const state = planCardState(current, plan);
  const isCurrent = plan === current;
  // Spec section 6: anyone other than a parent sees the grandparent set.
  const features = PLAN_FEATURES[role === 'parent' ? 'parent' : 'grandparent'][plan];
  const border = isCurrent ? 'border-brand' : plan === 'gold' ? 'border-honey' : 'border-line';
  return (
    <article aria-labelledby={headingId} className={`flex h-full flex-col rounded-card border-2 bg-paper p-6 shadow-card mobile:p-5 ${border}`}>
      <div className="mb-2 flex min-h-7 flex-wrap gap-2 mobile:empty:hidden">
        {plan === 'gold' ? <span className="rounded-full bg-honey px-3 py-0.5 text-sm font-bold tracking-wide text-ink">BEST VALUE</span> : null}
        {isCurrent ? <span className="rounded-full bg-brand px-3 py-0.5 text-sm font-bold tracking-wide text-white">CURRENT</span> : null}
      </div>
      <h3 id={headingId} className="text-2xl font-bold">
        {planName(plan)}
      </h3>
      <p className="mt-1">
        <span className="font-display text-5xl font-bold text-ink">${PLAN_PRICES_USD[plan]}</span>
        <span className="text-base text-ink-soft"> a month</span>
      </p>
      <ul aria-label={`${planName(plan)} features`} className="mt-5 mb-6 flex flex-1 flex-col gap-2.5 text-base">
        {features.map((feature) => (
          <li key={feature.text} className="flex items-start gap-2.5">
            {feature.included ? <CheckIcon className="mt-1 size-5 shrink-0 text-success" /> : <CloseIcon className="mt-1 size-5 shrink-0 text-ink-soft" />}
            <span className={feature.included ? 'text-ink' : 'text-ink-soft'}>{feature.text}</span>
          </li>
        ))}
      </ul>
      <Button
        className="w-full"
        variant={state.label === 'Upgrade' ? 'primary' : 'secondary'}
        disabled={state.disabled || busy}
        aria-busy={pending || undefined}
        onClick={() => onChoose(plan)}
      >
        {pending ? (
          'Processing...'
        ) : (
          <>
            {state.label}
            {state.disabled ? null : <span className="sr-only"> to {planName(plan)}</span>}
          </>
        )}
      </Button>
    </article>
  );
}
