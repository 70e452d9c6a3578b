import { useEffect } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { pairLink } from '@fst/shared/devices/devices.rules';
import { DEVICE_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/view.ts';
import { useCreateDeviceCode } from '../api/devices-api.ts';

type Props = { familyId: string; kid: { id: string; first_name: string } | null; onClose: () => void };

/** **Set up a device** (issue 26): a single-use code for the kid's device, and a QR code of the /pair link holding it. */
export function SetUpDeviceModal({ familyId, kid, onClose }: Props) {
  const code = useCreateDeviceCode();
  const { mutate, reset } = code;
  // A fresh code each time the dialog opens for a kid.
  useEffect(() => {
    if (kid) mutate({ familyId, kidId: kid.id });
    else reset();
  }, [familyId, kid, mutate, reset]);

  const expires = code.data ? formatDate(code.data.expires_at, { timeStyle: 'short' }) : '';
  return (
    <Modal
      open={kid !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={kid ? DEVICE_TEXTS.setUpTitle(kid.first_name) : DEVICE_TEXTS.setUp}
      description={kid ? DEVICE_TEXTS.setUpSteps(kid.first_name) : undefined}
    >
      {code.isPending ? (
        <p role="status" className="flex items-center justify-center gap-3 py-8">
          <Spinner /> Making a code…
        </p>
      ) : code.isError ? (
        <Alert tone="error">{errorText(code.error, DEVICE_TEXTS.codeFailed)}</Alert>
      ) : code.data ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <p className="font-mono text-5xl font-bold tracking-[0.3em]" data-testid="device-code" aria-label={`Code ${code.data.code.split('').join(' ')}`}>
            {code.data.code}
          </p>
          <QRCodeSVG value={pairLink(window.location.origin, code.data.code)} size={176} marginSize={2} role="img" aria-label="QR code of the pairing link" />
          <p className="text-base text-ink-soft">{DEVICE_TEXTS.codeExpires(expires)}</p>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" size="sm" disabled={code.isPending || !kid} onClick={() => kid && mutate({ familyId, kidId: kid.id })}>
          {DEVICE_TEXTS.newCode}
        </Button>
        <Button size="sm" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}
