import { useState } from 'react';
import type { PremiumStatus } from '@fst/shared/billing/billing.schema';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SparklesIcon } from '../../../components/ui/icons.tsx';
import { useEver } from '../../../lib/use-ever.ts';

// The modal and its card form (with zod) load on first use: every signed-in page shows the button.
const PurchaseTokensModal = lazyPart(() => import('./purchase-tokens-modal.tsx').then((m) => m.PurchaseTokensModal), 'overlay');

/** Buy Tokens: shown for any premium member (spec section 6); opens the Purchase Tokens modal. */
export function BuyTokensButton({ status, size = 'md' }: { status: PremiumStatus; size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  // Once opened the modal stays mounted, so closing it animates and returns focus as before.
  const used = useEver(open);
  if (!status.has_premium) return null;
  return (
    <>
      <Button variant="honey" size={size} onClick={() => setOpen(true)} className="mobile:w-full">
        <SparklesIcon />
        Buy Tokens
      </Button>
      {used && <PurchaseTokensModal open={open} onOpenChange={setOpen} status={status} />}
    </>
  );
}
