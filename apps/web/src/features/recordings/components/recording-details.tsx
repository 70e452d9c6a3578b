import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { RECORDING_PAGE_TEXTS, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import { assignChoices, canAssign, formatDuration, recordingTypeLabel, statusDisplay } from '@fst/shared/recordings/recordings.rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useAssignRecording } from '../api/assign-recording.ts';
import { useDeleteRecording } from '../api/delete-recording.ts';
import { useRecordableKids } from '../api/get-recordable-kids.ts';
import { useRecording } from '../api/get-recording.ts';
import { useViewUrl } from '../api/get-view-url.ts';
import { KidChecklist } from './kid-checklist.tsx';

/** `/recording/{recordingId}`: a recording's details, player, assignment and delete (spec section 2). */
export function RecordingDetails({ recordingId, backTo }: { recordingId: string; backTo: string }) {
  const query = useRecording(recordingId);
  if (query.isPending) return <LoadingScreen label="Loading the recording…" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="mx-auto max-w-xl px-6 py-12 mobile:px-4">
        <PageTitle title={missing ? RECORDING_TEXTS.notFound : 'Recording'} />
        <Card className="flex flex-col items-center gap-4 text-center">
          {missing ? (
            <h1 className="text-2xl font-bold">{RECORDING_TEXTS.notFound}</h1>
          ) : (
            <>
              <h1 className="sr-only">Recording</h1>
              <Alert tone="error">{RECORDING_TEXTS.loadOneFailed}</Alert>
              <Button size="sm" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            </>
          )}
          <ButtonLink to={backTo} variant="secondary" size="sm">
            Back to Dashboard
          </ButtonLink>
        </Card>
      </div>
    );
  }
  return <RecordingPage recording={query.data.recording} backTo={backTo} />;
}

function StatusBadge({ status }: { status: string }) {
  const display = statusDisplay(status);
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-0.5 text-base font-bold ${display.tone === 'success' ? 'bg-success-soft text-success' : 'bg-honey-soft text-ink ring-2 ring-honey'}`}
    >
      {display.label}
    </span>
  );
}

function RecordingPage({ recording, backTo }: { recording: Recording; backTo: string }) {
  const title = recording.book_title ?? 'A removed book';
  const date = new Date(recording.created_at);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title={`Recording: ${title}`} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-4xl font-bold mobile:text-3xl">{title}</h1>
          {recording.book_author ? <p className="text-lg text-ink-soft">by {recording.book_author}</p> : null}
        </div>
        <ButtonLink to={backTo} variant="secondary" size="sm">
          Back to Dashboard
        </ButtonLink>
      </div>
      <Card>
        <Player recording={recording} />
      </Card>
      <Card>
        <section aria-labelledby="recording-facts">
          <h2 id="recording-facts" className="mb-4 text-2xl font-bold">
            About this recording
          </h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-lg mobile:grid-cols-1 mobile:gap-y-1">
            <dt className="font-semibold text-ink-soft">Book</dt>
            <dd className="mobile:mb-2">{title}</dd>
            <dt className="font-semibold text-ink-soft">Duration</dt>
            <dd className="mobile:mb-2">{formatDuration(recording.duration_seconds)}</dd>
            <dt className="font-semibold text-ink-soft">Type</dt>
            <dd className="mobile:mb-2">{recordingTypeLabel(recording.recording_type)}</dd>
            <dt className="font-semibold text-ink-soft">Status</dt>
            <dd className="mobile:mb-2">
              <span data-testid="recording-status">
                <StatusBadge status={recording.processing_status} />
              </span>
              {recording.is_owner && recording.failure_reason ? <span className="ml-3 text-base text-danger">{recording.failure_reason}</span> : null}
            </dd>
            <dt className="font-semibold text-ink-soft">Recorded</dt>
            <dd className="mobile:mb-2">
              <time dateTime={recording.created_at}>{date.toLocaleDateString(undefined, { dateStyle: 'long' })}</time>
            </dd>
            <dt className="font-semibold text-ink-soft">Reader</dt>
            <dd className="mobile:mb-2">{recording.reader_name}</dd>
            <dt className="font-semibold text-ink-soft">For</dt>
            <dd>
              {recording.kids.length === 0 ? (
                <span className="text-ink-soft">No kids yet</span>
              ) : (
                <ul aria-label="Assigned kids" className="flex flex-wrap gap-2">
                  {recording.kids.map((kid) => (
                    <li key={kid.id} className="rounded-full bg-cream-deep px-3 py-0.5">
                      {kid.name} <span className="text-base text-ink-soft">({kid.family_name})</span>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
        </section>
      </Card>
      {recording.is_owner ? (
        <div className="grid grid-cols-2 items-start gap-6 mobile:grid-cols-1">
          <AssignKids recording={recording} />
          <DeleteRecording recording={recording} backTo={backTo} />
        </div>
      ) : null}
    </div>
  );
}

function Player({ recording }: { recording: Recording }) {
  const ready = recording.processing_status === 'ready';
  const viewUrl = useViewUrl(recording.id, { enabled: ready });
  if (recording.processing_status === 'processing') {
    return (
      <p role="status" className="flex min-h-48 flex-col items-center justify-center gap-3 text-center text-lg text-ink-soft">
        <Spinner className="size-9" />
        {RECORDING_PAGE_TEXTS.processing}
      </p>
    );
  }
  if (!ready) return <p className="min-h-24 py-8 text-center text-lg text-ink-soft">{RECORDING_TEXTS.videoUnavailable}</p>;
  if (viewUrl.isPending) {
    return (
      <p role="status" className="flex min-h-48 items-center justify-center gap-3 text-ink-soft">
        <Spinner /> Loading the player…
      </p>
    );
  }
  if (viewUrl.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>{RECORDING_TEXTS.videoUnavailable}</span>
        <Button size="sm" variant="secondary" onClick={() => void viewUrl.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const label = `${recording.book_title ?? 'Recording'} read by ${recording.reader_name}`;
  if (recording.recording_type === 'audio_only') {
    return (
      <div className="flex flex-col items-center gap-4 py-6">
        <p className="text-lg font-semibold">{label}</p>
        <audio controls preload="metadata" src={viewUrl.data.url} aria-label={label} className="w-full max-w-xl" />
      </div>
    );
  }
  return (
    <video
      controls
      playsInline
      preload="metadata"
      src={viewUrl.data.url}
      poster={recording.poster_url ?? undefined}
      aria-label={label}
      className="aspect-video w-full rounded-2xl bg-night"
    />
  );
}

function AssignKids({ recording }: { recording: Recording }) {
  const kids = useRecordableKids();
  const assign = useAssignRecording(recording.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const assignable = canAssign(recording.processing_status);

  const submit = () => {
    if (selected.size === 0) {
      setError(VALIDATION.selectAtLeastOneChild);
      return;
    }
    setError(undefined);
    assign.mutate(
      { kid_ids: [...selected] },
      {
        onSuccess: (answer) => {
          notify.success(answer.share_tokens_used > 0 ? RECORDING_TEXTS.assignedWithTokens(answer.share_tokens_used, answer.share_tokens_remaining) : RECORDING_TEXTS.assigned);
          setSelected(new Set());
        },
        onError: (failure) => notify.error(errorText(failure, RECORDING_TEXTS.assignFailed)),
      },
    );
  };

  const choices =
    kids.status === 'success'
      ? assignChoices(kids.kids, recording.kids.map((k) => k.id)).map((k) => ({ ...k, ...(k.disabled ? { note: 'already has it' } : {}) }))
      : [];

  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-2xl font-bold">
          Share with more kids
        </h2>
        {!assignable ? (
          <p className="text-ink-soft">Recordings can be shared once they are finished.</p>
        ) : kids.status === 'pending' ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> Loading your kids…
          </p>
        ) : kids.status === 'error' ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>Could not load the kids you read to</span>
            <Button size="sm" variant="secondary" onClick={kids.retry}>
              Retry
            </Button>
          </Alert>
        ) : choices.length === 0 ? (
          <p className="text-ink-soft">{RECORDING_TEXTS.noKidsAvailable}</p>
        ) : (
          <>
            <KidChecklist
              legend="Choose kids"
              kids={choices}
              selected={selected}
              onChange={(next) => {
                setSelected(next);
                if (next.size > 0) setError(undefined);
              }}
              disabled={assign.isPending}
              error={error}
            />
            <Button onClick={submit} disabled={assign.isPending} aria-busy={assign.isPending || undefined} className="self-start">
              {assign.isPending ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
              Assign Recording
            </Button>
          </>
        )}
      </section>
    </Card>
  );
}

function DeleteRecording({ recording, backTo }: { recording: Recording; backTo: string }) {
  const navigate = useNavigate();
  const remove = useDeleteRecording();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const confirm = () =>
    remove.mutate(recording.id, {
      onSuccess: () => {
        setOpen(false);
        notify.success(RECORDING_TEXTS.deleted);
        void navigate(backTo);
      },
      onError: (failure) => notify.error(errorText(failure, RECORDING_TEXTS.deleteFailed)),
    });
  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-2xl font-bold">
          Delete recording
        </h2>
        <p className="text-ink-soft">The kids it is shared with will no longer see it.</p>
        <Button variant="danger" onClick={() => setOpen(true)} className="self-start">
          <TrashIcon /> Delete Recording
        </Button>
      </section>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this recording?"
        description={RECORDING_PAGE_TEXTS.deleteConfirm}
        confirmLabel="Delete"
        onConfirm={confirm}
        busy={remove.isPending}
      />
    </Card>
  );
}

