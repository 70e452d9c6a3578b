import { useState } from 'react';
import type { FamilyDevice } from '@fst/shared/devices/devices.schema';
import { DEVICE_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/view.ts';
import { useFamilyDevices, useRemoveDevice } from '../api/devices-api.ts';
import { DeviceOfflineStories } from './device-offline-stories.tsx';

const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The family's kid devices (name, kid, paired, last used), each with the stories it keeps offline and Remove:
 * for the family's parents.
 */
export function KidDevicesCard({ familyId }: { familyId: string }) {
  const devices = useFamilyDevices(familyId);
  const remove = useRemoveDevice();
  const [confirming, setConfirming] = useState<FamilyDevice | null>(null);

  const confirmRemove = () => {
    if (!confirming) return;
    const device = confirming;
    remove.mutate(
      { familyId, deviceId: device.id },
      {
        onSuccess: () => notify.success(DEVICE_TEXTS.removed(device.device_name)),
        onError: (error) => notify.error(errorText(error, DEVICE_TEXTS.removeFailed)),
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <Card>
      <section aria-labelledby="kid-devices-heading">
        <h2 id="kid-devices-heading" className="text-2xl font-bold">
          {DEVICE_TEXTS.devicesTitle}
        </h2>
        <p className="mb-4 text-ink-soft">
          {DEVICE_TEXTS.devicesIntro} {DEVICE_TEXTS.offlineStoriesHint}
        </p>
        {devices.isPending ? (
          <p role="status" className="flex items-center gap-3">
            <Spinner /> Loading devices…
          </p>
        ) : devices.isError ? (
          <Alert tone="error">{errorText(devices.error, 'The devices could not be loaded.')}</Alert>
        ) : devices.data.devices.length === 0 ? (
          <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{DEVICE_TEXTS.noDevices}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={DEVICE_TEXTS.devicesTitle}>
            {devices.data.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-end gap-3 py-3 first:pt-0 last:pb-0" data-testid="kid-device">
                <div className="min-w-0 flex-1 basis-64 self-center">
                  <p className="truncate font-semibold">{device.device_name}</p>
                  <p className="text-base text-ink-soft">
                    {DEVICE_TEXTS.forKid(device.kid.first_name)} · {DEVICE_TEXTS.pairedOn(when(device.paired_at))} ·{' '}
                    {DEVICE_TEXTS.lastUsed(when(device.last_used_at))}
                  </p>
                </div>
                <DeviceOfflineStories familyId={familyId} device={device} className="w-56 mobile:w-full" />
                <Button variant="ghost" size="sm" className="text-danger hover:bg-danger-soft" onClick={() => setConfirming(device)}>
                  {DEVICE_TEXTS.remove}
                  <span className="sr-only"> {device.device_name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={DEVICE_TEXTS.removeTitle(confirming?.device_name ?? 'this device')}
        description={DEVICE_TEXTS.removeBody}
        confirmLabel={DEVICE_TEXTS.remove}
        onConfirm={confirmRemove}
        busy={remove.isPending}
      />
    </Card>
  );
}
