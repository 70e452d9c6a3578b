import { useEffect, useRef, useState } from 'react';
import type { Kid } from '@fst/shared/families/families.schema';
import { DEVICE_TEXTS, FAMILY_PAGE_TEXTS, FAMILY_TEXTS, VALIDATION } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PencilIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';
import { useDeleteKid } from '../api/delete-kid.ts';
import { Avatar } from './avatar.tsx';

type ChildrenListProps = {
  familyId: string;
  kids: Kid[];
  /** Only the family admin edits and removes kids (spec section 6). */
  canManage: boolean;
  onEdit: (kid: Kid) => void;
  /** The family's parents set up a kid's own device (issue 26); absent for others. */
  onSetUpDevice?: (kid: Kid) => void;
};

export function ChildrenList({ familyId, kids, canManage, onEdit, onSetUpDevice }: ChildrenListProps) {
  const remove = useDeleteKid();
  const [confirming, setConfirming] = useState<Kid | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The confirmation has no Radix trigger to return to: once it is gone, the Delete button that
  // opened it gets the focus back, or the list heading when that kid's row has gone too.
  const openedFrom = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (confirming !== null || !openedFrom.current) return;
    const target = openedFrom.current.isConnected ? openedFrom.current : headingRef.current;
    openedFrom.current = null;
    // After the dialog's focus trap has let go.
    const timer = window.setTimeout(() => target?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [confirming]);

  const confirmRemove = () => {
    if (!confirming) return;
    const kid = confirming;
    remove.mutate(
      { familyId, kidId: kid.id },
      {
        onSuccess: () => {
          setConfirming(null);
          notify.success(FAMILY_PAGE_TEXTS.kidRemoved(kid.first_name));
        },
        onError: () => {
          setConfirming(null);
          notify.error(FAMILY_TEXTS.kidDeleteFailed);
        },
      },
    );
  };

  return (
    <Card>
      <section aria-labelledby="children-heading">
        <h2 id="children-heading" ref={headingRef} tabIndex={-1} className="mb-4 text-2xl font-bold focus:outline-none">
          Children
        </h2>
        {kids.length === 0 ? (
          <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{FAMILY_TEXTS.noChildren}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {kids.map((kid) => (
              <li key={kid.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
                <Avatar initials={kid.avatar} color={kid.avatarColor} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{kid.first_name}</p>
                  <p className="text-base text-ink-soft">Age {kid.age}</p>
                </div>
                {onSetUpDevice ? (
                  <Button variant="secondary" size="sm" onClick={() => onSetUpDevice(kid)}>
                    {DEVICE_TEXTS.setUp}
                    <span className="sr-only"> for {kid.first_name}</span>
                  </Button>
                ) : null}
                {canManage ? (
                  <div className="flex gap-2 mobile:gap-1">
                    <Button variant="ghost" size="sm" onClick={() => onEdit(kid)}>
                      <PencilIcon />
                      <span>
                        <span className="mobile:sr-only">Edit</span>
                        <span className="sr-only"> {kid.first_name}</span>
                      </span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger hover:bg-danger-soft"
                      onClick={(event) => {
                        openedFrom.current = event.currentTarget;
                        setConfirming(kid);
                      }}
                    >
                      <TrashIcon />
                      <span>
                        <span className="mobile:sr-only">Delete</span>
                        <span className="sr-only"> {kid.first_name}</span>
                      </span>
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming ? `Remove ${confirming.first_name}?` : 'Remove kid?'}
        description={VALIDATION.deleteKidConfirm}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        busy={remove.isPending}
      />
    </Card>
  );
}
