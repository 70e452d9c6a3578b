import { useNavigate, useSearchParams } from 'react-router';
import { PLAYBACK_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { BookIcon } from '../../components/ui/icons.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useDeviceSession } from '../../lib/api/auth/get-me.ts';
import { LeaveKidMode } from '../../features/devices/components/leave-kid-mode.tsx';
import { ChildStoriesPage } from '../../features/playback/components/child-stories-page.tsx';
import { StoryBookPagesContext } from '../../features/playback/components/story-book-pages.ts';
import { useKidRecordings } from '../../features/recordings/api/get-kid-recordings.ts';
import { errorText } from '../../lib/api-client.ts';
import { pathTo } from '../../lib/paths.ts';
import { storyBookParts } from '../layout/story-book-parts.tsx';

/**
 * The kid's page on the kid's own device (issue 26): the stories, the player and Bedtime Mode, without the
 * parents' header, family, payments, recording or settings. Only leaving kid mode, with a parent's password.
 */
export default function DeviceKidRoute() {
  const { data: device } = useDeviceSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const kidId = device?.kid_id ?? '';
  const kid = useKidRecordings(kidId);
  const bedtimeMode = params.get('bedtimeMode') === 'true';

  return (
    <div className="flex min-h-dvh flex-col" data-testid="kid-device-page">
      {bedtimeMode ? null : (
        <header className="flex items-center justify-between gap-4 border-b border-line bg-paper px-6 py-3 mobile:px-4">
          <p className="inline-flex items-center gap-2 font-display text-2xl font-bold text-brand-dark">
            <BookIcon className="text-brand" /> {device ? `${device.kid_first_name}’s Story Time` : 'Story Time'}
          </p>
          <LeaveKidMode />
        </header>
      )}
      <main id="main" tabIndex={-1} className="flex-1 pb-12 focus:outline-none">
        <StoryBookPagesContext value={storyBookParts}>
          {kid.isPending ? (
            <LoadingScreen label="Loading stories…" />
          ) : kid.isError ? (
            <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12">
              <Alert tone="error">{errorText(kid.error, PLAYBACK_TEXTS.playlistLoadFailed)}</Alert>
              <Button size="sm" onClick={() => void kid.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <ChildStoriesPage
              key={`${kidId}-${bedtimeMode}`}
              kidId={kidId}
              kidName={kid.data.kid.first_name}
              canManage={false}
              kidDevice
              offlineStories={device?.offline_stories}
              bedtimeMode={bedtimeMode}
              dashboardPath={null}
              // Bedtime over, the device stays on the kid's page.
              onExitBedtime={() => void navigate(pathTo.child(kidId), { replace: true })}
            />
          )}
        </StoryBookPagesContext>
      </main>
    </div>
  );
}
