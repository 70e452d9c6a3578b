import { useState } from 'react';
import { DEVICE_OFFLINE_STORIES } from '@fst/shared/constants';
import type { FamilyDevice } from '@fst/shared/devices/devices.schema';
import { DEVICE_TEXTS } from '@fst/shared/messages';
import { SelectField } from '../../../components/ui/field.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useUpdateDevice } from '../api/devices-api.ts';

const CHOICES = [0, 1, 2, 3, 5, 10, 15, DEVICE_OFFLINE_STORIES.max];

/**
 * How many of the playlist's first stories a kid device keeps saved by itself (issue 26, decision 020),
 * saved as soon as a parent picks it; on failure the device's setting shows again with the reason.
 */
export function DeviceOfflineStories({ familyId, device, className }: { familyId: string; device: FamilyDevice; className?: string }) {
  const update = useUpdateDevice();
  // What the parent picked, shown until the devices list says it back (or the save fails).
  const [picked, setPicked] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = picked ?? device.offline_stories;
  const choices = CHOICES.includes(value) ? CHOICES : [...CHOICES, value].sort((a, b) => a - b);

  const choose = (count: number) => {
    setPicked(count);
    setError(undefined);
    update.mutate(
      { familyId, deviceId: device.id, body: { offline_stories: count } },
      {
        onSuccess: ({ device: saved }) => notify.success(DEVICE_TEXTS.offlineStoriesSaved(saved.device_name, saved.offline_stories)),
        onError: (failure) => {
          const message = errorText(failure, DEVICE_TEXTS.offlineStoriesFailed);
          setError((failure instanceof ApiError && failure.errors?.offline_stories?.[0]) || message);
          notify.error(message);
        },
        onSettled: () => setPicked(null),
      },
    );
  };

  return (
    <SelectField
      label={
        <>
          {DEVICE_TEXTS.offlineStoriesLabel}
          <span className="sr-only"> on {device.device_name}</span>
        </>
      }
      value={value}
      onChange={(event) => choose(Number(event.target.value))}
      error={error}
      aria-busy={update.isPending || undefined}
      className={className}
    >
      {choices.map((count) => (
        <option key={count} value={count}>
          {DEVICE_TEXTS.offlineStoriesChoice(count)}
        </option>
      ))}
    </SelectField>
  );
}
