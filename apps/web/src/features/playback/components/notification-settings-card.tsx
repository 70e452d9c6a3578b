import { useId, useState } from 'react';
import type { NotificationSettings } from '@fst/shared/playback/playback.schema';
import { NOTIFICATION_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { useSaveNotificationSettings } from '../api/save-notification-settings.ts';

type Setting = keyof NotificationSettings;

type NotificationSwitchProps = {
  label: string;
  hint: string;
  checked: boolean;
  busy: boolean;
  onChange: (checked: boolean) => void;
};

/** One notice with its on/off switch. */
function NotificationSwitch({ label, hint, checked, busy, onChange }: NotificationSwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <li className="flex items-center justify-between gap-4 rounded-2xl bg-cream-deep px-4 py-3">
      <span className="min-w-0">
        <span id={labelId} className="block font-semibold">
          {label}
        </span>
        <span id={hintId} className="block text-base text-ink-soft">
          {hint}
        </span>
      </span>
      <Switch checked={checked} busy={busy} onChange={onChange} aria-labelledby={labelId} aria-describedby={hintId} />
    </li>
  );
}

/**
 * The profile's "E-mail notices" card: whether a reader hears of story requests and a parent of new
 * stories for their kids (decisions.md "Endpoints beyond the spec": notification settings). Each switch
 * saves at once.
 */
export function NotificationSettingsCard({ showStoryRequested, showNewStory }: { showStoryRequested: boolean; showNewStory: boolean }) {
  const headingId = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [saving, setSaving] = useState<Setting | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const change = (setting: Setting, on: boolean) => {
    setSaving(setting);
    setFailure(null);
    save.mutate(
      { [setting]: on },
      {
        onSuccess: () => notify.success(NOTIFICATION_TEXTS.saved),
        onError: (error) => {
          const message = errorText(error, NOTIFICATION_TEXTS.saveFailed);
          setFailure(message);
          notify.error(message);
        },
        onSettled: () => setSaving(null),
      },
    );
  };

  if (!showStoryRequested && !showNewStory) return null;

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-2 text-2xl font-bold">
          {NOTIFICATION_TEXTS.cardTitle}
        </h2>
        <p className="mb-5 text-base text-ink-soft">{NOTIFICATION_TEXTS.cardIntro}</p>
        {settings.isPending ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> {NOTIFICATION_TEXTS.loading}
          </p>
        ) : settings.isError ? (
          <RetryAlert label="Retry" onRetry={() => void settings.refetch()}>
            {NOTIFICATION_TEXTS.loadFailed}
          </RetryAlert>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {showStoryRequested ? (
                <NotificationSwitch
                  label={NOTIFICATION_TEXTS.storyRequestedLabel}
                  hint={NOTIFICATION_TEXTS.storyRequestedHint}
                  checked={settings.data.story_requested}
                  busy={saving === 'story_requested'}
                  onChange={(on) => change('story_requested', on)}
                />
              ) : null}
              {showNewStory ? (
                <NotificationSwitch
                  label={NOTIFICATION_TEXTS.newStoryLabel}
                  hint={NOTIFICATION_TEXTS.newStoryHint}
                  checked={settings.data.new_story}
                  busy={saving === 'new_story'}
                  onChange={(on) => change('new_story', on)}
                />
              ) : null}
            </ul>
            {failure ? (
              <Alert tone="error" className="mt-4">
                {failure}
              </Alert>
            ) : null}
          </>
        )}
      </section>
    </Card>
  );
}
