import { useState } from 'react';
import type { Role } from '@fst/shared/constants';
import type { MyJoinRequest } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/view.ts';
import { useMyJoinRequests, useWithdrawJoinRequest } from '../api/my-join-requests.ts';
import { NoFamilyState } from './no-family-state.tsx';

function PendingRow({ request }: { request: MyJoinRequest }) {
  const [asking, setAsking] = useState(false);
  const withdraw = useWithdrawJoinRequest();
  const confirm = async () => {
    try {
      await withdraw.mutateAsync(request.id);
      notify.success(FAMILY_PAGE_TEXTS.withdrawn(request.family_name));
    } catch (error) {
      // Handled meanwhile (approved, declined): the list is asked afresh and tells what is true now.
      if (!(error instanceof ApiError && error.status === 404)) notify.error(FAMILY_PAGE_TEXTS.withdrawFailed);
    } finally {
      setAsking(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-semibold">{FAMILY_PAGE_TEXTS.pendingLine(request.family_name)}</p>
        <p className="text-base text-ink-soft">{FAMILY_PAGE_TEXTS.pendingWaiting}</p>
        <p className="text-base text-ink-soft">
          {request.relationship ? <span className="font-medium text-ink">{request.relationship} · </span> : null}
          {FAMILY_PAGE_TEXTS.pendingAsked}{' '}
          <time dateTime={request.created_at}>{formatDate(request.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)} className="mobile:w-full">
        {FAMILY_PAGE_TEXTS.withdraw}
        <span className="sr-only"> to join {request.family_name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={FAMILY_PAGE_TEXTS.withdrawTitle(request.family_name)}
        description={FAMILY_PAGE_TEXTS.withdrawBody}
        confirmLabel={FAMILY_PAGE_TEXTS.withdraw}
        cancelLabel={FAMILY_PAGE_TEXTS.withdrawKeep}
        onConfirm={() => void confirm()}
        busy={withdraw.isPending}
      />
    </li>
  );
}

/**
 * The signed-in person's own pending join requests (issue 22.12): which family, asked when, and that a parent
 * of it must approve; each can be cancelled. Nothing when there are none.
 */
export function MyJoinRequests({ requests }: { requests: MyJoinRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <Card aria-labelledby="my-join-requests-heading" role="region">
      <h2 id="my-join-requests-heading" className="mb-4 flex items-center gap-2 text-2xl font-bold">
        <ClockIcon aria-hidden className="text-brand" />
        {FAMILY_PAGE_TEXTS.pendingHeading}
      </h2>
      <ul className="divide-y divide-line">
        {requests.map((request) => (
          <PendingRow key={request.id} request={request} />
        ))}
      </ul>
    </Card>
  );
}

/**
 * A dashboard's word on joining: the pending requests when there are any (issue 22.12: not "Join your family
 * with the code" once asked), else, for someone in no family yet, how to start.
 */
export function JoinStatus({ role, inAFamily, className = '' }: { role: Role; inAFamily: boolean; className?: string }) {
  const pending = useMyJoinRequests();
  const requests = pending.data?.requests ?? [];
  if (requests.length > 0) {
    return (
      <div className={className}>
        <MyJoinRequests requests={requests} />
      </div>
    );
  }
  if (inAFamily || pending.isPending) return null;
  return (
    <div className={className}>
      <NoFamilyState role={role} />
    </div>
  );
}
