import { useRef } from 'react';
import type { JoinRequest } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/view.ts';
import { useJoinRequests } from '../api/get-join-requests.ts';
import { useRefreshJoinRequests, useReviewJoinRequest } from '../api/review-join-request.ts';

const fullName = (request: JoinRequest) => `${request.requester.first_name} ${request.requester.last_name}`.trim();

function RequestRow({ request, onHandled }: { request: JoinRequest; onHandled: () => void }) {
  const review = useReviewJoinRequest();
  const refresh = useRefreshJoinRequests();
  const name = fullName(request);
  // The promise, not mutate's callbacks: on success this row leaves the list (and unmounts) first.
  const decide = async (action: 'approve' | 'reject') => {
    try {
      await review.mutateAsync({ familyId: request.family_id, requestId: request.id, action });
      notify.success(action === 'approve' ? FAMILY_PAGE_TEXTS.requestApproved(name) : FAMILY_PAGE_TEXTS.requestRejected(name));
      onHandled();
    } catch (error) {
      // Reviewed already (an answer lost on the way, or another admin): it is done; the list is asked afresh.
      if (error instanceof ApiError && error.status === 409) {
        notify.info(errorText(error, FAMILY_TEXTS.processRequestFailed));
        await refresh(request.family_id);
        onHandled();
        return;
      }
      notify.error(FAMILY_TEXTS.processRequestFailed);
    }
  };
  const busy = review.isPending;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-semibold">{name}</p>
        <p className="break-all text-base text-ink-soft">{request.requester.email}</p>
        <p className="text-base text-ink-soft">
          {request.relationship ? <span className="font-medium text-ink">{request.relationship} · </span> : null}
          Requested <time dateTime={request.created_at}>{formatDate(request.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        </p>
      </div>
      <div className="flex gap-2 mobile:w-full">
        <Button size="sm" onClick={() => void decide('approve')} disabled={busy} className="mobile:flex-1">
          Approve<span className="sr-only"> {name}</span>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void decide('reject')} disabled={busy} className="mobile:flex-1">
          Reject<span className="sr-only"> {name}</span>
        </Button>
      </div>
    </li>
  );
}

type JoinRequestsModalProps = { familyId: string; familyName: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Join Requests (spec section 2, parent modals): approve or reject; a handled row leaves the list. */
export function JoinRequestsModal({ familyId, familyName, open, onOpenChange }: JoinRequestsModalProps) {
  const requests = useJoinRequests(familyId);
  // A handled row takes its focused button with it; the summary line takes the focus instead.
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const pending = requests.data?.requests ?? [];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Join Requests" description={`People who asked to join ${familyName}.`}>
      {requests.isPending ? <LoadingScreen label={FAMILY_PAGE_TEXTS.requestsLoading} /> : null}
      {requests.isError ? (
        <RetryAlert label="Retry" onRetry={() => void requests.refetch()}>
          {FAMILY_PAGE_TEXTS.requestsLoadFailed}
        </RetryAlert>
      ) : null}
      {requests.isSuccess ? (
        <>
          <p
            ref={summaryRef}
            tabIndex={-1}
            className={
              pending.length === 0
                ? 'rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft focus:outline-none'
                : 'mb-3 text-base font-semibold text-ink-soft focus:outline-none'
            }
          >
            {pending.length === 0 ? FAMILY_PAGE_TEXTS.noJoinRequests : pending.length === 1 ? '1 request waiting' : `${pending.length} requests waiting`}
          </p>
          {pending.length > 0 ? (
            <ul aria-label="Pending join requests" className="flex flex-col divide-y divide-line">
              {pending.map((request) => (
                <RequestRow key={request.id} request={request} onHandled={() => summaryRef.current?.focus()} />
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
