import { Link, Outlet } from 'react-router';
import { DELETION_TEXTS } from '@fst/shared/messages';
import { paths } from '../../lib/paths.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import { PremiumBookActionsContext, type PremiumBookActions } from '../../features/books/components/premium-book-actions.ts';
import { AiReadingPartsContext, type AiReadingParts } from '../../features/books/components/ai-reading-parts.ts';
import { AiSubscribePrompt } from '../../features/billing/components/ai-subscribe-prompt.tsx';
import { ShareTokenAccountOf, ShareTokenBalance } from '../../features/billing/components/share-tokens.tsx';
import { PremiumSharingContext, type PremiumSharing } from '../../features/recordings/components/premium-sharing.ts';
import { PremiumTokenBalance } from '../../features/billing/components/premium-token-balance.tsx';
import { UnlockPremiumBook } from '../../features/billing/components/unlock-premium-book.tsx';
import { StoryBookPagesContext } from '../../features/playback/components/story-book-pages.ts';
import { paymentsConfigQueryOptions, usePaymentsConfig } from '../../features/billing/api/get-payments-config.ts';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner.tsx';
import { ReportIssueWidget } from '../../features/reports/components/report-issue-widget.tsx';
import type { PagePrefetch } from '../lazy-page.tsx';
import { AppHeader } from './app-header.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';
import { storyBookParts } from './story-book-parts.tsx';

// The premium library shows the billing feature's balance and unlock action.
const premiumBookActions: PremiumBookActions = { Balance: PremiumTokenBalance, Unlock: UnlockPremiumBook };
// Premium recording and sharing read the reader's plan and share tokens from billing.
const premiumSharing: PremiumSharing = { ShareAccount: ShareTokenAccountOf, ShareBalance: ShareTokenBalance };
// The AI reading panel shows billing's Subscribe Now prompt on the free plan.
const aiReadingParts: AiReadingParts = { SubscribePrompt: AiSubscribePrompt };

/**
 * Which provider the app pays through (the test-mode notice), asked for beside the session check: the
 * notice then comes with the page's first paint, not a moment later pushing the page down.
 */
export const prefetch: PagePrefetch = (client) => prefetchForPage(client, paymentsConfigQueryOptions());

/** Signed-in pages: the header bar above the page. */
export function AppLayout() {
  // Below the header, the page waits for the first answer on the provider, asked beside the session check (a
  // failure or an offline start does not wait): a notice drawn above a drawn page would push it down (layout shift).
  const config = usePaymentsConfig();
  const waitingForProvider = config.data === undefined && config.fetchStatus === 'fetching' && config.failureCount === 0;
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      {waitingForProvider ? null : (
        <>
          <TestModeNotice />
          <VerifyEmailBanner />
        </>
      )}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <PremiumBookActionsContext value={premiumBookActions}>
          {/* The story player shows the book's pages with the books feature's PDF views. */}
          <StoryBookPagesContext value={storyBookParts}>
            <PremiumSharingContext value={premiumSharing}>
              <AiReadingPartsContext value={aiReadingParts}>{waitingForProvider ? null : <Outlet />}</AiReadingPartsContext>
            </PremiumSharingContext>
          </StoryBookPagesContext>
        </PremiumBookActionsContext>
      </main>
      {waitingForProvider ? null : (
        <footer className="border-t border-line px-6 py-6 pb-28 text-center text-base text-ink-soft">
          <Link to={paths.privacy} className="font-semibold underline underline-offset-4 hover:text-ink">
            {DELETION_TEXTS.privacyLink}
          </Link>
        </footer>
      )}
      {/* Mounted with the header, whose box it sits in on a phone (root-layout.tsx). */}
      <ReportIssueWidget />
    </div>
  );
}
