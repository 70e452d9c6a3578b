import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { BOOK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { MicIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/toast.ts';
import type { RecordingList } from '../../../lib/api/recordings/get-family-recordings.ts';
import { useRecentAiRecordings } from '../api/get-recent-ai-recordings.ts';
import { useRecentRecordings } from '../api/get-recent-recordings.ts';
import type { PlayStories } from './kid-stories-modal.tsx';
import { PlayGlyph, StorySummary, storyTitle } from './story-summary.tsx';

/** Spec section 8: a failed recent list is a warning, once per failure. */
function useWarningToast(isError: boolean, errorUpdatedAt: number, message: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (!isError || errorUpdatedAt === shown.current) return;
    shown.current = errorUpdatedAt;
    notify.warning(message);
  }, [isError, errorUpdatedAt, message]);
}

/**
 * Recent Stories on the parent dashboard (spec section 2): the family's newest reader stories and AI voice
 * stories, each playable.
 */
export function RecentStories({ familyId, onPlay }: { familyId: string; onPlay: PlayStories }) {
  const headingId = useId();
  const readerStories = useRecentRecordings(familyId);
  const aiStories = useRecentAiRecordings(familyId);
  useWarningToast(readerStories.isError || aiStories.isError, Math.max(readerStories.errorUpdatedAt, aiStories.errorUpdatedAt), BOOK_TEXTS.recentLoadFailed);
  const kidOf = (recording: Recording) => (recording.kids.find((k) => k.family_id === familyId) ?? recording.kids[0])?.id;

  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-5">
        <h2 id={headingId} className="text-2xl font-bold">
          Recent Stories
        </h2>
        <div className="grid grid-cols-2 gap-6 mobile:grid-cols-1">
          <StoryGroup
            title="Reader Stories"
            icon={<MicIcon className="text-brand" />}
            query={readerStories}
            emptyText={RECORDING_TEXTS.noReaderRecordings}
            onPlay={(recording) => onPlay([recording], 0, kidOf(recording))}
          />
          <StoryGroup
            title="AI Voice Stories"
            icon={<SparklesIcon className="text-night" />}
            query={aiStories}
            emptyText={RECORDING_TEXTS.noAiStories}
            onPlay={(recording) => onPlay([recording], 0, kidOf(recording))}
          />
        </div>
      </section>
    </Card>
  );
}

type StoryGroupProps = {
  title: string;
  icon: ReactNode;
  query: UseQueryResult<RecordingList>;
  emptyText: string;
  onPlay: (recording: Recording) => void;
};

function StoryGroup({ title, icon, query, emptyText, onPlay }: StoryGroupProps) {
  const headingId = useId();
  const ready = (query.data?.recordings ?? []).filter((r) => r.processing_status === 'ready');
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h3 id={headingId} className="flex items-center gap-2 text-xl font-bold">
        {icon} {title}
      </h3>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <Spinner /> Loading stories…
        </p>
      ) : query.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void query.refetch()}>
          {BOOK_TEXTS.recentLoadFailed}
        </RetryAlert>
      ) : ready.length === 0 ? (
        <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{emptyText}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {ready.map((recording) => (
            <li key={recording.id}>
              <StorySummary
                recording={recording}
                badges={recording.is_ai && recording.voice_name ? <span className="text-sm text-ink-soft">in {recording.voice_name}</span> : null}
                actions={
                  <Button size="sm" variant="secondary" onClick={() => onPlay(recording)}>
                    <PlayGlyph />
                    <span>
                      Watch<span className="sr-only"> {storyTitle(recording)}</span>
                    </span>
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
