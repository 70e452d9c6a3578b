import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { Role } from '@fst/shared/constants';
import { BILLING_TEXTS, PAYMENT_TEXTS, PLAN_FEATURES } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toast.ts';
import { useCompleteLocalCheckout } from '../api/complete-local-checkout.ts';
import { useLocalCheckout } from '../api/get-local-checkout.ts';
import { formatUsd, periodEndText, planName } from './billing-format.ts';
import { cardFormSchema, type CardFormValues } from './card-form-schema.ts';
import { TestModeBanner } from './test-mode-banner.tsx';

/**
 * `/billing/checkout/{sessionId}`: the local provider's checkout page, clearly in test mode (decisions.md
 * "Payments"). Paying completes the session through the same path a provider's webhook drives.
 */
export function LocalCheckoutPage({ sessionId, role }: { sessionId: string; role: Role }) {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const navigate = useNavigate();
  const checkout = useLocalCheckout(sessionId);
  const complete = useCompleteLocalCheckout();

  // A paid plan still running is changed in place, keeping its period (decisions.md "Payments").
  const change = checkout.data?.status === 'open' ? checkout.data.changes_plan : null;
  // The test card as the token checkout takes it (issue 22): a plan payment can be mistyped or declined too.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFormValues, unknown, z.output<typeof cardFormSchema>>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { card_number: '', expiry: '', cvc: '' },
  });
  const settle = (cardNumber?: string) =>
    complete.mutate(
      { sessionId, ...(cardNumber === undefined ? {} : { cardNumber }) },
      {
        onSuccess: (status) => {
          const plan = planName(status.plan_type);
          notify.success(change ? BILLING_TEXTS.planChanged(plan) : BILLING_TEXTS.upgraded(plan));
          void navigate(paths.subscription);
        },
      },
    );
  // A change of a running plan charges nothing today, so it asks for no card.
  const withCard = handleSubmit(({ card_number }) => settle(card_number));
  const pay = (event: FormEvent<HTMLFormElement>) => {
    if (change) {
      event.preventDefault();
      settle();
    } else void withCard(event);
  };

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Test Checkout" />
      <TestModeBanner note={BILLING_TEXTS.testCheckoutNote} />
      <h1 className="text-3xl font-bold mobile:text-2xl">Checkout</h1>
      {checkout.isPending ? (
        <LoadingScreen label="Loading checkout…" />
      ) : checkout.isError ? (
        <>
          <Alert tone="error">{errorText(checkout.error, BILLING_TEXTS.checkoutLoadFailed)}</Alert>
          <BackToPlans label="Back to plans" />
        </>
      ) : checkout.data.status === 'succeeded' && !complete.isSuccess ? (
        <>
          <Alert tone="success">{BILLING_TEXTS.checkoutComplete}</Alert>
          <BackToPlans label="Back to plans" />
        </>
      ) : (
        <Card>
          <form onSubmit={pay} noValidate className="flex flex-col gap-5">
            <div>
              <p className="text-base text-ink-soft">Family Story Time subscription</p>
              <h2 className="text-2xl font-bold">
                {change ? BILLING_TEXTS.changeHeading(planName(checkout.data.plan_type)) : `${planName(checkout.data.plan_type)} plan`}
              </h2>
              <p className="mt-1">
                <span className="font-display text-4xl font-bold">{formatUsd(checkout.data.amount_cents)}</span>
                <span className="text-base text-ink-soft"> a month, renews monthly, cancel any time</span>
              </p>
            </div>
            {change ? (
              <Alert tone="info">
                {BILLING_TEXTS.changeNote(
                  planName(change.from),
                  planName(checkout.data.plan_type),
                  periodEndText(change.renews_on),
                  formatUsd(checkout.data.amount_cents),
                )}
              </Alert>
            ) : null}
            <ul aria-label={`${planName(checkout.data.plan_type)} features`} className="flex flex-col gap-2 text-base">
              {PLAN_FEATURES[role === 'parent' ? 'parent' : 'grandparent'][checkout.data.plan_type].map((feature) => (
                <li key={feature.text} className="flex items-start gap-2.5">
                  <CheckIcon className="mt-1 size-5 shrink-0 text-success" />
                  {feature.text}
                </li>
              ))}
            </ul>
            {change ? null : <p className="text-base text-ink-soft">{BILLING_TEXTS.testCardNote}</p>}
            {complete.isError ? <Alert tone="error">{PAYMENT_TEXTS.alert(errorText(complete.error, PAYMENT_TEXTS.checkoutFailed))}</Alert> : null}
            {change ? null : (
              <>
                <TextField
                  label="Card number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                  required
                  error={errors.card_number?.message}
                  {...register('card_number')}
                />
                <div className="grid grid-cols-2 gap-4">
                  <TextField
                    label="Expiry"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM/YY"
                    required
                    error={errors.expiry?.message}
                    {...register('expiry')}
                  />
                  <TextField
                    label="CVC"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    required
                    error={errors.cvc?.message}
                    {...register('cvc')}
                  />
                </div>
              </>
            )}
            <div className="flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
              <ButtonLink to={paths.subscription} variant="secondary">
                Cancel
              </ButtonLink>
              <Button type="submit" size="lg" disabled={complete.isPending || complete.isSuccess} aria-busy={complete.isPending || undefined}>
                {complete.isPending ? 'Processing...' : change ? BILLING_TEXTS.confirmChange : `Pay ${formatUsd(checkout.data.amount_cents)}`}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}

function BackToPlans({ label }: { label: string }) {
  return (
    <div>
      <ButtonLink to={paths.subscription} variant="secondary">
        {label}
      </ButtonLink>
    </div>
  );
}
