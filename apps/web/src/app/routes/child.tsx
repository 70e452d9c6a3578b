import { useDeferredValue } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PLAYBACK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { playlistQueryOptions } from '../../features/playback/api/get-playlist.ts';
import { ChildStoriesPage, prefetchBedtimeSettings } from '../../features/playback/components/child-stories-page.tsx';
import { kidRecordingsQueryOptions, useKidRecordings } from '../../features/recordings/api/get-kid-recordings.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { sessionRole } from '../../lib/api/auth/get-me.ts';
import { paths } from '../../lib/paths.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import { useComingBack, type PagePrefetch } from '../lazy-page.tsx';

/**
 * The kid and the playlist, asked for by the page's loader beside the session check (lazy-page.tsx `loadPage`);
 * for a reader coming back, whose page is drawn whole, a parent's bedtime settings too.
 */
export const prefetch: PagePrefetch = (client, { kidId = '' }, { comingBack }) =>
  Promise.all([
    prefetchForPage(client, kidRecordingsQueryOptions(kidId)),
    prefetchForPage(client, playlistQueryOptions(kidId)),
    comingBack ? sessionRole(client).then((role) => (role === 'parent' ? prefetchBedtimeSettings(client, kidId) : undefined)) : undefined,
  ]);

/** `/child/:kidId` and `/child/:kidId?bedtimeMode=true`: a kid's stories, the player and bedtime mode (spec section 2). */
export default function ChildRoute() {
  const { kidId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const kid = useKidRecordings(kidId);
  // The stories drawn in a transition once the kid's answer is in: in slices the browser paints and answers taps
  // between, rather than in one long task (docs/quality.md "Web: Lighthouse").
  const deferred = useDeferredValue(kid.data);
  const kidData = deferred && deferred.kid.id === kid.data?.kid.id ? deferred : undefined;
  const bedtimeMode = params.get('bedtimeMode') === 'true';
  const comingBack = useComingBack();
  const dashboardPath = user.role === 'grandparent' ? paths.grandparentDashboard : paths.parentDashboard;

  if (kid.isError) {
    const missing = kid.error instanceof ApiError && (kid.error.status === 404 || kid.error.status === 400);
    return (
      <div className="mx-auto max-w-xl px-6 py-12 mobile:px-4">
        <PageTitle title={missing ? RECORDING_TEXTS.kidNotFound : 'Stories'} />
        <Card className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-2xl font-bold">{missing ? RECORDING_TEXTS.kidNotFound : 'Stories'}</h1>
          {missing ? null : (
            <>
              <Alert tone="error">{errorText(kid.error, PLAYBACK_TEXTS.playlistLoadFailed)}</Alert>
              <Button size="sm" onClick={() => void kid.refetch()}>
                Try Again
              </Button>
            </>
          )}
          <ButtonLink to={dashboardPath} variant="secondary" size="sm">
            Back to Dashboard
          </ButtonLink>
        </Card>
      </div>
    );
  }

  if (!kidData) return <LoadingScreen label="Loading stories…" />;
  return (
    <ChildStoriesPage
      key={`${kidId}-${bedtimeMode}`}
      kidId={kidId}
      kidName={kidData.kid.first_name}
      canManage={user.role === 'parent'}
      bedtimeMode={bedtimeMode}
      dashboardPath={dashboardPath}
      // Closing bedtime mode returns to the dashboard with bedtime off (decisions.md "Resolved ambiguities").
      onExitBedtime={() => void navigate(dashboardPath, { replace: true })}
      wholeAtOnce={comingBack}
    />
  );
}
