import { useId, type ComponentType, type SVGProps } from 'react';
import type { ReaderDashboardStats } from '@fst/shared/playback/playback.schema';
import { READER_DASHBOARD_TEXTS } from '@fst/shared/messages';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { ClockIcon, HeartIcon, MicIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import { useReaderStats } from '../api/get-reader-stats.ts';

type Stat = { key: keyof ReaderDashboardStats; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string };

// Spec section 2 "Reader dashboard": the four cards, in the spec's order.
const STATS: readonly Stat[] = [
  { key: 'stories_recorded', label: 'Stories Recorded', Icon: MicIcon, tone: 'bg-brand-soft text-brand-dark' },
  { key: 'times_watched', label: 'Times Watched', Icon: SparklesIcon, tone: 'bg-night-soft text-night' },
  { key: 'happy_grandkids', label: 'Happy Grandkids', Icon: HeartIcon, tone: 'bg-sage-soft text-sage' },
  { key: 'stories_queued', label: 'Stories Queued', Icon: ClockIcon, tone: 'bg-honey-soft text-ink' },
];

/** The reader dashboard's stat cards, with real numbers from the reader's recordings, plays and requests. */
export function ReaderStatCards() {
  const headingId = useId();
  const stats = useReaderStats();

  if (stats.isError) {
    return (
      <RetryAlert label="Retry" onRetry={() => void stats.refetch()} className="mb-8">
        {READER_DASHBOARD_TEXTS.statsLoadFailed}
      </RetryAlert>
    );
  }

  return (
    <section aria-labelledby={headingId} aria-busy={stats.isPending || undefined} className="mb-8">
      <h2 id={headingId} className="sr-only">
        Your stats
      </h2>
      {stats.isPending ? (
        <p role="status" className="sr-only">
          Loading your stats…
        </p>
      ) : null}
      <dl className="grid grid-cols-4 gap-4 mobile:grid-cols-2 mobile:gap-3">
        {STATS.map(({ key, label, Icon, tone }) => (
          <div key={key} data-stat={key} className="flex flex-col gap-2 rounded-card border border-line bg-paper p-5 shadow-card mobile:p-4">
            <dt className="flex items-center gap-3 text-base text-ink-soft">
              <span aria-hidden="true" className={`inline-flex size-10 shrink-0 items-center justify-center rounded-2xl text-xl ${tone}`}>
                <Icon />
              </span>
              {label}
            </dt>
            <dd className="text-4xl font-bold tabular-nums mobile:text-3xl">
              {stats.data ? stats.data[key] : <span className="inline-block h-9 w-12 animate-pulse-late rounded-lg bg-cream-deep align-middle" />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
