import { useState } from 'react';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { useJoinRequests } from '../api/get-join-requests.ts';
import { JoinRequestsModal } from './join-requests-modal.tsx';

/** The dashboard bell of a family admin: a badge of pending join requests, polled every 60 s. */
export function JoinRequestsBell({ familyId, familyName }: { familyId: string; familyName: string }) {
  const [open, setOpen] = useState(false);
  const requests = useJoinRequests(familyId);
  const count = requests.data?.requests.length ?? 0;
  const label = count === 0 ? 'Join requests' : `Join requests, ${count} pending`;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full border-2 border-line-strong bg-paper text-2xl text-ink hover:border-brand/60 hover:text-brand-dark"
      >
        <BellIcon />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-1.5 -right-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-danger px-1.5 text-sm leading-6 font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      <JoinRequestsModal familyId={familyId} familyName={familyName} open={open} onOpenChange={setOpen} />
    </>
  );
}
