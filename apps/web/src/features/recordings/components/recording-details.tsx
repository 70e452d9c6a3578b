import { use, useId, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { formatShareBalance } from '@fst/shared/billing/billing.rules';
import { UNLIMITED_SHARE_TOKENS } from '@fst/shared/constants';
import { BILLING_MESSAGES, RECORDING_PAGE_TEXTS, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import { assignChoices, canAssign, formatDuration, recordingTypeLabel, statusDisplay } from '@fst/shared/recordings/recordings.rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/view.ts';
import { useAssignRecording } from '../api/assign-recording.ts';
import { useDeleteRecording } from '../api/delete-recording.ts';
import { useRecordableKids } from '../api/get-recordable-kids.ts';
import { useRecording } from '../../../lib/api/recordings/get-recording.ts';
import { useViewUrl } from '../../../lib/api/recordings/get-view-url.ts';
import { KidChecklist, type KidChoice } from './kid-checklist.tsx';
import { premiumKidTerms, premiumQuote, shareTokens, useFamilyTiers } from './premium-choices.ts';
import { PremiumSharingContext, type ShareAccount } from './premium-sharing.ts';

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
              <time dateTime={recording.created_at}>{formatDate(recording.created_at, { dateStyle: 'long' })}</time>
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
  const audio = recording.recording_type === 'audio_only';
  if (recording.processing_status === 'processing') {
    return (
      // A video's box from the start: the details below stay put when it turns ready.
      <p role="status" className={`flex flex-col items-center justify-center gap-3 text-center text-lg text-ink-soft ${audio ? 'min-h-48' : 'aspect-video'}`}>
        <Spinner className="size-9" />
        {RECORDING_PAGE_TEXTS.processing}
      </p>
    );
  }
  if (!ready) return <p className="min-h-24 py-8 text-center text-lg text-ink-soft">{RECORDING_TEXTS.videoUnavailable}</p>;
  if (viewUrl.isError) {
    return (
      <RetryAlert label="Try Again" onRetry={() => void viewUrl.refetch()}>
        {RECORDING_TEXTS.videoUnavailable}
      </RetryAlert>
    );
  }
  // The player is drawn at once, its link filled in when it comes: a loading line in its place was shorter,
  // and the details below jumped down when the video arrived.
  const url = viewUrl.data?.url;
  const loading = url ? null : (
    <p role="status" className="absolute inset-0 flex items-center justify-center gap-3 rounded-2xl bg-paper/90 text-ink-soft">
      <Spinner /> Loading the player…
    </p>
  );
  const label = `${recording.book_title ?? 'Recording'} read by ${recording.reader_name}`;
  if (audio) {
    return (
      <div className="flex flex-col items-center gap-4 py-6">
        <p className="text-lg font-semibold">{label}</p>
        <div className="relative w-full max-w-xl">
          <audio controls preload="metadata" src={url} aria-label={label} className="w-full" />
          {loading}
        </div>
      </div>
    );
  }
  return (
    <div className="relative">
      <video
        controls
        playsInline
        preload="metadata"
        src={url}
        poster={recording.poster_url ?? undefined}
        aria-label={label}
        className="aspect-video w-full rounded-2xl bg-night"
      />
      {loading}
    </div>
  );
}

/** The owner's "Share with more kids": for a premium recording with the share costs of spec section 5. */
function AssignKids({ recording }: { recording: Recording }) {
  const sharing = use(PremiumSharingContext);
  if (!recording.is_premium || !sharing) return <AssignKidsCard recording={recording} premium={null} />;
  const { ShareAccount, ShareBalance } = sharing;
  return <ShareAccount>{(account) => <AssignKidsCard recording={recording} premium={{ account, Balance: ShareBalance }} />}</ShareAccount>;
}

type PremiumAssign = { account: ShareAccount; Balance: ComponentType };

/** The answer of the last assignment, kept on screen: tokens used and left, or the server's refusal for want of tokens. */
type AssignOutcome = { tone: 'success'; text: string } | { tone: 'insufficient'; text: string } | null;

function AssignKidsCard({ recording, premium }: { recording: Recording; premium: PremiumAssign | null }) {
  const kids = useRecordableKids();
  const assign = useAssignRecording(recording.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<AssignOutcome>(null);
  const headingId = useId();
  const costId = useId();
  const assignable = canAssign(recording.processing_status);
  const candidates = kids.status === 'success' ? kids.kids : [];
  const tiers = useFamilyTiers(premium ? candidates.map((k) => k.family_id) : []);
  const account = premium?.account ?? null;
  const ready = account?.status === 'ready' ? account : null;

  // A premium recording's requesting families: those that already have one of its kids (decisions.md).
  const requestingFamilyIds = new Set(recording.kids.map((k) => k.family_id));
  const terms = premium && ready && tiers ? premiumKidTerms(candidates, tiers, ready.plan, requestingFamilyIds) : null;
  const assigned = new Set(recording.kids.map((k) => k.id));
  const choices: KidChoice[] = assignChoices(candidates, assigned).map((kid) => {
    const kidTerms = terms?.get(kid.id);
    return {
      ...kid,
      assigned: kid.disabled,
      ...(kidTerms && !kid.disabled ? { refusal: kidTerms.refusal, cost: shareTokens(kidTerms.cost) } : {}),
    };
  });
  // Only kids that can still be chosen count: a plan change may have made a ticked kid unavailable.
  const chosen = candidates.filter((k) => selected.has(k.id) && !assigned.has(k.id) && !terms?.get(k.id)?.refusal);
  const quote = premium && ready && tiers && chosen.length > 0 ? premiumQuote(chosen, tiers, ready.plan, requestingFamilyIds, ready.shareTokens) : null;
  const insufficient = quote && !quote.ok && quote.error === 'insufficient_tokens' ? quote : null;
  const tokensNeeded = quote?.ok ? quote.tokensNeeded : (insufficient?.tokensNeeded ?? 0);
  // Costs are known before a premium recording can be assigned; the server decides in the end.
  const waitingForCosts = Boolean(premium && (!ready || !tiers));

  const submit = () => {
    if (chosen.length === 0) {
      setError(VALIDATION.selectAtLeastOneChild);
      return;
    }
    setError(undefined);
    setOutcome(null);
    assign.mutate(
      { kid_ids: chosen.map((k) => k.id) },
      {
        onSuccess: (answer) => {
          const spent = answer.share_tokens_used > 0;
          const text =
            spent && answer.share_tokens_remaining < UNLIMITED_SHARE_TOKENS
              ? RECORDING_TEXTS.assignedWithTokens(answer.share_tokens_used, answer.share_tokens_remaining)
              : RECORDING_TEXTS.assigned;
          notify.success(text);
          setOutcome(spent ? { tone: 'success', text } : null);
          setSelected(new Set());
          if (spent) ready?.refresh();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'insufficient_tokens') {
            // The server names what is needed and what is left; the balance shown is then out of date.
            const text = failure.serverMessage ?? RECORDING_TEXTS.insufficientBody(tokensNeeded, ready?.shareTokens ?? 0);
            notify.warning(`${RECORDING_TEXTS.insufficientTitle}: ${text}`);
            setOutcome({ tone: 'insufficient', text });
            ready?.refresh();
            return;
          }
          notify.error(errorText(failure, RECORDING_TEXTS.assignFailed));
        },
      },
    );
  };

  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-2xl font-bold">
          Share with more kids
        </h2>
        {premium && assignable ? (
          <div className="flex flex-col gap-2">
            <p className="text-base text-ink-soft">{BILLING_MESSAGES.shareTokensNote}</p>
            <premium.Balance />
          </div>
        ) : null}
        {!assignable ? (
          <p className="text-ink-soft">Recordings can be shared once they are finished.</p>
        ) : kids.status === 'pending' ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> Loading your kids…
          </p>
        ) : kids.status === 'error' ? (
          <RetryAlert label="Retry" onRetry={kids.retry}>
            Could not load the kids you read to
          </RetryAlert>
        ) : choices.length === 0 ? (
          <p className="text-ink-soft">{RECORDING_TEXTS.noKidsAvailable}</p>
        ) : account?.status === 'error' ? (
          <RetryAlert label="Retry" onRetry={account.retry}>
            Could not load your share tokens
          </RetryAlert>
        ) : waitingForCosts ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> Working out the share costs…
          </p>
        ) : (
          <>
            <KidChecklist
              legend="Choose kids"
              kids={choices}
              selected={selected}
              onChange={(next) => {
                setSelected(next);
                setOutcome(null);
                if (next.size > 0) setError(undefined);
              }}
              disabled={assign.isPending}
              error={error}
            />
            {premium && ready ? (
              <div id={costId} className="flex flex-col gap-2">
                <p className="text-lg" data-testid="share-cost">
                  Total: <span className="font-bold">{shareTokens(tokensNeeded)}</span> · You have{' '}
                  <span className="font-bold">{formatShareBalance(ready.shareTokens)}</span>
                </p>
                {insufficient ? (
                  <Alert tone="info">
                    <p className="font-bold">{RECORDING_TEXTS.insufficientTitle}</p>
                    <p>{RECORDING_TEXTS.insufficientBody(insufficient.tokensNeeded ?? tokensNeeded, insufficient.tokensAvailable ?? ready.shareTokens)}</p>
                  </Alert>
                ) : null}
              </div>
            ) : null}
            {outcome ? (
              <Alert tone={outcome.tone === 'success' ? 'success' : 'info'}>
                {outcome.tone === 'insufficient' ? <p className="font-bold">{RECORDING_TEXTS.insufficientTitle}</p> : null}
                <p>{outcome.text}</p>
              </Alert>
            ) : null}
            <Button
              onClick={submit}
              disabled={assign.isPending || Boolean(insufficient)}
              aria-busy={assign.isPending || undefined}
              aria-describedby={premium && ready ? costId : undefined}
              className="self-start mobile:self-stretch"
            >
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
