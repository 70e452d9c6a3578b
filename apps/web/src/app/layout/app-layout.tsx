import { Outlet } from 'react-router';
import { PremiumBookActionsContext, type PremiumBookActions } from '../../features/books/components/premium-book-actions.ts';
import { PremiumTokenBalance } from '../../features/billing/components/premium-token-balance.tsx';
import { UnlockPremiumBook } from '../../features/billing/components/unlock-premium-book.tsx';
import { AppHeader } from './app-header.tsx';

// The premium library shows the billing feature's balance and unlock action.
const premiumBookActions: PremiumBookActions = { Balance: PremiumTokenBalance, Unlock: UnlockPremiumBook };

/** Signed-in pages: the header bar above the page. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex-1 pb-28 focus:outline-none">
        <PremiumBookActionsContext value={premiumBookActions}>
          <Outlet />
        </PremiumBookActionsContext>
      </main>
    </div>
  );
}
