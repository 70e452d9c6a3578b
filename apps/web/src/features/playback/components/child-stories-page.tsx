import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TIMINGS } from '@fst/shared/constants';
import { PLAYBACK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { moveItem, orderPlaylist, shuffle, storyCounts } from '@fst/shared/playback/playback.rules';
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
import { useAfterPaint } from '../../../lib/use-after-paint.ts';
import { notify } from '../../../lib/toast.ts';
import { useBedtimeSettings } from '../api/get-bedtime-settings.ts';
import { usePlaylist } from '../api/get-playlist.ts';
import { useResetPlaylistOrder } from '../api/reset-playlist-order.ts';
import { useSavePlaylistOrder } from '../api/save-playlist-order.ts';
import { HoldToCloseButton } from './hold-to-close-button.tsx';
import { StoryPlayer } from './story-player.tsx';

// Parents' bedtime settings (a form validated with zod) load after the playlist: the page shows the stories first.
const BedtimeSettingsForm = lazyPart(() => import('./bedtime-settings-form.tsx').then((m) => m.BedtimeSettingsForm), 'inline');

type ChildStoriesPageProps = {
  kidId: string;
  kidName: string;
  /** Parents edit the playlist order and bedtime settings, and send the kid's reactions. */
  canManage: boolean;
  /** `?bedtimeMode=true`: calm dark theme, the stories start by themselves, exit only by press-and-hold. */
  bedtimeMode: boolean;
  /** The role's dashboard: Back goes there. */
  dashboardPath: string;
  /** Leaves bedtime mode (the app returns to the parent dashboard with bedtime off). */
  onExitBedtime: () => void;
};

type PlayerRun = { key: number; startIndex: number };

/** `/child/{kidId}` (spec section 2 "Child stories page"): the kid's playlist, the player and bedtime mode. */
export function ChildStoriesPage({ kidId, kidName, canManage, bedtimeMode, dashboardPath, onExitBedtime }: ChildStoriesPageProps) {
  const playlist = usePlaylist(kidId);
  // Bedtime settings are the parents' (readers play with the defaults of the player: no limit, no timer).
  const bedtime = useBedtimeSettings(kidId, { enabled: canManage && bedtimeMode });
  const [player, setPlayer] = useState<PlayerRun | null>(null);
  const [editing, setEditing] = useState(false);
  const autoStarted = useRef(false);
  const items = useMemo(() => playlist.data?.items ?? [], [playlist.data]);
  const recordings = useMemo(() => items.map((item) => item.recording), [items]);
  const resumeSeconds = useMemo(() => Object.fromEntries(items.map((item) => [item.recording_id, item.resume_seconds])), [items]);
  const counts = storyCounts(items);
  const settingsSettled = !canManage || !bedtimeMode || !bedtime.isPending;
  const storiesPainted = useAfterPaint(!playlist.isPending);

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
            ) : (
              <Link to={dashboardPath} className="mb-2 inline-flex items-center gap-2 text-base font-semibold text-brand-dark hover:underline">
                <ArrowLeftIcon /> Back to Dashboard
              </Link>
            )}
            <h1 className={`text-4xl font-bold mobile:text-3xl ${bedtimeMode ? 'text-white' : ''}`}>{heading}</h1>
            <p className={`mt-1 text-lg ${bedtimeMode ? 'text-[#d6d3ee]' : 'text-ink-soft'}`} data-testid="story-counts">
              {`${counts.video} video ${counts.video === 1 ? 'story' : 'stories'} · ${counts.ai} AI audio ${counts.ai === 1 ? 'story' : 'stories'}`}
            </p>
          </div>
          {bedtimeMode ? <HoldToCloseButton onClose={onExitBedtime} label={PLAYBACK_TEXTS.holdToClose} className="text-white" /> : null}
        </header>

        {playlist.isPending ? (
          <p role="status" className="flex min-h-40 items-center justify-center gap-3">
            <Spinner /> Loading stories…
          </p>
        ) : playlist.isError ? (
          <LoadFailed error={playlist.error} onRetry={() => void playlist.refetch()} />
        ) : items.length === 0 ? (
          <EmptyStories kidName={kidName} bedtimeMode={bedtimeMode} />
        ) : (
          <>
            <div className="flex flex-wrap gap-3 mobile:flex-col">
              <Button size="lg" variant={bedtimeMode ? 'honey' : 'primary'} onClick={() => open(0)} disabled={editing} className="mobile:w-full">
                {bedtimeMode ? <MoonIcon /> : <PlayGlyph />}
                {bedtimeMode ? 'Start Bedtime Stories' : 'Play All Stories'}
              </Button>
              {canManage && !editing && !bedtimeMode ? (
                <Button size="lg" variant="secondary" onClick={() => setEditing(true)} className="mobile:w-full">
                  Edit Playlist Order
                </Button>
              ) : null}
              {canManage && !bedtimeMode && !editing ? (
                <Link to={pathTo.child(kidId, { bedtimeMode: true })} className={buttonClasses('night', 'lg', 'mobile:w-full')}>
                  <MoonIcon /> Bedtime Mode
                </Link>
              ) : null}
            </div>
            {editing ? (
              <PlaylistEditor kidId={kidId} items={items} onDone={() => setEditing(false)} />
            ) : (
              <ol aria-label={`${kidName}’s playlist`} className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
                {items.map((item, index) => (
                  <StoryCard key={item.recording_id} item={item} tone={tone} onPlay={() => open(index)} />
                ))}
              </ol>
            )}
          </>
        )}

        {/* Below the stories, once they are in and painted: shown earlier it would jump down as they arrive,
            and its code would hold back their first paint. */}
        {canManage && !editing && storiesPainted ? (
          <BedtimeSettingsForm kidId={kidId} kidName={kidName} />
        ) : null}
      </div>

      {player ? (
        <StoryPlayer
          key={player.key}
          recordings={recordings}
          startIndex={player.startIndex}
          kidId={kidId}
          resumeSeconds={resumeSeconds}
          canReact={canManage}
          bedtime={
            bedtimeMode
              ? { storiesLimit: bedtime.data?.stories_limit, sleepTimerMinutes: bedtime.data?.sleep_timer_minutes }
              : undefined
          }
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

function storyKind(item: PlaylistItem): string {
  if (item.is_ai) return 'AI audio';
  return item.recording.video_url ? 'Video' : 'Audio';
}

function StoryCard({ item, tone, onPlay }: { item: PlaylistItem; tone: 'day' | 'bedtime'; onPlay: () => void }) {
  const { recording } = item;
  const title = recording.book_title ?? 'A removed book';
  const titleId = useId();
  const night = tone === 'bedtime';
  return (
    <li
      aria-labelledby={titleId}
      data-testid="story-card"
      data-recording-id={item.recording_id}
      className={`flex gap-4 rounded-card border p-4 shadow-card ${night ? 'border-white/10 bg-white/5' : 'border-line bg-paper'}`}
    >
      <div className="relative shrink-0">
        {recording.poster_url ? (
          <img src={recording.poster_url} alt="" className="h-24 w-32 rounded-xl bg-night object-cover mobile:h-20 mobile:w-24" />
        ) : (
          <span aria-hidden="true" className={`flex h-24 w-32 items-center justify-center rounded-xl mobile:h-20 mobile:w-24 ${night ? 'bg-white/10' : 'bg-honey-soft'}`}>
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
          {item.resume_seconds > 0 ? <span className={night ? 'text-[#d6d3ee]' : 'text-ink-soft'}>{` · resumes at ${formatDuration(item.resume_seconds)}`}</span> : null}
        </p>
        <div className="mt-auto pt-1">
          <Button size="sm" variant={night ? 'honey' : 'secondary'} onClick={onPlay} aria-label={`Play ${title}`}>
            <PlayGlyph /> Play
          </Button>
        </div>
      </div>
    </li>
  );
}

/** Move up, move down, shuffle, reset; saved on the server so every device plays the same order. */
function PlaylistEditor({ kidId, items, onDone }: { kidId: string; items: PlaylistItem[]; onDone: () => void }) {
  const save = useSavePlaylistOrder(kidId);
  const reset = useResetPlaylistOrder(kidId);
  const [draft, setDraft] = useState(() => items.map((item) => item.recording_id));
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<string | null>(null);
  const headingId = useId();
  const byId = useMemo(() => new Map(items.map((item) => [item.recording_id, item])), [items]);
  // Stories that arrived or went while editing: the saved order still lists each story once.
  const order = orderPlaylist(
    items.map((item) => item.recording_id),
    draft,
  );
  const titleOf = (id: string) => byId.get(id)?.recording.book_title ?? 'A removed book';
  const busy = save.isPending || reset.isPending;

  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [draft]);

  const move = (index: number, direction: 'up' | 'down') => {
    const next = moveItem(order, index, direction);
    if (next[index] === order[index]) return;
    const id = order[index]!;
    const to = direction === 'up' ? index - 1 : index + 1;
    // Keep the focus on the moved story; at either end on its other button.
    const stillMovable = direction === 'up' ? to > 0 : to < order.length - 1;
    focusAfter.current = `${headingId}-${stillMovable ? direction : direction === 'up' ? 'down' : 'up'}-${id}`;
    setDraft(next);
    setAnnouncement(`${titleOf(id)} moved to position ${to + 1} of ${order.length}`);
  };

  const onShuffle = () => {
    setDraft(shuffle(order, Math.random));
    setAnnouncement('Stories shuffled');
  };

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (playlist) => {
        setDraft(playlist.items.map((item) => item.recording_id));
        notify.success(PLAYBACK_TEXTS.orderReset);
        onDone();
      },
      onError: (error) => notify.error(errorText(error, PLAYBACK_TEXTS.orderSaveFailed)),
    });

  const onSave = () =>
    save.mutate(order, {
      onSuccess: () => {
        notify.success(PLAYBACK_TEXTS.orderSaved);
        onDone();
      },
      onError: (error) => notify.error(errorText(error, PLAYBACK_TEXTS.orderSaveFailed)),
    });

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-paper p-6 shadow-card mobile:p-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Edit Playlist Order
      </h2>
      <p className="mb-4 text-base text-ink-soft">Move stories up or down, or shuffle them. The saved order plays the same on every device.</p>
      <ol aria-label="Playlist order" className="flex flex-col gap-2">
        {order.map((id, index) => (
          <li key={id} data-testid="order-item" className="flex items-center gap-3 rounded-xl border border-line bg-cream px-3 py-2">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-base font-bold text-white" aria-hidden="true">
              {index + 1}
            </span>
            <span className="min-w-0 flex-1 truncate text-lg font-semibold">{titleOf(id)}</span>
            <span className="sr-only">{`, position ${index + 1} of ${order.length}`}</span>
            <Button
              id={`${headingId}-up-${id}`}
              size="sm"
              variant="ghost"
              aria-label={`Move ${titleOf(id)} up`}
              aria-disabled={index === 0 || busy || undefined}
              onClick={() => index > 0 && !busy && move(index, 'up')}
            >
              ↑<span className="mobile:sr-only">Up</span>
            </Button>
            <Button
              id={`${headingId}-down-${id}`}
              size="sm"
              variant="ghost"
              aria-label={`Move ${titleOf(id)} down`}
              aria-disabled={index === order.length - 1 || busy || undefined}
              onClick={() => index < order.length - 1 && !busy && move(index, 'down')}
            >
              ↓<span className="mobile:sr-only">Down</span>
            </Button>
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="mt-4 flex flex-wrap gap-3 mobile:flex-col">
        <Button variant="primary" onClick={onSave} disabled={busy} aria-busy={save.isPending || undefined}>
          {save.isPending ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
          Save Order
        </Button>
        <Button variant="secondary" onClick={onShuffle} disabled={busy}>
          Shuffle
        </Button>
        <Button variant="secondary" onClick={onReset} disabled={busy} aria-busy={reset.isPending || undefined}>
          Reset to newest first
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </div>
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
