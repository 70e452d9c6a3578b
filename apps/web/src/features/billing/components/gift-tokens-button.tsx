import { useState, type FormEvent } from 'react';
import { GIFT_TOKENS_MAX } from '@fst/shared/billing/billing.schema';
import { BILLING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { notify } from '../../../lib/toast.ts';
import { useMyFamilies } from '../../../lib/api/families/get-my-families.ts';
import { useGiftStoryTokens } from '../api/gift-story-tokens.ts';

/** Gift Story Tokens (decisions.md): a Gold grandparent's story tokens to a family they read for. */
export function GiftTokensButton({ balance }: { balance: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className="mobile:w-full">
        <HeartIcon />
        {BILLING_TEXTS.giftButton}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={BILLING_TEXTS.giftTitle} description={BILLING_TEXTS.giftDescription}>
        {/* Mounted while open: each opening is a new gift, with its own key. */}
        {open ? <GiftForm balance={balance} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

function GiftForm({ balance, onDone }: { balance: number; onDone: () => void }) {
  const families = useMyFamilies();
  const gift = useGiftStoryTokens();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [amount, setAmount] = useState('1');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  // Kept across tries of this gift: one whose answer was lost and is sent again is given once.
  const keyFor = useIdempotencyKeys();
  const most = Math.min(balance, GIFT_TOKENS_MAX);

  if (families.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-base">
        <Spinner /> Loading your families…
      </p>
    );
  }
  if (families.isError) {
    return (
      <RetryAlert label="Try Again" onRetry={() => void families.refetch()}>
        {BILLING_TEXTS.giftFamiliesLoadFailed}
      </RetryAlert>
    );
  }
  const reading = families.data.families.filter((family) => family.my_role === 'reader');
  if (reading.length === 0) return <Alert tone="info">{BILLING_TEXTS.giftNoFamilies}</Alert>;
  if (most < 1) return <Alert tone="info">{BILLING_TEXTS.giftNoTokens}</Alert>;
  const family = reading.find((f) => f.id === chosenId) ?? reading[0]!;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (gift.isPending) return;
    const tokens = Number(amount);
    if (!/^\d+$/.test(amount.trim()) || tokens < 1 || tokens > most) {
      setAmountError(BILLING_TEXTS.giftAmountInvalid(most));
      return;
    }
    setAmountError(undefined);
    setFailure(null);
    gift.mutate(
      { familyId: family.id, amount: tokens, idempotencyKey: keyFor([family.id, tokens]) },
      {
        onSuccess: () => {
          notify.success(BILLING_TEXTS.gifted(tokens, family.name));
          onDone();
        },
        onError: (error) => {
          const amountRefusal = error instanceof ApiError ? error.errors?.amount?.[0] : undefined;
          if (amountRefusal) setAmountError(amountRefusal);
          else setFailure(errorText(error, BILLING_TEXTS.giftFailed));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <SelectField label="Family" value={family.id} onChange={(e) => setChosenId(e.target.value)} disabled={gift.isPending}>
        {reading.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Story tokens to gift"
        type="number"
        inputMode="numeric"
        min={1}
        max={most}
        required
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setAmountError(undefined);
        }}
        hint={`You have ${balance} story ${balance === 1 ? 'token' : 'tokens'}.`}
        error={amountError}
        disabled={gift.isPending}
        className="max-w-60"
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
        <Button type="button" variant="secondary" onClick={onDone} disabled={gift.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={gift.isPending} aria-busy={gift.isPending || undefined}>
          {gift.isPending ? 'Gifting...' : 'Gift Tokens'}
        </Button>
      </div>
    </form>
  );
}
