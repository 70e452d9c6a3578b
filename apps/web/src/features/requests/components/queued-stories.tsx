import { useState } from 'react';
import type { QueueItem } from '@fst/shared/requests/requests.schema';
import { REQUEST_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CloseIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useCancelRequest } from '../api/cancel-request.ts';
import { useKidQueue } from '../../../lib/api/requests/get-kid-queue.ts';

/**
 * A kid's queued stories (spec section 4 "Story row"): pending requests with a QUEUED badge, until the
 * reader records them; the parent who asked (or the family admin) may cancel one.
 */
export function QueuedStories({ kidId, kidName }: { kidId: string; kidName: string }) {
  // Asked afresh on every showing: a reader may have recorded a story since.
  const queue = useKidQueue(kidId, { refetchOnMount: 'always' });
  const cancel = useCancelRequest();
  const [confirming, setConfirming] = useState<QueueItem | null>(null);

  const confirmCancel = () => {
    if (!confirming) return;
    cancel.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        notify.success(REQUEST_TEXTS.cancelled);
      },
      onError: (failure) => {
        setConfirming(null);
        notify.error(errorText(failure, REQUEST_TEXTS.cancelFailed));
      },
    });
  };

  if (queue.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-8 text-ink-soft">
        <Spinner /> {REQUEST_TEXTS.queueLoading}
      </p>
    );
  }
  if (queue.isError) {
    return (
      <RetryAlert label="Try Again" onRetry={() => void queue.refetch()}>
        {REQUEST_TEXTS.queueLoadFailed}
      </RetryAlert>
    );
  }
  const requests = queue.data.requests;
  if (requests.length === 0) {
    return <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{REQUEST_TEXTS.noQueued(kidName)}</p>;
  }
  return (
    <>
      <ul aria-label={`Queued stories for ${kidName}`} className="flex flex-col gap-2">
        {requests.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3 rounded-2xl bg-cream-deep px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold break-words">{item.book.title}</span>
                <span className="rounded-full bg-honey px-2.5 py-0.5 text-sm font-bold tracking-wide text-ink">{REQUEST_TEXTS.queuedBadge}</span>
                {item.is_premium ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-night-soft px-2.5 py-0.5 text-sm font-bold text-night">
                    <SparklesIcon /> Premium
                  </span>
                ) : null}
              </p>
              <p className="text-base text-ink-soft">
                by {item.book.author} · asked of {item.reader.name}
                {item.requested_by.name ? ` by ${item.requested_by.name}` : ''}
              </p>
            </div>
            {item.can_cancel ? (
              <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-soft" onClick={() => setConfirming(item)}>
                <CloseIcon />
                <span>
                  Cancel<span className="sr-only"> the request for {item.book.title}</span>
                </span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={REQUEST_TEXTS.cancelTitle}
        description={confirming ? REQUEST_TEXTS.cancelBody(confirming.reader.first_name, confirming.book.title, kidName) : ''}
        confirmLabel="Cancel Request"
        cancelLabel="Keep It"
        onConfirm={confirmCancel}
        busy={cancel.isPending}
      />
    </>
  );
}
