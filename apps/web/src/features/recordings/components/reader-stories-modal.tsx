import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReaderRecordings } from '../../../lib/api/recordings/get-reader-recordings.ts';
import type { PlayStories } from './kid-stories-modal.tsx';
import { PlayGlyph, StorySummary, storyTitle } from './story-summary.tsx';

export type StoriesReader = { id: string; name: string; first_name: string };

type ReaderStoriesModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reader: StoriesReader | null;
  /** The family shown: a story plays as watched by the first of its kids in this family. */
  familyId: string;
  onPlay: PlayStories;
};

/** Stories by a reader (spec section 2 "Parent modals"): the reader's finished stories for the family, each with Watch Recording. */
export function ReaderStoriesModal({ open, onOpenChange, reader, familyId, onPlay }: ReaderStoriesModalProps) {
  return (
    <Modal open={open && reader !== null} onOpenChange={onOpenChange} title={reader ? `Stories by ${reader.name}` : 'Stories'} size="lg">
      {open && reader ? <ReaderStories reader={reader} familyId={familyId} onPlay={onPlay} /> : null}
    </Modal>
  );
}

function ReaderStories({ reader, familyId, onPlay }: { reader: StoriesReader; familyId: string; onPlay: PlayStories }) {
  const stories = useReaderRecordings(reader.id);
  if (stories.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-8 text-ink-soft">
        <Spinner /> Loading {reader.first_name}’s stories…
      </p>
    );
  }
  if (stories.isError) {
    return (
      <RetryAlert label="Try Again" onRetry={() => void stories.refetch()}>
        {RECORDING_TEXTS.loadFailed}
      </RetryAlert>
    );
  }
  const ready = stories.data.recordings.filter((r) => r.processing_status === 'ready');
  if (ready.length === 0) return <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{RECORDING_TEXTS.noReaderRecordings}</p>;
  const kidOf = (recording: Recording) => (recording.kids.find((k) => k.family_id === familyId) ?? recording.kids[0])?.id;
  return (
    <ul aria-label={`Stories by ${reader.name}`} className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto mobile:max-h-[60dvh]">
      {ready.map((recording) => (
        <li key={recording.id}>
          <StorySummary
            recording={recording}
            badges={recording.kid_name ? <span className="text-sm text-ink-soft">for {recording.kid_name}</span> : null}
            actions={
              <Button size="sm" onClick={() => onPlay([recording], 0, kidOf(recording))}>
                <PlayGlyph />
                <span>
                  Watch Recording<span className="sr-only">: {storyTitle(recording)}</span>
                </span>
              </Button>
            }
          />
        </li>
      ))}
    </ul>
  );
}
