import { useState, type ReactNode } from 'react';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { PARENT_DASHBOARD_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useKidRecordings } from '../api/get-kid-recordings.ts';
import { PlayGlyph, StorySummary, storyTitle } from './story-summary.tsx';

export type StoriesKid = { id: string; first_name: string };

/** Plays `recordings` from `index` for a kid (the app's full-screen player). */
export type PlayStories = (recordings: Recording[], index: number, kidId?: string) => void;

type KidStoriesModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kid: StoriesKid | null;
  /**
   * Whether the kid has watched each story, by recording id (real play events, from the playback feature);
   * undefined while unknown.
   */
  watched: ReadonlyMap<string, boolean> | undefined;
  /** The Queued Stories tab's content, filled in by the app (the requests feature; docs/decisions/006). */
  queued: ReactNode;
  onPlay: PlayStories;
  /** Opens the Assign Story modal for the kid. */
  onAssign?: (() => void) | undefined;
};

type KidStoriesTab = 'current' | 'queued';

/**
 * The child stories modal (spec section 2 "Parent modals"): Current Stories, the kid's finished stories
 * with whether the kid has watched each; Queued Stories, the requests still waiting for a reader.
 */
export function KidStoriesModal({ open, onOpenChange, kid, watched, queued, onPlay, onAssign }: KidStoriesModalProps) {
  const [tab, setTab] = useState<KidStoriesTab>('current');
  return (
    <Modal
      open={open && kid !== null}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setTab('current');
      }}
      title={kid ? `${kid.first_name}’s Stories` : 'Stories'}
      size="lg"
    >
      {open && kid ? (
        <Tabs value={tab} onValueChange={(value) => setTab(value as KidStoriesTab)}>
          <TabsList aria-label={`${kid.first_name}’s stories`}>
            <TabsTrigger value="current">Current Stories</TabsTrigger>
            <TabsTrigger value="queued">Queued Stories</TabsTrigger>
          </TabsList>
          <TabsContent value="current">
            <CurrentStories kid={kid} watched={watched} onPlay={onPlay} onAssign={onAssign} />
          </TabsContent>
          <TabsContent value="queued">{queued}</TabsContent>
        </Tabs>
      ) : null}
    </Modal>
  );
}

function WatchedBadge({ watched }: { watched: boolean | undefined }) {
  if (watched === undefined) return null;
  return watched ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-bold text-success">
      <CheckIcon /> {PARENT_DASHBOARD_TEXTS.watched}
    </span>
  ) : (
    <span className="rounded-full bg-honey-soft px-2.5 py-0.5 text-sm font-bold text-ink ring-2 ring-honey">{RECORDING_TEXTS.notWatchedYet}</span>
  );
}

type CurrentStoriesProps = {
  kid: StoriesKid;
  watched: ReadonlyMap<string, boolean> | undefined;
  onPlay: PlayStories;
  onAssign?: (() => void) | undefined;
};

function CurrentStories({ kid, watched, onPlay, onAssign }: CurrentStoriesProps) {
  // Asked afresh on every showing: a reader may have recorded a story since.
  const stories = useKidRecordings(kid.id, { refetchOnMount: 'always' });
  const assign = onAssign ? (
    <Button variant="secondary" size="sm" onClick={onAssign} className="self-start mobile:self-stretch">
      Assign Story
    </Button>
  ) : null;

  if (stories.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-8 text-ink-soft">
        <Spinner /> Loading {kid.first_name}’s stories…
      </p>
    );
  }
  if (stories.isError) {
    return (
      <RetryAlert label="Try Again" onRetry={() => void stories.refetch()}>
        {RECORDING_TEXTS.storiesLoadFailed}
      </RetryAlert>
    );
  }
  const ready = stories.data.recordings.filter((r) => r.processing_status === 'ready');
  if (ready.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{PARENT_DASHBOARD_TEXTS.noCurrentStories(kid.first_name)}</p>
        {assign}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={`Current stories for ${kid.first_name}`} className="flex max-h-[26rem] flex-col gap-2 overflow-y-auto mobile:max-h-[50dvh]">
        {ready.map((recording, index) => (
          <li key={recording.id}>
            <StorySummary
              recording={recording}
              badges={<WatchedBadge watched={watched ? (watched.get(recording.id) ?? false) : undefined} />}
              actions={
                <Button size="sm" onClick={() => onPlay(ready, index, kid.id)}>
                  <PlayGlyph />
                  <span>
                    Play<span className="sr-only"> {storyTitle(recording)}</span>
                  </span>
                </Button>
              }
            />
          </li>
        ))}
      </ul>
      {assign}
    </div>
  );
}
