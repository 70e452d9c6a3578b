import { BILLING_TEXTS } from '@fst/shared/messages';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePremiumStatus } from '../api/get-premium-status.ts';
import { balanceText, spendableTokens } from './billing-format.ts';
import { BuyTokensButton } from './buy-tokens-button.tsx';

/**
 * Beside the premium library: the tokens this account unlocks books with, and Buy Tokens for premium
 * members (spec section 6) or the plans for everyone else.
 */
export function PremiumTokenBalance() {
  const status = usePremiumStatus();
  if (!status.data) return null;
  const { kind, balance } = spendableTokens(status.data);
  const gold = status.data.plan_type === 'gold';
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-card bg-honey-soft px-5 py-3">
      <p className="text-base text-ink">
        {gold ? (
          BILLING_TEXTS.goldUnlocksFree
        ) : (
          <>
            Your {kind} tokens: <span className="font-display text-2xl font-bold">{balanceText(balance, kind)}</span>
          </>
        )}
      </p>
      {status.data.has_premium ? (
        <BuyTokensButton status={status.data} size="sm" />
      ) : (
        <ButtonLink to={paths.subscription} size="sm" variant="secondary">
          See Plans
        </ButtonLink>
      )}
    </div>
  );
}
