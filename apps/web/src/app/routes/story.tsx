import { useNavigate, useParams, useSearchParams } from 'react-router';
import { RECORDING_PAGE_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { LoadingScreen, Spinner } from '../../components/ui/spinner.tsx';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { StoryPlayer } from '../../features/playback/components/story-player.tsx';
import { recordingQueryOptions, useRecording } from '../../lib/api/recordings/get-recording.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import type { PagePrefetch } from '../lazy-page.tsx';

/** The story's recording, asked for by the page's loader (lazy-page.tsx `loadPage`). */
export const prefetch: PagePrefetch = (client, { id = '' }) => prefetchForPage(client, recordingQueryOptions(id));

/**
 * `/story/:id[?kidId=…]`: one story full screen (target of Replay, Watch Recording and e-mail links). Plays
 * are counted for `kidId`, or for the recording's only kid the parent can see.
 */
export default function StoryRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const query = useRecording(id);
  const dashboardPath = user.role === 'grandparent' ? paths.grandparentDashboard : paths.parentDashboard;

  const close = () => {
    // Back where the story was opened from; straight to the dashboard when it was opened from a link.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) void navigate(-1);
    else void navigate(dashboardPath, { replace: true });
  };

  if (query.isPending) return <LoadingScreen label="Loading the story…" />;

  const recording = query.data?.recording;
  if (query.isError || !recording || recording.processing_status !== 'ready') {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    const processing = recording?.processing_status === 'processing';
    const heading = missing ? RECORDING_TEXTS.notFound : (recording?.book_title ?? 'Story');
    return (
      <div className="mx-auto max-w-xl px-6 py-12 mobile:px-4">
        <PageTitle title={heading} />
        <Card className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-2xl font-bold">{heading}</h1>
          {processing ? (
            <p role="status" className="flex items-center gap-3 text-ink-soft">
              <Spinner /> {RECORDING_PAGE_TEXTS.processing}
            </p>
          ) : recording ? (
            <Alert tone="error">{RECORDING_TEXTS.videoUnavailable}</Alert>
          ) : missing ? null : (
            <>
              <Alert tone="error">{RECORDING_TEXTS.loadOneFailed}</Alert>
              <Button size="sm" onClick={() => void query.refetch()}>
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

  const asked = params.get('kidId');
  const kidId =
    recording.kids.find((kid) => kid.id === asked)?.id ?? (user.role === 'parent' && recording.kids.length === 1 ? recording.kids[0]!.id : undefined);

  return (
    <>
      <PageTitle title={recording.book_title ?? 'Story'} />
      <StoryPlayer key={recording.id} recordings={[recording]} kidId={kidId} canReact={user.role === 'parent'} onClose={close} />
    </>
  );
}
