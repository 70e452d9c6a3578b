import { useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { PARENT_DASHBOARD_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { canAssign } from '@fst/shared/recordings/recordings.rules';
import { Button } from '../../../components/ui/button.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { assignRecording } from '../api/assign-recording.ts';
import { familyRecordingsQueryOptions } from '../../../lib/api/recordings/get-family-recordings.ts';
import { recordingsQueryKey } from '../../../lib/api/recordings/recordings-query-keys.ts';
import { StorySummary, storyTitle } from './story-summary.tsx';

export type AssignKid = { id: string; first_name: string };

/**
 * The family's stories a kid can be given: ready (only ready recordings can be assigned), not already
 * the kid's, matching the search by book title or author.
 */
export function assignableStories(recordings: readonly Recording[], kidId: string, search: string): Recording[] {
  const q = search.trim().toLowerCase();
  return recordings.filter(
    (r) =>
      canAssign(r.processing_status) &&
      !r.kids.some((k) => k.id === kidId) &&
      (!q || (r.book_title ?? '').toLowerCase().includes(q) || (r.book_author ?? '').toLowerCase().includes(q)),
  );
}

type AssignStoryPanelProps = {
  familyId: string;
  kid: AssignKid;
  /** Called after a story was given to the kid. */
  onAssigned?: (recording: Recording) => void;
};

/**
 * Assign Story (spec section 2 "Parent modals"): search the family's finished stories by title or author
 * and give one to the kid. A parent may give a story of their family to its other kids at no cost
 * (decisions.md "Resolved ambiguities").
 */
export function AssignStoryPanel({ familyId, kid, onAssigned }: AssignStoryPanelProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const queryClient = useQueryClient();
  // Asked afresh on every showing: a story may have arrived since.
  const family = useQuery({ ...familyRecordingsQueryOptions(familyId), refetchOnMount: 'always' });
  const assign = useMutation({
    mutationFn: (recording: Recording) => assignRecording(recording.id, { kid_ids: [kid.id] }),
    onSuccess: (_answer, recording) => {
      notify.success(RECORDING_TEXTS.assigned);
      onAssigned?.(recording);
      return queryClient.invalidateQueries({ queryKey: recordingsQueryKey });
    },
    onError: (failure) => notify.error(errorText(failure, RECORDING_TEXTS.assignFailed)),
  });

  const all = family.data?.recordings;
  const ready = useMemo(() => (all ? assignableStories(all, kid.id, '') : []), [all, kid.id]);
  const shown = useMemo(() => (all ? assignableStories(all, kid.id, search) : []), [all, kid.id, search]);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={searchId} className="mb-1.5 block text-base font-semibold text-ink">
          Search stories
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by title or author"
          className="min-h-11 w-full rounded-xl border-2 border-line-strong bg-paper px-4 text-base text-ink placeholder:text-ink-soft/80 focus:border-focus"
        />
      </div>
      {family.isPending ? (
        <p role="status" className="flex items-center justify-center gap-3 py-8 text-ink-soft">
          <Spinner /> Loading your family’s stories…
        </p>
      ) : family.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void family.refetch()}>
          {RECORDING_TEXTS.loadFailed}
        </RetryAlert>
      ) : family.data.recordings.length === 0 ? (
        <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{RECORDING_TEXTS.noReaderRecordings}</p>
      ) : ready.length === 0 ? (
        <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{PARENT_DASHBOARD_TEXTS.allAssigned(kid.first_name)}</p>
      ) : shown.length === 0 ? (
        <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{PARENT_DASHBOARD_TEXTS.noStoryMatch(search.trim())}</p>
      ) : (
        <ul aria-label={`Stories to give ${kid.first_name}`} className="flex max-h-[24rem] flex-col gap-2 overflow-y-auto mobile:max-h-[45dvh]">
          {shown.map((recording) => {
            const busy = assign.isPending && assign.variables?.id === recording.id;
            return (
              <li key={recording.id}>
                <StorySummary
                  recording={recording}
                  actions={
                    <Button size="sm" onClick={() => assign.mutate(recording)} disabled={assign.isPending} aria-busy={busy || undefined}>
                      {busy ? <Spinner className="size-5 border-white/40 border-t-white" /> : <PlusIcon />}
                      <span>
                        Assign
                        <span className="sr-only">
                          {' '}
                          {storyTitle(recording)} to {kid.first_name}
                        </span>
                      </span>
                    </Button>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

type AssignStoryModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  familyId: string;
  kid: AssignKid | null;
  onAssigned?: (recording: Recording) => void;
};

/** The Assign Story modal: the panel above in a dialog of its own. */
export function AssignStoryModal({ open, onOpenChange, familyId, kid, onAssigned }: AssignStoryModalProps) {
  return (
    <Modal
      open={open && kid !== null}
      onOpenChange={onOpenChange}
      title="Assign Story"
      description={kid ? `Pick a finished story to add to ${kid.first_name}’s stories.` : undefined}
      size="lg"
    >
      {open && kid ? <AssignStoryPanel familyId={familyId} kid={kid} {...(onAssigned ? { onAssigned } : {})} /> : null}
    </Modal>
  );
}
