import { useId } from 'react';
import { PLAYBACK_TEXTS } from '@fst/shared/messages';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/view.ts';
import { useReaderReactions } from '../api/get-reader-reactions.ts';
import { ReactionIcon } from './reaction-icon.tsx';
import { REACTION_DISPLAY } from './reactions.ts';

type ReaderReactionsProps = {
  /** Only the reactions to this recording (for a recording's page); all of the reader's otherwise. */
  recordingId?: string;
  /** At most this many, newest first. Default 10. */
  limit?: number;
  /** The heading's level in the page it is dropped into. Default h2. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
};

const timeAgo = (iso: string, now: number): string => {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return formatDate(iso, { dateStyle: 'medium' });
};

/**
 * "Reactions": the hearts and stickers kids sent after the signed-in reader's stories
 * (GET /api/reactions/for-reader). For the reader dashboard and a recording's page.
 */
export function ReaderReactions({ recordingId, limit = 10, headingLevel = 'h2', className = '' }: ReaderReactionsProps) {
  const query = useReaderReactions();
  const headingId = useId();
  const Heading = headingLevel;
  const reactions = (query.data?.reactions ?? []).filter((r) => !recordingId || r.recording_id === recordingId).slice(0, limit);
  // "5 min ago" as of the list's last fetch (every minute while the page is open), not of whichever render.
  const now = query.dataUpdatedAt;

  return (
    <section aria-labelledby={headingId} className={`rounded-card border border-line bg-paper p-6 shadow-card mobile:p-5 ${className}`}>
      <Heading id={headingId} className="mb-3 flex items-center gap-2 text-2xl font-bold">
        <HeartIcon className="text-brand" /> Reactions
      </Heading>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <Spinner /> Loading reactions…
        </p>
      ) : query.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void query.refetch()}>
          {errorText(query.error, PLAYBACK_TEXTS.reactionsLoadFailed)}
        </RetryAlert>
      ) : reactions.length === 0 ? (
        <p className="text-ink-soft">{PLAYBACK_TEXTS.noReactions}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {reactions.map((r) => (
            <li key={r.id} data-testid="reader-reaction" className="flex items-center gap-3 rounded-xl bg-cream px-3 py-2">
              <ReactionIcon reaction={r.reaction} className="size-8 shrink-0" />
              <p className="min-w-0 flex-1 text-base">
                <span className="font-semibold">{r.kid.name}</span>
                {` sent you ${REACTION_DISPLAY[r.reaction].article}`}
                {r.book_title ? (
                  <>
                    {' for '}
                    <span className="font-semibold">{r.book_title}</span>
                  </>
                ) : null}
              </p>
              <time dateTime={r.created_at} className="shrink-0 text-base text-ink-soft">
                {timeAgo(r.created_at, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
