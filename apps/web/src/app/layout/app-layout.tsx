import { Outlet } from 'react-router';
import { PremiumBookActionsContext, type PremiumBookActions } from '../../features/books/components/premium-book-actions.ts';
import { AiReadingPartsContext, type AiReadingParts } from '../../features/books/components/ai-reading-parts.ts';
import { AiSubscribePrompt } from '../../features/billing/components/ai-subscribe-prompt.tsx';
import { ShareTokenAccountOf, ShareTokenBalance } from '../../features/billing/components/share-tokens.tsx';
import { PremiumSharingContext, type PremiumSharing } from '../../features/recordings/components/premium-sharing.ts';
import { PremiumTokenBalance } from '../../features/billing/components/premium-token-balance.tsx';
import { UnlockPremiumBook } from '../../features/billing/components/unlock-premium-book.tsx';
import { StoryBookPagesContext } from '../../features/playback/components/story-book-pages.ts';
import { AppHeader } from './app-header.tsx';
import { StoryBookPages } from './story-book-pages.tsx';

// The premium library shows the billing feature's balance and unlock action.
const premiumBookActions: PremiumBookActions = { Balance: PremiumTokenBalance, Unlock: UnlockPremiumBook };
// Premium recording and sharing read the reader's plan and share tokens from billing.
const premiumSharing: PremiumSharing = { ShareAccount: ShareTokenAccountOf, ShareBalance: ShareTokenBalance };
// The AI reading panel shows billing's Subscribe Now prompt on the free plan.
const aiReadingParts: AiReadingParts = { SubscribePrompt: AiSubscribePrompt };

/** Signed-in pages: the header bar above the page. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex-1 pb-28 focus:outline-none">
        <PremiumBookActionsContext value={premiumBookActions}>
          {/* The story player shows the book's pages with the books feature's PDF views. */}
          <StoryBookPagesContext value={StoryBookPages}>
            <PremiumSharingContext value={premiumSharing}>
              <AiReadingPartsContext value={aiReadingParts}>
                <Outlet />
              </AiReadingPartsContext>
            </PremiumSharingContext>
          </StoryBookPagesContext>
        </PremiumBookActionsContext>
      </main>
    </div>
  );
}
