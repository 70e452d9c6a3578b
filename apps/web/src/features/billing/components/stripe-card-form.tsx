import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentIntent, Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { BILLING_MESSAGES, PAYMENT_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

// Stripe.js comes from Stripe's own origin (the CSP allows it with the Stripe provider): once per key and page.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((cause: unknown) => {
      stripeByKey.delete(publishableKey);
      throw cause;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

type StripePaymentFormProps = {
  publishableKey: string;
  /** The PaymentIntent's client secret from POST /api/stripe/purchase-*-tokens. */
  clientSecret: string;
  /** "$15.00": the pay button's label. */
  price: string;
  /** Crediting the tokens after the card was accepted. */
  finishing: boolean;
  onBack: () => void;
  onPaid: (status: PaymentIntent.Status) => void;
};

/**
 * The Purchase Tokens card step with the Stripe provider (decisions.md "Payments"): Stripe Elements'
 * Payment Element on the PaymentIntent, confirmed in the page (`redirect: 'if_required'`; the server
 * allows no redirecting methods). The tokens are credited by the webhook.
 */
export function StripePaymentForm(props: StripePaymentFormProps) {
  const [stripe, setStripe] = useState<{ status: 'pending' } | { status: 'error' } | { status: 'ready'; stripe: Stripe }>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  // Elements takes its options once: the same object for the life of this payment.
  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret: props.clientSecret, appearance: { theme: 'stripe', variables: { borderRadius: '12px', fontSizeBase: '18px' } } }),
    [props.clientSecret],
  );
  useEffect(() => {
    let live = true;
    stripeFor(props.publishableKey).then(
      (loaded) => live && setStripe(loaded ? { status: 'ready', stripe: loaded } : { status: 'error' }),
      () => live && setStripe({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey, attempt]);

  if (stripe.status === 'pending') {
    return (
      <p role="status" className="flex min-h-32 items-center justify-center gap-3 text-ink-soft">
        <Spinner /> Loading the secure card form…
      </p>
    );
  }
  if (stripe.status === 'error') {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{BILLING_MESSAGES.paymentServiceUnavailable}</Alert>
        <div className="flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
          <Button variant="secondary" onClick={props.onBack}>
            Back
          </Button>
          <Button
            onClick={() => {
              setStripe({ status: 'pending' });
              setAttempt((n) => n + 1);
            }}
          >
            Try Again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <Elements stripe={stripe.stripe} options={options}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ price, finishing, onBack, onPaid }: StripePaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = paying || finishing;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setPaying(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) {
        // Card errors and validation come with a message for people; anything else gets the spec's default.
        setError(result.error.message ?? PAYMENT_TEXTS.createPaymentFailed);
        return;
      }
      onPaid(result.paymentIntent.status);
    } catch {
      setError(PAYMENT_TEXTS.createPaymentFailed);
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {ready ? null : (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <Spinner /> Loading the secure card form…
        </p>
      )}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={(event) => {
          setReady(true);
          setError(event.error.message ?? BILLING_MESSAGES.paymentServiceUnavailable);
        }}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="submit" disabled={!stripe || !elements || !ready || busy} aria-busy={busy || undefined}>
          {busy ? 'Processing...' : `Pay ${price}`}
        </Button>
      </div>
    </form>
  );
}
