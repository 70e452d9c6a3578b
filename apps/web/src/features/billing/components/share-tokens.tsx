import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatShareBalance } from '@fst/shared/billing/billing.rules';
import { UNLIMITED_SHARE_TOKENS, type PlanType } from '@fst/shared/constants';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { refreshAfterBillingChange } from '../api/billing-query-keys.ts';
import { usePremiumStatus } from '../api/get-premium-status.ts';
import { BuyTokensButton } from './buy-tokens-button.tsx';
import { planName } from './billing-format.ts';

/** The share-token account as premium recording and sharing read it (recordings' `ShareAccount`). */
export type ShareTokenAccount =
  { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'ready'; plan: PlanType; shareTokens: number; refresh: () => void };

/**
 * Render prop with the signed-in reader's plan and share tokens (GET /api/user/premium-status); `refresh`
 * refetches balances everywhere after the server has spent some.
 */
export function ShareTokenAccountOf({ children }: { children: (account: ShareTokenAccount) => ReactNode }) {
  const status = usePremiumStatus();
  const queryClient = useQueryClient();
  if (status.isError && !status.data) return children({ status: 'error', retry: () => void status.refetch() });
  if (!status.data) return children({ status: 'pending' });
  return children({
    status: 'ready',
    plan: status.data.plan_type,
    shareTokens: status.data.share_tokens_remaining,
    refresh: () => void refreshAfterBillingChange(queryClient),
  });
}

/**
 * The reader's share tokens beside premium recording and sharing, with Buy Tokens for premium members
 * (spec section 6) whose tokens run out, or the plans for free members.
 */
export function ShareTokenBalance() {
  const status = usePremiumStatus();
  if (!status.data) return null;
  const { plan_type: plan, share_tokens_remaining: balance, has_premium: premium } = status.data;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-honey-soft px-4 py-3">
      <p className="text-base text-ink">
        Your share tokens: <span className="font-display text-2xl font-bold">{formatShareBalance(balance)}</span>
        <span className="ml-2 text-ink-soft">({planName(plan)} plan)</span>
      </p>
      {premium ? (
        balance < UNLIMITED_SHARE_TOKENS ? (
          <BuyTokensButton status={status.data} size="sm" />
        ) : null
      ) : (
        <ButtonLink to={paths.subscription} size="sm" variant="secondary">
          See Plans
        </ButtonLink>
      )}
    </div>
  );
}
