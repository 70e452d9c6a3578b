import { useId, useState, type FormEvent } from 'react';
import { BEDTIME_SLEEP_TIMER_MINUTES, BEDTIME_STORIES_LIMIT } from '@fst/shared/constants';
import { PLAYBACK_TEXTS } from '@fst/shared/messages';
import type { BedtimeSettings } from '@fst/shared/playback/playback.schema';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useBedtimeSettings } from '../api/get-bedtime-settings.ts';
import { useSaveBedtimeSettings } from '../api/save-bedtime-settings.ts';

const STORY_CHOICES = Array.from({ length: BEDTIME_STORIES_LIMIT.max - BEDTIME_STORIES_LIMIT.min + 1 }, (_, i) => BEDTIME_STORIES_LIMIT.min + i);
const TIMER_CHOICES = [0, 5, 10, 15, 20, 30, 45, 60, 90, BEDTIME_SLEEP_TIMER_MINUTES.max];

const timerLabel = (minutes: number) => (minutes === 0 ? 'Off' : `${minutes} minutes`);

/** A parent sets a kid's bedtime: how many stories tonight, and a sleep timer that fades the sound out. */
export function BedtimeSettingsForm({ kidId, kidName }: { kidId: string; kidName: string }) {
  const query = useBedtimeSettings(kidId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-night-soft p-6 text-ink shadow-card mobile:p-5">
      <h2 id={headingId} className="mb-1 text-2xl font-bold">
        Bedtime settings
      </h2>
      <p className="mb-4 text-base text-ink-soft">{`How bedtime mode plays ${kidName}’s stories.`}</p>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <Spinner /> Loading bedtime settings…
        </p>
      ) : query.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void query.refetch()}>
          {errorText(query.error, PLAYBACK_TEXTS.bedtimeLoadFailed)}
        </RetryAlert>
      ) : (
        <SettingsFields key={`${query.data.stories_limit}-${query.data.sleep_timer_minutes}`} kidId={kidId} settings={query.data} />
      )}
    </section>
  );
}

function SettingsFields({ kidId, settings }: { kidId: string; settings: BedtimeSettings }) {
  const save = useSaveBedtimeSettings(kidId);
  const [stories, setStories] = useState(settings.stories_limit);
  const [timer, setTimer] = useState(settings.sleep_timer_minutes);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const timerChoices = TIMER_CHOICES.includes(timer) ? TIMER_CHOICES : [...TIMER_CHOICES, timer].sort((a, b) => a - b);
  const changed = stories !== settings.stories_limit || timer !== settings.sleep_timer_minutes;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first save, not with the kid's page.
    const schemas = await import('@fst/shared/playback/playback.schema').catch(() => null);
    if (!schemas) return void notify.error(PLAYBACK_TEXTS.bedtimeSaveFailed);
    const { bedtimeBody } = schemas;
    const parsed = bedtimeBody.safeParse({ stories_limit: stories, sleep_timer_minutes: timer });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), [issue.message]])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(PLAYBACK_TEXTS.bedtimeSaved),
      onError: (error) => {
        if (error instanceof ApiError && error.errors) setErrors(error.errors);
        notify.error(errorText(error, PLAYBACK_TEXTS.bedtimeSaveFailed));
      },
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-wrap items-end gap-4">
      <SelectField
        label="Stories tonight"
        value={stories}
        onChange={(event) => setStories(Number(event.target.value))}
        error={errors.stories_limit?.[0]}
        className="min-w-40 flex-1"
      >
        {STORY_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n === 1 ? '1 story' : `${n} stories`}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sleep timer"
        hint="Fades the sound out, then stops."
        value={timer}
        onChange={(event) => setTimer(Number(event.target.value))}
        error={errors.sleep_timer_minutes?.[0]}
        className="min-w-40 flex-1"
      >
        {timerChoices.map((n) => (
          <option key={n} value={n}>
            {timerLabel(n)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="md" variant="night" disabled={save.isPending || !changed} aria-busy={save.isPending || undefined} className="mobile:w-full">
        {save.isPending ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
        Save bedtime settings
      </Button>
    </form>
  );
}
