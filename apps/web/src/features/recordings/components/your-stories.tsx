import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { READER_DASHBOARD_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { formatDuration, recordingTypeLabel, statusDisplay } from '@fst/shared/recordings/recordings.rules';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths, pathTo } from '../../../lib/paths.ts';
import { useMyRecordings } from '../../../lib/api/recordings/get-my-recordings.ts';
import { useUnsentRecordings } from './use-unsent-recordings.ts';

function RecordingRow({ recording }: { recording: Recording }) {
  const status = statusDisplay(recording.processing_status);
  return (
    <li>
      <Link
        to={pathTo.recording(recording.id)}
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-cream-deep px-4 py-3 hover:bg-brand-soft"
      >
        <span>
          <span className="block font-semibold">{recording.book_title ?? 'A removed book'}</span>
          <span className="block text-base text-ink-soft">
            {recordingTypeLabel(recording.recording_type)} · {formatDuration(recording.duration_seconds)}
            {recording.kid_name ? ` · for ${recording.kid_name}` : ''}
          </span>
        </span>
        <span
          className={`rounded-full px-3 py-0.5 text-base font-bold ${status.tone === 'success' ? 'bg-success-soft text-success' : 'bg-honey-soft text-ink ring-2 ring-honey'}`}
        >
          {status.label}
        </span>
      </Link>
    </li>
  );
}

type YourStoriesProps = {
  userId: string;
  /**
   * Story Requests from Parents, shown below (the requests feature's part, which the dashboard route
   * provides: decision 006).
   */
  requests?: ReactNode;
};

/**
 * The body of the reader dashboard's Your Stories (spec section 2): Stories Finished (ready), Stories In
 * Progress (processing or failed, and readings on this device not sent yet), and the requests part the
 * route passes in. The route gives it its heading.
 */
export function YourStories({ userId, requests }: YourStoriesProps) {
  const mine = useMyRecordings();
  const { sessions: unsent } = useUnsentRecordings(userId);
  const finished = (mine.data ?? []).filter((r) => r.processing_status === 'ready');
  const inProgress = (mine.data ?? []).filter((r) => r.processing_status !== 'ready');

  return (
    <div className="flex flex-col gap-8">
      {mine.isPending ? (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <Spinner /> {READER_DASHBOARD_TEXTS.loadingStories}
        </p>
      ) : mine.isError ? (
        <RetryAlert label="Retry" onRetry={() => void mine.refetch()}>
          {RECORDING_TEXTS.loadFailed}
        </RetryAlert>
      ) : (
        <div className="grid grid-cols-2 gap-6 mobile:grid-cols-1">
          <section aria-label="Stories Finished">
            <h3 className="mb-3 text-xl font-bold">Stories Finished ({finished.length})</h3>
            {finished.length === 0 ? (
              <p className="text-ink-soft">No finished stories yet. Record one for your grandkids!</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {finished.map((r) => (
                  <RecordingRow key={r.id} recording={r} />
                ))}
              </ul>
            )}
          </section>
          <section aria-label="Stories In Progress">
            <h3 className="mb-3 text-xl font-bold">Stories In Progress ({inProgress.length + unsent.length})</h3>
            {inProgress.length + unsent.length === 0 ? (
              <p className="text-ink-soft">Nothing in progress.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {unsent.map((s) => (
                  <li key={s.id}>
                    <Link
                      to={`${paths.record}?bookId=${encodeURIComponent(s.bookId)}`}
                      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-cream-deep px-4 py-3 hover:bg-brand-soft"
                    >
                      <span>
                        <span className="block font-semibold">{s.bookTitle}</span>
                        <span className="block text-base text-ink-soft">
                          {formatDuration(s.durationSeconds)} · for {s.kidNames.join(', ')}
                        </span>
                      </span>
                      <span className="rounded-full bg-honey-soft px-3 py-0.5 text-base font-bold text-ink ring-2 ring-honey">not sent</span>
                    </Link>
                  </li>
                ))}
                {inProgress.map((r) => (
                  <RecordingRow key={r.id} recording={r} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      {requests}
    </div>
  );
}
