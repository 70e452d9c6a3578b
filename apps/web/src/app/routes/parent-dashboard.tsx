import { useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BOOK_PAGE_SIZE_DEFAULT } from '@fst/shared/constants';
import type { Kid, Reader } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { lazyPart } from '../../components/lazy-part.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import { useAfterPaint } from '../../lib/use-after-paint.ts';
import { useEver } from '../../lib/use-ever.ts';
import { useRevealed } from '../../lib/use-revealed.ts';
import { ParentDashboardLibraries } from '../../features/books/components/dashboard-libraries.tsx';
import { premiumBooksQueryOptions } from '../../features/books/api/list-premium-books.ts';
import { premiumStatusQueryOptions } from '../../features/billing/api/get-premium-status.ts';
import { booksQueryOptions } from '../../lib/api/books/list-books.ts';
import { familyReadersQueryOptions, useFamilyReaders } from '../../lib/api/families/get-family-readers.ts';
import { familyQueryOptions, useFamily } from '../../lib/api/families/get-family.ts';
import { familiesQueryKey, myFamiliesQueryOptions } from '../../lib/api/families/get-my-families.ts';
import { myJoinRequestsQueryOptions, useMyJoinRequests } from '../../features/families/api/my-join-requests.ts';
import { BedtimeModeButton } from '../../features/families/components/bedtime-mode-dialog.tsx';
import { DashboardKids } from '../../features/families/components/dashboard-kids.tsx';
import { FamilyStatCards, LastWatchedStory, UnwatchedStories, useFamilyStoryStatsSettled } from '../../features/families/components/family-story-stats.tsx';
import { JoinStatus } from '../../features/families/components/my-join-requests.tsx';
import { ParentFamilyBar } from '../../features/families/components/parent-family-bar.tsx';
import { ReaderCards } from '../../features/families/components/reader-cards.tsx';
import { pickCurrentFamily, rememberCurrentFamily, rememberedFamilyId, useCurrentFamily } from '../../features/families/current-family.ts';
import { usePlaylist } from '../../features/playback/api/get-playlist.ts';
import { familyStatsQueryOptions } from '../../lib/api/playback/get-family-stats.ts';
import { playbackQueryKey } from '../../lib/api/playback/playback-query-keys.ts';
import type { PlayStories } from '../../features/recordings/components/kid-stories-modal.tsx';
import { recentAiRecordingsQueryOptions, useRecentAiRecordings } from '../../features/recordings/api/get-recent-ai-recordings.ts';
import { recentRecordingsQueryOptions, useRecentRecordings } from '../../features/recordings/api/get-recent-recordings.ts';
import { RecentStories } from '../../features/recordings/components/recent-stories.tsx';
import { LazyStoryPlayer as StoryPlayer } from '../../features/playback/components/lazy-story-player.ts';
import { requestsQueryKey } from '../../lib/api/requests/requests-query-keys.ts';
import { familyRecordingsQueryOptions } from '../../lib/api/recordings/get-family-recordings.ts';
import { recordingQueryOptions } from '../../lib/api/recordings/get-recording.ts';
import { useComingBack, type PagePrefetch } from '../lazy-page.tsx';

// The full-screen player loads when a story is first played, each dialog when it first opens: every load of
// the dashboard would otherwise download and run them (the service worker keeps them once it is installed).
const loadAssignStory = () => import('../../features/recordings/components/assign-story-modal.tsx');
const AssignStoryModal = lazyPart(() => loadAssignStory().then((m) => m.AssignStoryModal), 'overlay');
const AssignStoryPanel = lazyPart(() => loadAssignStory().then((m) => m.AssignStoryPanel), 'inline');
const KidStoriesModal = lazyPart(() => import('../../features/recordings/components/kid-stories-modal.tsx').then((m) => m.KidStoriesModal), 'overlay');
const ReaderStoriesModal = lazyPart(() => import('../../features/recordings/components/reader-stories-modal.tsx').then((m) => m.ReaderStoriesModal), 'overlay');
const AddStoriesModal = lazyPart(() => import('../../features/requests/components/add-stories-modal.tsx').then((m) => m.AddStoriesModal), 'overlay');
const RequestStoryModal = lazyPart(() => import('../../features/requests/components/request-story-modal.tsx').then((m) => m.RequestStoryModal), 'overlay');
const QueuedStories = lazyPart(() => import('../../features/requests/components/queued-stories.tsx').then((m) => m.QueuedStories), 'inline');

const heading = <h1 className="text-4xl font-bold mobile:text-3xl">Family Story Time</h1>;

/**
 * What the dashboard shows first, asked for by its loader beside the session check (lazy-page.tsx
 * `loadPage`): the families and the current family's sections, then the last watched story if the family's
 * recordings do not hold it; and the libraries' first pages, so they draw with their books, not loading. The
 * family this browser showed last is asked for beside the families (a returning parent's usual case), so its
 * sections do not wait for the families' answer.
 */
export const prefetch: PagePrefetch = (client, _params, { comingBack }) => {
  // The libraries' first pages and the plan that unlocks premium books, beside the family's sections.
  const libraries = { page: 1, perPage: BOOK_PAGE_SIZE_DEFAULT };
  const librariesIn = Promise.all([
    prefetchForPage(client, booksQueryOptions(libraries)),
    prefetchForPage(client, premiumBooksQueryOptions(libraries)),
    prefetchForPage(client, premiumStatusQueryOptions()),
  ]);
  // Drawn whole for a reader coming back (lazy-page.tsx), the page waits for the libraries below its sections too.
  return Promise.all([prefetchSections(client), comingBack ? librariesIn : undefined]);
};

async function prefetchSections(client: QueryClient) {
  const remembered = rememberedFamilyId();
  const rememberedFamily = remembered ? prefetchFamily(client, remembered) : undefined;
  const mine = await prefetchForPage(client, myFamiliesQueryOptions());
  const family = mine && pickCurrentFamily(mine.families, remembered);
  // In no family yet: the join requests waiting for approval show instead (issue 22.12).
  if (!family) return prefetchForPage(client, myJoinRequestsQueryOptions());
  if (family.id === remembered) return rememberedFamily;
  // Remembered for the next visit; the dashboard shows this same family (pickCurrentFamily).
  rememberCurrentFamily(family.id);
  return prefetchFamily(client, family.id);
}

function prefetchFamily(client: QueryClient, familyId: string) {
  const lastWatched = Promise.all([
    prefetchForPage(client, familyRecordingsQueryOptions(familyId)),
    prefetchForPage(client, familyStatsQueryOptions(familyId)),
  ]).then(([list, stats]) => {
    // The last watched story shows from the family's recordings when it is among them (LastWatchedStory).
    const lastId = stats?.last_watched?.recording_id;
    if (lastId && !list?.recordings.some((r) => r.id === lastId)) return prefetchForPage(client, recordingQueryOptions(lastId));
  });
  return Promise.all([
    prefetchForPage(client, familyQueryOptions(familyId)),
    prefetchForPage(client, familyReadersQueryOptions(familyId)),
    prefetchForPage(client, recentRecordingsQueryOptions(familyId)),
    prefetchForPage(client, recentAiRecordingsQueryOptions(familyId)),
    lastWatched,
  ]);
}

/** `/parent-dashboard` (spec section 2 "Parent dashboard"): the family's stories, kids, readers and libraries. */
export default function ParentDashboardRoute() {
  const { familiesQuery, families, currentFamily } = useCurrentFamily();
  let body;
  if (familiesQuery.isPending) {
    body = (
      <>
        {heading}
        <LoadingScreen label={FAMILY_PAGE_TEXTS.loading} />
      </>
    );
  } else if (familiesQuery.isError) {
    body = (
      <>
        {heading}
        <LoadFailed onRetry={() => void familiesQuery.refetch()} />
        <ParentDashboardLibraries />
      </>
    );
  } else if (!currentFamily || families.length === 0) {
    body = <NoFamilyDashboard />;
  } else {
    // Keyed by family: switching families starts with every dialog closed.
    body = <FamilyDashboard key={currentFamily.id} familyId={currentFamily.id} />;
  }
  return (
    <div className="mx-auto max-w-6xl px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title="Parent Dashboard" />
      {body}
    </div>
  );
}

/**
 * A parent in no family yet: how to start one (or the request to join one), then the libraries. Drawn once the
 * join requests are known: the libraries drawn first were pushed down by the panel arriving above them.
 */
function NoFamilyDashboard() {
  const joinRequests = useMyJoinRequests();
  return (
    <>
      <div className="mb-8">
        {heading}
        <p className="mt-2 text-ink-soft">Stories from the people your kids love, ready for bedtime.</p>
      </div>
      {joinRequests.isPending ? (
        <LoadingScreen label={FAMILY_PAGE_TEXTS.loading} />
      ) : (
        <>
          <JoinStatus role="parent" inAFamily={false} className="mb-8" />
          <ParentDashboardLibraries />
        </>
      )}
    </>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <RetryAlert label="Try Again" onRetry={onRetry} className="mt-6">
      {FAMILY_TEXTS.loadFailed}
    </RetryAlert>
  );
}

type Playing = { recordings: Recording[]; startIndex: number; kidId: string | undefined };

/** The dashboard of one family; the app composes the features' parts and their dialogs here (docs/decisions/006). */
function FamilyDashboard({ familyId }: { familyId: string }) {
  const queryClient = useQueryClient();
  const familyQuery = useFamily(familyId);
  const readersQuery = useFamilyReaders(familyId);
  // The sections (and the libraries below them) appear together once their data is in: shown one by one,
  // each would push the others down as it arrives.
  const statsSettled = useFamilyStoryStatsSettled(familyId);
  const recentSettled = [useRecentRecordings(familyId), useRecentAiRecordings(familyId)].every((q) => !q.isPending);
  const sectionsShown = useRevealed(statsSettled && recentSettled && !readersQuery.isPending && !familyQuery.isPending);
  const comingBack = useComingBack();
  // The libraries, below the sections, come once those are painted: their books and rendering would hold
  // that paint back. With them when the reader comes back: the position restored may be among them.
  const librariesShown = useAfterPaint(sectionsShown, { now: comingBack });
  const kids = familyQuery.data?.family.kids ?? [];

  const [storiesKid, setStoriesKid] = useState<Kid | null>(null);
  const [addStoriesKid, setAddStoriesKid] = useState<Kid | null>(null);
  const [assignKid, setAssignKid] = useState<Kid | null>(null);
  const [storiesReader, setStoriesReader] = useState<Reader | null>(null);
  const [requestReader, setRequestReader] = useState<Reader | null>(null);
  const [playing, setPlaying] = useState<Playing | null>(null);
  // Mounted from their first opening on, so that closing animates and gives focus back as before.
  const addStoriesUsed = useEver(addStoriesKid !== null);
  const assignUsed = useEver(assignKid !== null);
  const readerStoriesUsed = useEver(storiesReader !== null);
  const requestUsed = useEver(requestReader !== null);

  const play: PlayStories = (recordings, startIndex, kidId) => {
    setStoriesKid(null);
    setStoriesReader(null);
    setPlaying({ recordings, startIndex, kidId });
  };
  const closePlayer = () => {
    setPlaying(null);
    // Today's story time counts partial plays too: ask for the stats again.
    void queryClient.invalidateQueries({ queryKey: playbackQueryKey });
  };
  // A story given to a kid changes the kid's story count and may complete a pending request for it.
  const afterAssign = () => {
    void queryClient.invalidateQueries({ queryKey: requestsQueryKey });
    void queryClient.invalidateQueries({ queryKey: familiesQueryKey });
    void queryClient.invalidateQueries({ queryKey: playbackQueryKey });
  };

  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          {heading}
          <UnwatchedStories familyId={familyId} />
        </div>
        <BedtimeModeButton kids={kids} className="mobile:w-full" />
      </div>
      <ParentFamilyBar />
      {familyQuery.isError ? (
        <>
          <LoadFailed onRetry={() => void familyQuery.refetch()} />
          <ParentDashboardLibraries />
        </>
      ) : !sectionsShown ? (
        <LoadingScreen label={FAMILY_PAGE_TEXTS.loading} />
      ) : (
        <>
          <div className="flex flex-col gap-8">
            <LastWatchedStory familyId={familyId} kids={kids} onReplay={(recording, kidId) => play([recording], 0, kidId)} />
            <FamilyStatCards familyId={familyId} />
            <DashboardKids kids={kids} onViewStories={setStoriesKid} onAddStories={setAddStoriesKid} />
            <ReaderCards familyId={familyId} onViewStories={setStoriesReader} onRequestStory={setRequestReader} />
            <RecentStories familyId={familyId} onPlay={play} />
          </div>
          {librariesShown ? <ParentDashboardLibraries /> : null}
        </>
      )}

      {storiesKid ? (
        <KidStories
          kid={storiesKid}
          onClose={() => setStoriesKid(null)}
          onPlay={play}
          onAssign={() => {
            setStoriesKid(null);
            setAssignKid(storiesKid);
          }}
        />
      ) : null}
      {addStoriesUsed ? (
        <AddStoriesModal
          open={addStoriesKid !== null}
          onOpenChange={(open) => {
            if (!open) setAddStoriesKid(null);
          }}
          kid={addStoriesKid}
          readers={readersQuery.data?.readers}
          readersFailed={readersQuery.isError}
          assignExisting={addStoriesKid ? <AssignStoryPanel familyId={familyId} kid={addStoriesKid} onAssigned={afterAssign} /> : null}
        />
      ) : null}
      {assignUsed ? (
        <AssignStoryModal
          open={assignKid !== null}
          onOpenChange={(open) => {
            if (!open) setAssignKid(null);
          }}
          familyId={familyId}
          kid={assignKid}
          onAssigned={afterAssign}
        />
      ) : null}
      {readerStoriesUsed ? (
        <ReaderStoriesModal
          open={storiesReader !== null}
          onOpenChange={(open) => {
            if (!open) setStoriesReader(null);
          }}
          reader={storiesReader}
          familyId={familyId}
          onPlay={play}
        />
      ) : null}
      {requestUsed ? (
        <RequestStoryModal
          open={requestReader !== null}
          onOpenChange={(open) => {
            if (!open) setRequestReader(null);
          }}
          reader={requestReader}
          kids={kids}
        />
      ) : null}
      {playing ? (
        <StoryPlayer
          recordings={playing.recordings}
          startIndex={playing.startIndex}
          {...(playing.kidId ? { kidId: playing.kidId } : {})}
          onClose={closePlayer}
        />
      ) : null}
    </>
  );
}

type KidStoriesProps = { kid: Kid; onClose: () => void; onPlay: PlayStories; onAssign: () => void };

/** The child stories modal with the kid's watched states (playback) and queued stories (requests). */
function KidStories({ kid, onClose, onPlay, onAssign }: KidStoriesProps) {
  const playlist = usePlaylist(kid.id);
  const watched = playlist.data ? new Map(playlist.data.items.map((item) => [item.recording_id, item.watched])) : undefined;
  return (
    <KidStoriesModal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      kid={kid}
      watched={watched}
      queued={<QueuedStories kidId={kid.id} kidName={kid.first_name} />}
      onPlay={onPlay}
      onAssign={onAssign}
    />
  );
}
