import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { TIMINGS, TOKEN_PACKAGES, UNLIMITED_SHARE_TOKENS, type TokenPackageId } from '@fst/shared/constants';
import type { PremiumStatus } from '@fst/shared/billing/billing.schema';
import { BILLING_MESSAGES, BILLING_TEXTS, PAYMENT_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { refreshAfterBillingChange } from '../api/billing-query-keys.ts';
import { confirmLocalPayment } from '../api/confirm-local-payment.ts';
import { usePaymentsConfig } from '../api/get-payments-config.ts';
import { premiumStatusQueryOptions } from '../api/get-premium-status.ts';
import { purchaseTokens } from '../api/purchase-tokens.ts';
import { balanceText, formatUsd } from './billing-format.ts';
import type * as StripeCardFormModule from './stripe-card-form.tsx';
import { cardFormSchema, type CardFormValues } from './card-form-schema.ts';
import { TestModeBanner } from './test-mode-banner.tsx';

type TokenKind = 'story' | 'share';

const KIND_TEXTS: Record<TokenKind, { heading: string; use: string }> = {
  story: { heading: 'Story Tokens', use: 'Unlock books in the Premium Library.' },
  share: { heading: 'Share Tokens', use: 'Share your premium stories with kids of other families.' },
};

const packagesOf = (kind: TokenKind) => (Object.keys(TOKEN_PACKAGES) as TokenPackageId[]).filter((id) => TOKEN_PACKAGES[id].kind === kind);

type PurchaseTokensModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  status: PremiumStatus;
};

/**
 * The Purchase Tokens modal (spec section 2): Story Tokens packages, Share Tokens packages for everyone but
 * parents, then a card form. With the local provider the card is confirmed in test mode; with Stripe
 * (a publishable key from GET /api/stripe/config) by Stripe Elements, loaded only then.
 */
export function PurchaseTokensModal({ open, onOpenChange, status }: PurchaseTokensModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={BILLING_TEXTS.purchaseTitle} description="Tokens never expire and roll over every month.">
      {/* Mounted only while open: every opening starts at the packages. */}
      <PurchaseTokensFlow status={status} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function PurchaseTokensFlow({ status, onDone }: { status: PremiumStatus; onDone: () => void }) {
  const [chosen, setChosen] = useState<TokenPackageId | null>(null);
  const [lastChosen, setLastChosen] = useState<TokenPackageId | null>(null);
  // Asked for with the packages, so the card step knows its provider at once.
  usePaymentsConfig();
  if (chosen) return <CardStep packageId={chosen} status={status} onBack={() => setChosen(null)} onDone={onDone} />;
  return (
    <PackagePicker
      status={status}
      focusPackage={lastChosen}
      onPick={(packageId) => {
        setLastChosen(packageId);
        setChosen(packageId);
      }}
    />
  );
}

function PackagePicker({
  status,
  focusPackage,
  onPick,
}: {
  status: PremiumStatus;
  /** The package to focus when coming back from the card form. */
  focusPackage: TokenPackageId | null;
  onPick: (packageId: TokenPackageId) => void;
}) {
  const baseId = useId();
  // Spec section 6: parents see Story Tokens; Share Tokens are offered when the user is not a parent.
  const kinds: TokenKind[] = status.user_role === 'parent' ? ['story'] : ['story', 'share'];
  const balances: Record<TokenKind, number> = { story: status.story_tokens_remaining, share: status.share_tokens_remaining };
  return (
    <div className="flex flex-col gap-6">
      {kinds.map((kind) => (
        <section key={kind} aria-labelledby={`${baseId}-${kind}`}>
          <h3 id={`${baseId}-${kind}`} className="text-xl font-bold">
            {KIND_TEXTS[kind].heading}
          </h3>
          <p className="mb-3 text-base text-ink-soft">
            {KIND_TEXTS[kind].use} You have <span className="font-semibold text-ink">{balanceText(balances[kind], kind)}</span>.
          </p>
          <ul className="grid grid-cols-2 gap-3 mobile:grid-cols-1">
            {packagesOf(kind).map((packageId) => {
              const pkg = TOKEN_PACKAGES[packageId];
              return (
                <li key={packageId}>
                  <button
                    type="button"
                    // Returns focus to the package the user came back from
                    autoFocus={focusPackage === packageId}
                    onClick={() => onPick(packageId)}
                    className="relative flex min-h-28 w-full flex-col items-start justify-center gap-1 rounded-2xl border-2 border-line-strong bg-paper px-5 py-4 text-left transition-colors hover:border-brand hover:bg-brand-soft/40"
                  >
                    <span className="font-display text-2xl font-bold text-ink">
                      {pkg.tokens} {kind} tokens
                    </span>
                    <span className="text-lg font-semibold text-brand-dark">{formatUsd(pkg.priceCents)}</span>
                    {pkg.label ? (
                      <span className="absolute top-3 right-3 rounded-full bg-sage px-3 py-0.5 text-sm font-bold text-white">{pkg.label}</span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

type CardStepProps = { packageId: TokenPackageId; status: PremiumStatus; onBack: () => void; onDone: () => void };

/** The card step: Stripe Elements when the server gives a publishable key, otherwise the local test-mode form. */
function CardStep({ packageId, status, onBack, onDone }: CardStepProps) {
  const config = usePaymentsConfig();
  if (config.isPending) {
    return (
      <p role="status" className="flex min-h-32 items-center justify-center gap-3 text-ink-soft">
        <Spinner /> Loading the card form…
      </p>
    );
  }
  if (config.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{errorText(config.error, PAYMENT_TEXTS.createPaymentFailed)}</Alert>
        <div className="flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
          <Button onClick={() => void config.refetch()}>Try Again</Button>
        </div>
      </div>
    );
  }
  const key = config.data.publishable_key;
  if (key) return <StripeCardStep publishableKey={key} packageId={packageId} status={status} onBack={onBack} onDone={onDone} />;
  return <CardForm packageId={packageId} testMode={config.data.provider === 'local'} onBack={onBack} onDone={onDone} />;
}

/** The chosen package above the card form, with a way back to the packages. */
function PackageSummary({ packageId, onBack, busy }: { packageId: TokenPackageId; onBack: () => void; busy: boolean }) {
  const pkg = TOKEN_PACKAGES[packageId];
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-cream-deep px-4 py-3">
      <p className="text-lg">
        <span className="font-bold">
          {pkg.tokens} {pkg.kind} tokens
        </span>{' '}
        · {formatUsd(pkg.priceCents)}
        {pkg.label ? <span className="ml-2 rounded-full bg-sage px-3 py-0.5 text-sm font-bold text-white">{pkg.label}</span> : null}
      </p>
      <Button size="sm" variant="ghost" onClick={onBack} disabled={busy}>
        Change package
      </Button>
    </div>
  );
}

// A type-only import: the module itself is fetched on demand below.
type StripeFormModule = typeof StripeCardFormModule;
let stripeFormModule: Promise<StripeFormModule> | null = null;

/** Stripe.js and Elements live in their own chunk, fetched the first time a Stripe card form opens. */
function loadStripeForm(): Promise<StripeFormModule> {
  stripeFormModule ??= new Promise<StripeFormModule>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('chunk time-out')), TIMINGS.chunkLoadTimeout);
    import('./stripe-card-form.tsx').then(resolve, reject).finally(() => window.clearTimeout(timer));
  }).catch((cause: unknown) => {
    stripeFormModule = null;
    throw cause;
  });
  return stripeFormModule;
}

/** The PaymentIntent for the package, created once when the card step opens (its client secret drives Elements). */
function useTokenPayment(packageId: TokenPackageId) {
  const payment = useMutation({ mutationFn: () => purchaseTokens(packageId) });
  const started = useRef(false);
  const { mutate } = payment;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);
  return payment;
}

/** Polls the balance until the webhook has credited the tokens (at most about 15 s), then refreshes every screen. */
async function waitForTokens(queryClient: QueryClient, kind: TokenKind, atLeast: number) {
  for (let tries = 0; tries < 15; tries++) {
    const status = await queryClient.fetchQuery({ ...premiumStatusQueryOptions(), staleTime: 0 }).catch(() => null);
    if (status && (kind === 'story' ? status.story_tokens_remaining : status.share_tokens_remaining) >= atLeast) break;
    await new Promise((resolve) => window.setTimeout(resolve, 1000));
  }
  await refreshAfterBillingChange(queryClient);
}

const PAYMENT_PROCESSING = 'Your payment is processing. Your tokens arrive as soon as it completes.';

function StripeCardStep({ publishableKey, packageId, status, onBack, onDone }: CardStepProps & { publishableKey: string }) {
  const pkg = TOKEN_PACKAGES[packageId];
  const queryClient = useQueryClient();
  const payment = useTokenPayment(packageId);
  const [form, setForm] = useState<{ status: 'pending' } | { status: 'error' } | { status: 'ready'; module: StripeFormModule }>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  const [finishing, setFinishing] = useState(false);
  useEffect(() => {
    let live = true;
    loadStripeForm().then(
      (module) => live && setForm({ status: 'ready', module }),
      () => live && setForm({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const onPaid = async (intentStatus: string) => {
    setFinishing(true);
    if (intentStatus === 'succeeded') {
      const before = pkg.kind === 'story' ? status.story_tokens_remaining : status.share_tokens_remaining;
      // An unlimited balance does not grow: nothing to wait for.
      if (before < UNLIMITED_SHARE_TOKENS) await waitForTokens(queryClient, pkg.kind, before + pkg.tokens);
      else await refreshAfterBillingChange(queryClient);
      notify.success(PAYMENT_TEXTS.purchased(pkg.tokens, pkg.kind));
    } else {
      await refreshAfterBillingChange(queryClient);
      notify.info(PAYMENT_PROCESSING);
    }
    onDone();
  };

  const retry = () => {
    if (payment.isError) payment.mutate();
    if (form.status === 'error') {
      setForm({ status: 'pending' });
      setAttempt((n) => n + 1);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <PackageSummary packageId={packageId} onBack={onBack} busy={finishing} />
      {payment.isError || form.status === 'error' ? (
        <>
          <Alert tone="error">
            {payment.isError ? errorText(payment.error, PAYMENT_TEXTS.createPaymentFailed) : BILLING_MESSAGES.paymentServiceUnavailable}
          </Alert>
          <div className="flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
            <Button variant="secondary" onClick={onBack}>
              Back
            </Button>
            <Button onClick={retry}>Try Again</Button>
          </div>
        </>
      ) : payment.data && form.status === 'ready' ? (
        <form.module.StripePaymentForm
          publishableKey={publishableKey}
          clientSecret={payment.data.client_secret}
          price={formatUsd(pkg.priceCents)}
          finishing={finishing}
          onBack={onBack}
          onPaid={(intentStatus) => void onPaid(intentStatus)}
        />
      ) : (
        <p role="status" className="flex min-h-32 items-center justify-center gap-3 text-ink-soft">
          <Spinner /> Loading the secure card form…
        </p>
      )}
    </div>
  );
}

/** Creates the payment, then confirms it with the card: a declined card leaves the payment open, and the next card pays that one. */
function useBuyTokens(packageId: TokenPackageId) {
  const queryClient = useQueryClient();
  const openPayment = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (cardNumber: string) => {
      openPayment.current ??= (await purchaseTokens(packageId)).client_secret;
      try {
        const paid = await confirmLocalPayment({ clientSecret: openPayment.current, cardNumber });
        openPayment.current = null;
        return paid;
      } catch (err) {
        // Only a refused card keeps the payment for the next one; anything else starts afresh.
        if (!(err instanceof ApiError && err.status === 400)) openPayment.current = null;
        throw err;
      }
    },
    onSuccess: () => void refreshAfterBillingChange(queryClient),
  });
}

function CardForm({ packageId, testMode, onBack, onDone }: { packageId: TokenPackageId; testMode: boolean; onBack: () => void; onDone: () => void }) {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const pkg = TOKEN_PACKAGES[packageId];
  const buy = useBuyTokens(packageId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFormValues, unknown, z.output<typeof cardFormSchema>>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { card_number: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(({ card_number }) =>
    buy.mutate(card_number, {
      onSuccess: (result) => {
        notify.success(PAYMENT_TEXTS.purchased(result.tokens, result.kind));
        onDone();
      },
    }),
  );

  const price = formatUsd(pkg.priceCents);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PackageSummary packageId={packageId} onBack={onBack} busy={buy.isPending} />
      {testMode ? <TestModeBanner note={BILLING_TEXTS.testCardNote} /> : null}
      {buy.isError ? <Alert tone="error">{errorText(buy.error, PAYMENT_TEXTS.createPaymentFailed)}</Alert> : null}
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        // The form replaces the package the user just chose
        autoFocus
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
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required error={errors.cvc?.message} {...register('cvc')} />
      </div>
      <div className="mt-2 flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
        <Button variant="secondary" onClick={onBack} disabled={buy.isPending}>
          Back
        </Button>
        <Button type="submit" disabled={buy.isPending} aria-busy={buy.isPending || undefined}>
          {buy.isPending ? 'Processing...' : `Pay ${price}`}
        </Button>
      </div>
    </form>
  );
}
