import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEVICE_OFFLINE_STORIES, TIMINGS } from '@fst/shared/constants';
import { OFFLINE_TEXTS, PLAYBACK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { formatBytes } from '@fst/shared/playback/offline.rules';
import { storyCounts, storyCountsText } from '@fst/shared/playback/playback.rules';
import type { PlaylistItem } from '@fst/shared/playback/playback.schema';
import { formatDuration } from '@fst/shared/recordings/recordings.rules';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ArrowLeftIcon, BookIcon, CheckIcon, MicIcon, MoonIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { pathTo } from '../../../lib/paths.ts';
import { prefetchForPage } from '../../../lib/prefetch-for-page.ts';
import { useAfterPaint } from '../../../lib/use-after-paint.ts';
import { bedtimeQueryOptions, useBedtimeSettings } from '../api/get-bedtime-settings.ts';
import { usePlaylist } from '../api/get-playlist.ts';
import { useOfflineStories, useOnline, type OfflineStories } from '../offline/use-offline-stories.ts';
import { HoldToCloseButton } from './hold-to-close-button.tsx';
import { storyKind } from './story-kind.ts';
import { LazyStoryPlayer as StoryPlayer } from './lazy-story-player.ts';

// Parents' bedtime settings (a form validated with zod) load after the playlist: the page shows the stories first.
const BedtimeSettingsForm = lazyPart(() => import('./bedtime-settings-form.tsx').then((m) => m.BedtimeSettingsForm), 'inline');
/** The parents' bedtime settings at the page's foot, code and data, for a page drawn whole at once (`wholeAtOnce`). */
export const prefetchBedtimeSettings = (client: QueryClient, kidId: string) =>
  Promise.all([BedtimeSettingsForm.preload(), prefetchForPage(client, bedtimeQueryOptions(kidId))]);
// The playlist editor (and its drag-and-drop library) loads when a parent opens it.
const PlaylistEditor = lazyPart(() => import('./playlist-editor.tsx').then((m) => m.PlaylistEditor), 'inline');

type ChildStoriesPageProps = {
  kidId: string;
  kidName: string;
  /** Parents edit the playlist order and bedtime settings, and send the kid's reactions. */
  canManage: boolean;
  /** `?bedtimeMode=true`: calm dark theme, the stories start by themselves, exit only by press-and-hold. */
  bedtimeMode: boolean;
  /** The role's dashboard: Back goes there (none on a kid device, which has no other page). */
  dashboardPath: string | null;
  /** On the kid's own device (issue 26): reactions and Bedtime Mode with the parents' limits, nothing to manage. */
  kidDevice?: boolean;
  /** On a kid device: how many of the playlist's first stories it keeps saved by itself (a parent's setting, from /api/auth/me). */
  offlineStories?: number;
  /** Leaves bedtime mode (the app returns to the parent dashboard with bedtime off). */
  onExitBedtime: () => void;
  /** Drawn whole at once, the parts below the stories included (a reader coming back to the page, its position restored). */
  wholeAtOnce?: boolean;
};

type PlayerRun = { key: number; startIndex: number };

/** `/child/{kidId}` (spec section 2 "Child stories page"): the kid's playlist, the player and bedtime mode. */
export function ChildStoriesPage({
  kidId,
  kidName,
  canManage,
  bedtimeMode,
  dashboardPath,
  onExitBedtime,
  kidDevice = false,
  offlineStories = DEVICE_OFFLINE_STORIES.default,
  wholeAtOnce = false,
}: ChildStoriesPageProps) {
  const playlist = usePlaylist(kidId);
  // The stories are drawn in a transition, in slices the browser paints and answers taps between: drawn with the
  // answer (a store update in React Query, which React draws at once), the whole list was one long task.
  const data = useDeferredValue(playlist.data);
  const pending = data === undefined && !playlist.isError;
  const online = useOnline();
  // Bedtime settings are the parents' (readers play with the defaults of the player: no limit, no timer); the
  // kid's own device keeps to them too.
  const withBedtime = canManage || kidDevice;
  const bedtime = useBedtimeSettings(kidId, { enabled: withBedtime && bedtimeMode });
  const [player, setPlayer] = useState<PlayerRun | null>(null);
  const [editing, setEditing] = useState(false);
  const autoStarted = useRef(false);
  const allItems = useMemo(() => data?.items ?? [], [data]);
  const allRecordings = useMemo(() => allItems.map((item) => item.recording), [allItems]);
  // Tonight's stories offline (issue 26): offline, only saved stories play; saved ones play from the device. The
  // list decides what the device keeps only once drawn as the server last sent it.
  const offline = useOfflineStories(kidId, allRecordings, {
    fresh: online && playlist.isSuccess && !playlist.isFetching && data === playlist.data,
    kidDevice,
    offlineStories,
  });
  const { isSaved: held, playable } = offline;
  const items = useMemo(() => (online ? allItems : allItems.filter((item) => held(item.recording))), [online, allItems, held]);
  const recordings = useMemo(() => items.map((item) => playable(item.recording)), [items, playable]);
  const resumeSeconds = useMemo(() => Object.fromEntries(items.map((item) => [item.recording_id, item.resume_seconds])), [items]);
  const counts = storyCounts(items.map((item) => ({ is_ai: item.is_ai, recording_type: item.recording.recording_type })));
  const settingsSettled = !withBedtime || !bedtimeMode || !bedtime.isPending;
  const storiesPainted = useAfterPaint(!pending, { now: wholeAtOnce });
  // Bedtime mode opens the player by itself: its code is asked for at once, not when it opens.
  useEffect(() => {
    if (bedtimeMode) void StoryPlayer.preload();
  }, [bedtimeMode]);

  const open = (startIndex: number) => setPlayer((run) => ({ key: (run?.key ?? 0) + 1, startIndex }));

  // Bedtime mode starts by itself after 0.5 s (spec sections 4 and 9), once the stories and settings are in.
  useEffect(() => {
    if (!bedtimeMode || autoStarted.current || !playlist.isSuccess || items.length === 0 || !settingsSettled) return;
    autoStarted.current = true;
    const id = window.setTimeout(() => open(0), TIMINGS.bedtimeAutoStart);
    return () => window.clearTimeout(id);
  }, [bedtimeMode, playlist.isSuccess, items.length, settingsSettled]);

  const tone = bedtimeMode ? 'bedtime' : 'day';
  const heading = `${kidName}’s Stories`;

  return (
    <div data-theme={tone} className={bedtimeMode ? 'min-h-[calc(100dvh-4.5rem)] bg-night text-[#e9e7f5]' : ''}>
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-6 py-10 mobile:px-4 mobile:py-6">
        <PageTitle title={bedtimeMode ? `Bedtime · ${heading}` : heading} />
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            {bedtimeMode ? (
              <p className="mb-1 inline-flex items-center gap-2 text-lg font-semibold text-honey">
                <MoonIcon /> Bedtime mode
              </p>
            ) : dashboardPath ? (
              <Link to={dashboardPath} className="mb-2 inline-flex items-center gap-2 text-base font-semibold text-brand-dark hover:underline">
                <ArrowLeftIcon /> Back to Dashboard
              </Link>
            ) : null}
            <h1 className={`text-4xl font-bold mobile:text-3xl ${bedtimeMode ? 'text-white' : ''}`}>{heading}</h1>
            <p className={`mt-1 text-lg ${bedtimeMode ? 'text-[#d6d3ee]' : 'text-ink-soft'}`} data-testid="story-counts">
              {storyCountsText(counts)}
            </p>
          </div>
          {bedtimeMode ? <HoldToCloseButton onClose={onExitBedtime} label={PLAYBACK_TEXTS.holdToClose} className="text-white" /> : null}
        </header>

        {pending ? (
          <p role="status" className="flex min-h-40 items-center justify-center gap-3">
            <Spinner /> Loading stories…
          </p>
        ) : playlist.isError ? (
          <LoadFailed error={playlist.error} onRetry={() => void playlist.refetch()} />
        ) : allItems.length === 0 ? (
          <EmptyStories kidName={kidName} bedtimeMode={bedtimeMode} />
        ) : (
          <>
            <div className="flex flex-wrap gap-3 mobile:flex-col">
              <Button
                size="lg"
                variant={bedtimeMode ? 'honey' : 'primary'}
                onClick={() => open(0)}
                disabled={editing || items.length === 0}
                className="mobile:w-full"
              >
                {bedtimeMode ? <MoonIcon /> : <PlayGlyph />}
                {bedtimeMode ? 'Start Bedtime Stories' : 'Play All Stories'}
              </Button>
              {canManage && !editing && !bedtimeMode ? (
                <Button size="lg" variant="secondary" onClick={() => setEditing(true)} className="mobile:w-full">
                  Edit Playlist Order
                </Button>
              ) : null}
              {withBedtime && !bedtimeMode && !editing ? (
                <Link to={pathTo.child(kidId, { bedtimeMode: true })} className={buttonClasses('night', 'lg', 'mobile:w-full')}>
                  <MoonIcon /> Bedtime Mode
                </Link>
              ) : null}
            </div>
            {!bedtimeMode && !editing ? <OfflinePanel offline={offline} storyCount={allItems.length} autoSave={kidDevice ? offlineStories : null} /> : null}
            {editing ? (
              <PlaylistEditor kidId={kidId} items={allItems} onDone={() => setEditing(false)} />
            ) : (
              <ol aria-label={`${kidName}’s playlist`} className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
                {allItems.map((item) => {
                  const index = items.indexOf(item);
                  return (
                    <StoryCard
                      key={item.recording_id}
                      item={item}
                      tone={tone}
                      posterUrl={offline.playable(item.recording).poster_url}
                      saved={offline.isSaved(item.recording)}
                      unavailable={index < 0}
                      onPlay={() => open(index)}
                    />
                  );
                })}
              </ol>
            )}
          </>
        )}

        {/* Below the stories, once they are in and painted: shown earlier it would jump down as they arrive,
            and its code would hold back their first paint. */}
        {canManage && !editing && storiesPainted ? <BedtimeSettingsForm kidId={kidId} kidName={kidName} /> : null}
      </div>

      {player ? (
        <StoryPlayer
          key={player.key}
          recordings={recordings}
          startIndex={player.startIndex}
          kidId={kidId}
          resumeSeconds={resumeSeconds}
          canReact={canManage || kidDevice}
          bedtime={bedtimeMode ? { storiesLimit: bedtime.data?.stories_limit, sleepTimerMinutes: bedtime.data?.sleep_timer_minutes } : undefined}
          onClose={() => {
            setPlayer(null);
            // Closing the player in bedtime mode returns to the dashboard with bedtime off (spec section 4).
            if (bedtimeMode) onExitBedtime();
          }}
        />
      ) : null}
    </div>
  );
}

function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>{missing ? RECORDING_TEXTS.kidNotFound : errorText(error, PLAYBACK_TEXTS.playlistLoadFailed)}</span>
      {missing ? null : (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </Alert>
  );
}

function EmptyStories({ kidName, bedtimeMode }: { kidName: string; bedtimeMode: boolean }) {
  return (
    <div
      className={`flex flex-col items-center gap-2 rounded-card border border-dashed p-10 text-center ${bedtimeMode ? 'border-white/25 bg-white/5' : 'border-line-strong bg-paper'}`}
    >
      <BookIcon className="mb-2 size-10 text-honey" />
      <p className="text-xl font-semibold">{RECORDING_TEXTS.noReaderRecordings}</p>
      <p className={bedtimeMode ? 'text-[#d6d3ee]' : 'text-ink-soft'}>{RECORDING_TEXTS.noAiStories}</p>
      <p className={`max-w-md text-base ${bedtimeMode ? 'text-[#d6d3ee]' : 'text-ink-soft'}`}>
        {bedtimeMode ? PLAYBACK_TEXTS.bedtimeNoStories : `Stories recorded for ${kidName} show up here.`}
      </p>
    </div>
  );
}

type StoryCardProps = {
  item: PlaylistItem;
  tone: 'day' | 'bedtime';
  /** The poster to show: the saved copy's when held. */
  posterUrl: string | null;
  /** Kept on this device for offline. */
  saved: boolean;
  /** Offline and not saved: greyed out, not playable. */
  unavailable: boolean;
  onPlay: () => void;
};

function StoryCard({ item, tone, posterUrl, saved, unavailable, onPlay }: StoryCardProps) {
  const { recording } = item;
  const title = recording.book_title ?? 'A removed book';
  const titleId = useId();
  const night = tone === 'bedtime';
  return (
    <li
      aria-labelledby={titleId}
      data-testid="story-card"
      data-recording-id={item.recording_id}
      data-offline={unavailable ? 'unavailable' : saved ? 'saved' : undefined}
      aria-disabled={unavailable || undefined}
      className={`flex gap-4 rounded-card border p-4 shadow-card ${night ? 'border-white/10 bg-white/5' : 'border-line bg-paper'} ${unavailable ? 'opacity-50 grayscale' : ''}`}
    >
      <div className="relative shrink-0">
        {posterUrl ? (
          <img src={posterUrl} alt="" className="h-24 w-32 rounded-xl bg-night object-cover mobile:h-20 mobile:w-24" />
        ) : (
          <span
            aria-hidden="true"
            className={`flex h-24 w-32 items-center justify-center rounded-xl mobile:h-20 mobile:w-24 ${night ? 'bg-white/10' : 'bg-honey-soft'}`}
          >
            {recording.video_url ? <BookIcon className="size-10 text-brand" /> : <MicIcon className="size-10 text-brand" />}
          </span>
        )}
        <span
          className="absolute -top-2 -left-2 inline-flex size-9 items-center justify-center rounded-full bg-brand text-base font-bold text-white shadow"
          data-testid="story-position"
        >
          <span className="sr-only">Position </span>
          {item.position}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={titleId} className={`truncate font-sans text-xl font-bold ${night ? 'text-white' : ''}`}>
          {title}
        </h2>
        <p className={`text-base ${night ? 'text-[#d6d3ee]' : 'text-ink-soft'}`}>
          {`Read by ${recording.reader_name} · ${storyKind(item)} · ${formatDuration(recording.duration_seconds)}`}
        </p>
        <p className="text-base">
          {item.watched ? (
            <span className={`inline-flex items-center gap-1 font-semibold ${night ? 'text-[#b8e6c1]' : 'text-success'}`}>
              <CheckIcon /> Watched
            </span>
          ) : (
            <span className={night ? 'text-honey' : 'font-semibold text-brand-dark'}>{RECORDING_TEXTS.notWatchedYet}</span>
          )}
          {item.resume_seconds > 0 ? (
            <span className={night ? 'text-[#d6d3ee]' : 'text-ink-soft'}>{` · resumes at ${formatDuration(item.resume_seconds)}`}</span>
          ) : null}
        </p>
        {saved || unavailable ? (
          <p className={`text-sm font-semibold ${night ? 'text-[#d6d3ee]' : 'text-ink-soft'}`}>{saved ? OFFLINE_TEXTS.savedBadge : OFFLINE_TEXTS.notSaved}</p>
        ) : null}
        <div className="mt-auto pt-1">
          <Button size="sm" variant={night ? 'honey' : 'secondary'} onClick={onPlay} disabled={unavailable} aria-label={`Play ${title}`}>
            <PlayGlyph /> Play
          </Button>
        </div>
      </div>
    </li>
  );
}

/** Save for offline, its progress and the space it uses; offline, says so (issue 26). */
/** `autoSave`: on a kid device, the playlist's first stories it keeps saved by itself (null elsewhere). */
function OfflinePanel({ offline, storyCount, autoSave }: { offline: OfflineStories; storyCount: number; autoSave: number | null }) {
  if (!offline.supported) return null;
  const savedCount = Object.keys(offline.saved).length;
  const { progress } = offline;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <section aria-label={OFFLINE_TEXTS.title} data-testid="offline-panel" className="flex flex-col gap-3 rounded-card border border-line bg-paper p-4">
      {offline.online ? null : (
        <p role="status" data-testid="offline-notice" className="font-semibold text-brand-dark">
          {OFFLINE_TEXTS.offline}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-sans text-lg font-bold">{OFFLINE_TEXTS.title}</h2>
          <p className="text-base text-ink-soft">
            {OFFLINE_TEXTS.intro}
            {autoSave === null ? '' : ` ${OFFLINE_TEXTS.autoSave(autoSave)}`}
          </p>
        </div>
        {offline.online ? (
          <Button size="sm" variant="secondary" onClick={offline.save} disabled={progress !== null || (savedCount >= storyCount && savedCount > 0)}>
            {progress ? OFFLINE_TEXTS.saving : savedCount ? OFFLINE_TEXTS.saveAgain : OFFLINE_TEXTS.save}
          </Button>
        ) : null}
      </div>
      {progress ? (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={OFFLINE_TEXTS.saving}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 overflow-hidden rounded-full bg-cream-deep"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-ink-soft">{`${OFFLINE_TEXTS.progress(progress.done, progress.total)} · ${formatBytes(progress.bytes)}`}</p>
        </div>
      ) : null}
      {savedCount ? (
        <p data-testid="offline-saved" className="text-base">
          {OFFLINE_TEXTS.saved(savedCount, formatBytes(offline.bytes))}
          {savedCount >= storyCount ? ` ${OFFLINE_TEXTS.allSaved}` : ''}
        </p>
      ) : null}
      {offline.failed && !progress ? (
        <p role="alert" className="text-base text-danger">
          {OFFLINE_TEXTS.saveFailed}
        </p>
      ) : null}
    </section>
  );
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.7L9.5 4.6A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}
