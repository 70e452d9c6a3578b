import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Kid } from '@fst/shared/families/families.schema';
import { PARENT_DASHBOARD_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { Button } from '../../../components/ui/button.tsx';
import { BookIcon, ClockIcon, HeartIcon, MoonIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/view.ts';
import { useFamilyStats } from '../../../lib/api/playback/get-family-stats.ts';
import { familyRecordingsQueryOptions } from '../../../lib/api/recordings/get-family-recordings.ts';
import { useRecording } from '../../../lib/api/recordings/get-recording.ts';
import { useFamilyReaders } from '../../../lib/api/families/get-family-readers.ts';

/** Story time as the dashboard shows it: 0m, <1m, 32m, 1h 5m. */
export function formatStorytime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '0m';
  if (seconds < 60) return '<1m';
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/**
 * True once everything the story stats sections show has arrived or failed: the stats, the family's
 * recordings and readers, and the last watched story. The dashboard shows the sections together then,
 * so none jumps as another loads.
 */
export function useFamilyStoryStatsSettled(familyId: string): boolean {
  const stats = useFamilyStats(familyId);
  const recordings = useQuery(familyRecordingsQueryOptions(familyId));
  const readers = useFamilyReaders(familyId);
  const lastId = stats.data?.last_watched?.recording_id;
  const last = useLastWatchedRecording(familyId, lastId);
  return !stats.isPending && !recordings.isPending && !readers.isPending && (lastId === undefined || !last.isPending);
}

/**
 * The last watched story's recording: taken from the family's recordings when it is among them (the
 * dashboard asks for those anyway: one round trip less before it can draw), otherwise asked for on its own.
 */
function useLastWatchedRecording(familyId: string, recordingId: string | undefined) {
  const recordings = useQuery(familyRecordingsQueryOptions(familyId));
  const listed = recordings.data?.recordings.find((r) => r.id === recordingId);
  const own = useRecording(recordingId ?? '', { enabled: recordingId !== undefined && !recordings.isPending && !listed });
  if (listed) return { isPending: false, isError: false, recording: listed } as const;
  return { isPending: recordings.isPending || own.isPending, isError: own.isError, recording: own.data?.recording } as const;
}

// Two lines kept on a phone whatever the answer: "All caught up! …" and "No stories yet. …" wrap there, and the
// one-line "Counting your stories…" before them pushed the Bedtime Mode button and the page down (a layout shift).
const LINE_KEPT = 'mobile:min-h-14';

/** The count of unwatched stories under the dashboard's title (real play events, decisions.md "Stats are real"). */
export function UnwatchedStories({ familyId }: { familyId: string }) {
  return (
    <div className={LINE_KEPT}>
      <UnwatchedCount familyId={familyId} />
    </div>
  );
}

function UnwatchedCount({ familyId }: { familyId: string }) {
  const stats = useFamilyStats(familyId);
  // The dashboard asks for the family's stories anyway: without any, nothing is "all caught up".
  const recordings = useQuery(familyRecordingsQueryOptions(familyId));
  if (stats.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-lg text-ink-soft">
        <Spinner className="size-5" /> Counting your stories…
      </p>
    );
  }
  if (stats.isError) return <p className="text-lg text-ink-soft">{PARENT_DASHBOARD_TEXTS.statsLoadFailed}</p>;
  const n = stats.data.unwatched;
  if (n === 0 && recordings.isSuccess && !recordings.data.recordings.some((r) => r.processing_status === 'ready')) {
    return (
      <p className="text-lg text-ink" data-testid="unwatched-count">
        {PARENT_DASHBOARD_TEXTS.noStoriesYet}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-lg text-ink" data-testid="unwatched-count">
      <span
        className={`inline-flex min-w-9 items-center justify-center rounded-full px-2 text-lg font-bold ${n > 0 ? 'bg-brand text-white' : 'bg-success-soft text-success'}`}
        aria-hidden="true"
      >
        {n}
      </span>
      {PARENT_DASHBOARD_TEXTS.unwatched(n)}
    </p>
  );
}

function StatCard({ label, value, hint, icon, testId }: { label: string; value: ReactNode; hint?: string; icon: ReactNode; testId: string }) {
  return (
    <li className="flex items-center gap-4 rounded-card border border-line bg-paper p-5 shadow-card mobile:p-4">
      <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-soft text-2xl text-brand">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-base font-semibold text-ink-soft">{label}</p>
        <p className="font-display text-3xl leading-tight font-bold" data-testid={testId}>
          {value}
        </p>
        {hint ? <p className="text-sm text-ink-soft">{hint}</p> : null}
      </div>
    </li>
  );
}

const pending = <Spinner className="size-5" />;

/**
 * The stat cards (spec section 2; decisions.md "Resolved ambiguities"): Recordings Available (the family's
 * finished stories), Watched This Week (from play events) and Family & Friends (the family's readers).
 */
export function FamilyStatCards({ familyId }: { familyId: string }) {
  const stats = useFamilyStats(familyId);
  const recordings = useQuery(familyRecordingsQueryOptions(familyId));
  const readers = useFamilyReaders(familyId);
  const failed = stats.isError || recordings.isError || readers.isError;
  return (
    <section aria-label="Family story stats" className="flex flex-col gap-3">
      <ul className="grid grid-cols-3 gap-4 mobile:grid-cols-1">
        <StatCard
          label="Recordings Available"
          icon={<BookIcon />}
          testId="stat-recordings-available"
          value={recordings.isPending ? pending : recordings.isError ? '–' : recordings.data.recordings.filter((r) => r.processing_status === 'ready').length}
        />
        <StatCard
          label="Watched This Week"
          icon={<HeartIcon />}
          testId="stat-watched-this-week"
          value={stats.isPending ? pending : stats.isError ? '–' : stats.data.watched_this_week}
        />
        <StatCard
          label="Family & Friends"
          icon={<UsersIcon />}
          testId="stat-family-friends"
          hint="reading to your kids"
          value={readers.isPending ? pending : readers.isError ? '–' : readers.data.readers.length}
        />
      </ul>
      {failed ? (
        <RetryAlert
          label="Try Again"
          onRetry={() => {
            if (stats.isError) void stats.refetch();
            if (recordings.isError) void recordings.refetch();
            if (readers.isError) void readers.refetch();
          }}
        >
          {PARENT_DASHBOARD_TEXTS.statsLoadFailed}
        </RetryAlert>
      ) : null}
    </section>
  );
}

type LastWatchedStoryProps = {
  familyId: string;
  kids: readonly Kid[];
  /** Plays the story again for the kid who watched it. */
  onReplay: (recording: Recording, kidId: string) => void;
};

/**
 * The last watched story with Replay, and beside it Times Watched and Today's storytime (decisions.md
 * "Resolved ambiguities": the parent dashboard's stats, all real).
 */
export function LastWatchedStory({ familyId, kids, onReplay }: LastWatchedStoryProps) {
  const headingId = useId();
  const stats = useFamilyStats(familyId);
  const last = stats.data?.last_watched ?? null;
  return (
    <section
      aria-labelledby={headingId}
      className="grid grid-cols-[1fr_auto] items-center gap-6 rounded-card bg-night p-6 text-white shadow-card mobile:grid-cols-1 mobile:p-5"
    >
      <div className="min-w-0">
        <h2 id={headingId} className="mb-2 flex items-center gap-2 text-xl font-bold text-white">
          <MoonIcon /> Last Watched Story
        </h2>
        {stats.isPending ? (
          <p role="status" className="flex items-center gap-3 text-white/80">
            <Spinner className="border-white/30 border-t-white" /> Loading…
          </p>
        ) : stats.isError ? (
          <p className="text-white/80">{PARENT_DASHBOARD_TEXTS.statsLoadFailed}</p>
        ) : last ? (
          <LastWatchedRecording
            familyId={familyId}
            recordingId={last.recording_id}
            kidName={kids.find((k) => k.id === last.kid_id)?.first_name}
            watchedAt={last.watched_at}
            onReplay={(recording) => onReplay(recording, last.kid_id)}
          />
        ) : (
          <p className="text-white/85">{PARENT_DASHBOARD_TEXTS.noLastWatched}</p>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-center mobile:text-left">
        <div className="rounded-2xl bg-white/10 px-4 py-3">
          <dt className="text-sm font-semibold text-white/80">Times Watched</dt>
          <dd className="font-display text-3xl font-bold" data-testid="stat-times-watched">
            {stats.data ? stats.data.times_watched : '–'}
          </dd>
        </div>
        <div className="rounded-2xl bg-white/10 px-4 py-3">
          <dt className="flex items-center justify-center gap-1 text-sm font-semibold text-white/80 mobile:justify-start">
            <ClockIcon /> Today’s storytime
          </dt>
          <dd className="font-display text-3xl font-bold" data-testid="stat-storytime-today">
            {stats.data ? formatStorytime(stats.data.storytime_today_seconds) : '–'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

type LastWatchedRecordingProps = {
  familyId: string;
  recordingId: string;
  kidName: string | undefined;
  watchedAt: string;
  onReplay: (recording: Recording) => void;
};

function LastWatchedRecording({ familyId, recordingId, kidName, watchedAt, onReplay }: LastWatchedRecordingProps) {
  const query = useLastWatchedRecording(familyId, recordingId);
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 text-white/80">
        <Spinner className="border-white/30 border-t-white" /> Loading…
      </p>
    );
  }
  const { recording } = query;
  if (query.isError || !recording) return <p className="text-white/85">{RECORDING_TEXTS.loadOneFailed}</p>;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-display text-2xl leading-snug font-bold break-words" data-testid="last-watched-title">
          {recording.book_title ?? 'A removed book'}
        </p>
        <p className="text-white/85">
          read by {recording.reader_name}
          {kidName ? ` · watched by ${kidName}` : ''} · <time dateTime={watchedAt}>{formatDate(watchedAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        </p>
      </div>
      <Button variant="honey" onClick={() => onReplay(recording)} disabled={recording.processing_status !== 'ready'} className="mobile:w-full">
        Replay
      </Button>
    </div>
  );
}
