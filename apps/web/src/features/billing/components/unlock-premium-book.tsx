import { useId, useState } from 'react';
import { canUnlock, unlockCost } from '@fst/shared/billing/billing.rules';
import { BILLING_TEXTS, BOOK_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { KeyIcon } from '../../../components/ui/icons.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { usePremiumStatus } from '../api/get-premium-status.ts';
import { useUnlockPremiumBook } from '../api/unlock-premium-book.ts';
import { balanceText, spendableTokens, tokenCount } from './billing-format.ts';

type UnlockPremiumBookProps = { book: { id: string; title: string; token_cost: number } };

/**
 * Unlocking a locked premium book (spec section 5): free on gold, otherwise the caller's tokens must
 * cover its cost. The shared rule gives the hint early; the server decides (its refusal shows as a toast).
 */
export function UnlockPremiumBook({ book }: UnlockPremiumBookProps) {
  const hintId = useId();
  const status = usePremiumStatus();
  const unlock = useUnlockPremiumBook();
  const [confirming, setConfirming] = useState(false);

  const data = status.data;
  const plan = data?.plan_type ?? 'free';
  const { kind, balance } = data ? spendableTokens(data) : { kind: 'story' as const, balance: 0 };
  const check = data ? canUnlock(plan, balance, book.token_cost) : null;
  const cost = unlockCost(plan, book.token_cost);

  // Awaited rather than mutate callbacks: once the book shows as unlocked this button is gone, and the
  // success message must still appear.
  const onConfirm = async () => {
    try {
      await unlock.mutateAsync(book.id);
      notify.success(BILLING_TEXTS.unlocked(book.title));
    } catch (error) {
      notify.error(errorText(error, BOOK_TEXTS.unlockFailed));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-1 mobile:w-full mobile:items-stretch">
      <Button
        size="sm"
        variant="honey"
        onClick={() => setConfirming(true)}
        // Like premium recording (spec section 5): not offered while the tokens do not cover the cost; the hint says why.
        disabled={!check?.ok || unlock.isPending}
        aria-describedby={check && !check.ok ? hintId : undefined}
        className="mobile:w-full"
      >
        <KeyIcon />
        {plan === 'gold' ? 'Unlock free with Gold' : `Unlock for ${tokenCount(book.token_cost, kind)}`}
      </Button>
      {check && !check.ok ? (
        <p id={hintId} className="text-sm text-ink-soft">
          {check.error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="Unlock this book?"
        description={
          cost === 0
            ? `“${book.title}” is included in your Gold plan.`
            : `“${book.title}” costs ${tokenCount(cost, kind)}. You have ${balanceText(balance, kind)}; ${balanceText(balance - cost, kind)} will be left.`
        }
        confirmLabel="Unlock Book"
        onConfirm={() => void onConfirm()}
        busy={unlock.isPending}
      />
    </div>
  );
}
