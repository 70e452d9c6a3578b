import { useState } from 'react';
import type { PremiumStatus } from '@fst/shared/billing/billing.schema';
import { Button } from '../../../components/ui/button.tsx';
import { SparklesIcon } from '../../../components/ui/icons.tsx';
import { PurchaseTokensModal } from './purchase-tokens-modal.tsx';

/** Buy Tokens: shown for any premium member (spec section 6); opens the Purchase Tokens modal. */
export function BuyTokensButton({ status, size = 'md' }: { status: PremiumStatus; size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  if (!status.has_premium) return null;
  return (
    <>
      <Button variant="honey" size={size} onClick={() => setOpen(true)} className="mobile:w-full">
        <SparklesIcon />
        Buy Tokens
      </Button>
      <PurchaseTokensModal open={open} onOpenChange={setOpen} status={status} />
    </>
  );
}
