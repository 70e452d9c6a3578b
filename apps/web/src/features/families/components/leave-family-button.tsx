import { useState } from 'react';
import { FAMILY_CONTROL_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/toast.ts';
import { useLeaveFamily } from '../api/family-controls.ts';
import { failureText } from '../failure-text.ts';

/**
 * Leave Family, with confirmation; the last admin is told by the server what to do first. A module of its
 * own, apart from the family page's controls (family-controls.tsx): the reader dashboard shows only this one.
 */
export function LeaveFamilyButton({ familyId, familyName, onLeft }: { familyId: string; familyName: string; onLeft?: () => void }) {
  const leave = useLeaveFamily();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`${FAMILY_CONTROL_TEXTS.leave}: ${familyName}`}>
        {FAMILY_CONTROL_TEXTS.leave}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={FAMILY_CONTROL_TEXTS.leaveTitle(familyName)}
        description={FAMILY_CONTROL_TEXTS.leaveBody}
        confirmLabel={FAMILY_CONTROL_TEXTS.leave}
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(
            { familyId },
            {
              onSuccess: () => {
                notify.success(FAMILY_CONTROL_TEXTS.left(familyName));
                setConfirming(false);
                onLeft?.();
              },
              onError: (error) => {
                setConfirming(false);
                notify.error(failureText(error, { failed: FAMILY_CONTROL_TEXTS.leaveFailed, network: FAMILY_CONTROL_TEXTS.leaveFailed }));
              },
            },
          )
        }
      />
    </>
  );
}
