import type { ReactNode } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { BOOK_PAGE_SIZE_DEFAULT } from '@fst/shared/constants';
import { READER_DASHBOARD_TEXTS } from '@fst/shared/messages';
import { Card } from '../../components/ui/card.tsx';
import { CollapsibleSection } from '../../components/ui/collapsible-section.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/api/auth/get-me.ts';
import { ReaderDashboardLibraries } from '../../features/books/components/dashboard-libraries.tsx';
import { RecordNewStoryButton } from '../../features/books/components/record-new-story-button.tsx';
import { FindFamiliesButton } from '../../features/families/components/find-families-button.tsx';
import { JoinStatus } from '../../features/families/components/my-join-requests.tsx';
import { ReaderFamilies } from '../../features/families/components/reader-families.tsx';
import { ReaderReactions } from '../../features/playback/components/reader-reactions.tsx';
import { ReaderStatCards } from '../../features/playback/components/reader-stat-cards.tsx';
import { YourStories } from '../../features/recordings/components/your-stories.tsx';
import { ReaderStoryRequests } from '../../features/requests/components/reader-story-requests.tsx';
import { VoiceConsentSwitch } from '../../features/narration/components/voice-consent-switch.tsx';
import { premiumStatusQueryOptions } from '../../features/billing/api/get-premium-status.ts';
import { booksQueryOptions } from '../../lib/api/books/list-books.ts';
import { premiumBooksQueryOptions } from '../../features/books/api/list-premium-books.ts';
import { familyQueryOptions } from '../../lib/api/families/get-family.ts';
import { myFamiliesQueryOptions } from '../../lib/api/families/get-my-families.ts';
import { myJoinRequestsQueryOptions } from '../../features/families/api/my-join-requests.ts';
import { consentQueryOptions } from '../../features/narration/api/get-consent.ts';
import { readerReactionsQueryOptions } from '../../features/playback/api/get-reader-reactions.ts';
import { readerStatsQueryOptions } from '../../features/playback/api/get-reader-stats.ts';
import { myRecordingsQueryOptions } from '../../lib/api/recordings/get-my-recordings.ts';
import { readerQueueQueryOptions } from '../../lib/api/requests/get-reader-queue.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import { useAfterPaint } from '../../lib/use-after-paint.ts';
import { useRevealed } from '../../lib/use-revealed.ts';
import { useComingBack, type PagePrefetch } from '../lazy-page.tsx';

/** One of the dashboard's collapsible sections, on a card or not. */
function DashboardSection({ title, card = false, children }: { title: string; card?: boolean; children: ReactNode }) {
  const section = <CollapsibleSection title={title}>{children}</CollapsibleSection>;
  return card ? <Card className="mb-8">{section}</Card> : <div className="mb-8">{section}</div>;
}

/**
 * What the dashboard shows first, asked for by its loader beside the session check (lazy-page.tsx
 * `loadPage`): every section's list, the user's pending join requests, and the kids of each family the user
 * reads for.
 */
export const prefetch: PagePrefetch = (client) => {
  const libraries = { page: 1, perPage: BOOK_PAGE_SIZE_DEFAULT };
  return Promise.all([
    prefetchForPage(client, readerStatsQueryOptions()),
    prefetchForPage(client, consentQueryOptions()),
    prefetchForPage(client, myRecordingsQueryOptions()),
    prefetchForPage(client, readerQueueQueryOptions()),
    prefetchForPage(client, readerReactionsQueryOptions()),
    prefetchForPage(client, booksQueryOptions(libraries)),
    prefetchForPage(client, premiumBooksQueryOptions(libraries)),
    prefetchForPage(client, premiumStatusQueryOptions()),
    prefetchForPage(client, myJoinRequestsQueryOptions()),
    prefetchForPage(client, myFamiliesQueryOptions()).then((mine) =>
      Promise.all(
        (mine?.families ?? []).filter((family) => family.my_role === 'reader').map((family) => prefetchForPage(client, familyQueryOptions(family.id))),
      ),
    ),
  ]);
};

/** Asked for and not yet answered (paused offline counts as answered: each section then says so itself). */
const loading = (query: UseQueryResult) => query.isPending && query.fetchStatus === 'fetching';

/**
 * Whether the first answers of the sections below the buttons are in (an error counts: each section shows its
 * own). Shown one by one, each pushed the ones below it down on a laptop or a tablet (layout shifts of 0.05
 * to 0.13); they appear together, as on the parent dashboard.
 */
function useSectionsSettled(grandparent: boolean, readerFamilyIds: string[]): boolean {
  const queries: UseQueryResult[] = [
    useQuery(myRecordingsQueryOptions()),
    useQuery(readerQueueQueryOptions()),
    useQuery(readerReactionsQueryOptions()),
    useQuery(myJoinRequestsQueryOptions()),
    useQuery(myFamiliesQueryOptions()),
    useQuery({ ...consentQueryOptions(), enabled: grandparent }),
    ...useQueries({ queries: readerFamilyIds.map((id) => familyQueryOptions(id)) }),
  ];
  return !queries.some(loading);
}

/**
 * `/grandparent-dashboard`, "Your Story Library" (spec section 2 "Reader dashboard"): stat cards, Record
 * New Story and Find Families, then Your Stories (with the requests from parents), the kids' reactions,
 * Kids You Read To and the libraries. Each feature's part is composed here (decision 006).
 */
export default function GrandparentDashboardRoute() {
  const { data } = useSession();
  // Spec section 2: only families where the user reads are listed here.
  const readerFamilies = (data?.families ?? []).filter((family) => family.my_role === 'reader');
  const grandparent = data?.user.role === 'grandparent';
  const settled = useSectionsSettled(
    grandparent,
    readerFamilies.map((family) => family.id),
  );
  const sectionsShown = useRevealed(settled);
  const comingBack = useComingBack();
  // The libraries, below the sections, come once those are painted (with them, when the reader comes back).
  const librariesShown = useAfterPaint(sectionsShown, { now: comingBack });
  return (
    <div className="mx-auto max-w-6xl px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Reader Dashboard" />
      <h1 className="mb-2 text-4xl font-bold mobile:text-3xl">Your Story Library</h1>
      <p className="mb-8 text-ink-soft">Record bedtime stories your grandkids can watch again and again.</p>
      <ReaderStatCards />
      <div className="mb-8 flex flex-wrap gap-3 mobile:flex-col">
        <RecordNewStoryButton />
        <FindFamiliesButton />
      </div>
      {!sectionsShown ? (
        <LoadingScreen label={READER_DASHBOARD_TEXTS.loadingStories} />
      ) : (
        <>
          {grandparent ? (
            <div className="mb-8">
              <VoiceConsentSwitch compact />
            </div>
          ) : null}
          {data ? <JoinStatus role="grandparent" inAFamily={readerFamilies.length > 0} className="mb-8" /> : null}
          <DashboardSection title="Your Stories" card>
            {data ? <YourStories userId={data.user.id} requests={<ReaderStoryRequests />} /> : null}
          </DashboardSection>
          <DashboardSection title="Reactions from your grandkids">
            <ReaderReactions headingLevel="h3" />
          </DashboardSection>
          <DashboardSection title="Kids You Read To">
            <ReaderFamilies addStory={(kid) => <RecordNewStoryButton kid={kid} size="sm" />} />
          </DashboardSection>
          {librariesShown ? <ReaderDashboardLibraries /> : null}
        </>
      )}
    </div>
  );
}
