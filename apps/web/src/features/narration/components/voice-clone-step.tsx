import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { Reader } from '@fst/shared/families/families.schema';
import { NARRATION_TEXTS } from '@fst/shared/messages';
import { TIMINGS } from '@fst/shared/constants';
import { defaultVoiceName, voiceCloneProblem } from '@fst/shared/narration/narration.rules';
import type { VoiceClone } from '@fst/shared/narration/narration.schema';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/view.ts';
import { useReaderRecordings } from '../../../lib/api/recordings/get-reader-recordings.ts';
import { useCreateVoiceClone } from '../api/create-voice-clone.ts';

type VoiceCloneStepProps = {
  readers: Reader[];
  initialReaderId: string | null;
  /** Back to the generation step: after the success message (2 s), or when the user cancels. */
  onDone: (readerId: string | null) => void;
};

/**
 * The spec's voice clone screen: pick a reader, pick their recordings, press Create Voice Clone. The
 * reader's consent is checked by the server (403 with its message, shown in the red box). Success shows
 * 2 s, then goes back to the generation step.
 */
export function VoiceCloneStep({ readers, initialReaderId, onDone }: VoiceCloneStepProps) {
  const headingId = useId();
  const listId = useId();
  const [readerId, setReaderId] = useState<string | null>(initialReaderId);
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<VoiceClone | null>(null);
  const reader = readers.find((r) => r.id === readerId) ?? null;
  const recordings = useReaderRecordings(readerId ?? undefined, { enabled: Boolean(readerId) });
  const ready = (recordings.data?.recordings ?? []).filter((r) => !r.is_ai && r.processing_status === 'ready');
  const create = useCreateVoiceClone();

  // The success shows its 2 s whatever the page above renders meanwhile (a new onDone does not restart them).
  const doneAfterSuccess = useEffectEvent((clonedReaderId: string) => onDone(clonedReaderId));
  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => doneAfterSuccess(created.reader_id), TIMINGS.voiceCloneSuccess);
    return () => clearTimeout(timer);
  }, [created]);

  const submit = () => {
    const why = voiceCloneProblem({
      readerId,
      readerFirstName: reader?.first_name ?? '',
      readerRecordingCount: ready.length,
      selectedCount: selected.length,
    });
    setProblem(why);
    if (why || !reader) return;
    create.mutate(
      { readerId: reader.id, recording_ids: selected, voice_name: defaultVoiceName(reader.first_name) },
      { onSuccess: (answer) => setCreated(answer.voice_clone) },
    );
  };

  const failure = problem ?? (create.isError ? errorText(create.error, NARRATION_TEXTS.cloneFailed) : null);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-xl font-bold">
        Create Voice Clone
      </h3>
      {created ? (
        <Alert tone="success">
          {NARRATION_TEXTS.voiceCloneCreated(created.voice_name)}
          {created.approximate ? ` (${NARRATION_TEXTS.approximateVoice})` : ''}
        </Alert>
      ) : (
        <>
          <SelectField
            label="Reader"
            value={readerId ?? ''}
            onChange={(e) => {
              setReaderId(e.target.value || null);
              setSelected([]);
              setProblem(null);
              create.reset();
            }}
          >
            <option value="">Choose a reader…</option>
            {readers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
                {r.relationship ? ` (${r.relationship})` : ''}
              </option>
            ))}
          </SelectField>
          {readerId ? (
            recordings.isPending ? (
              <p className="flex items-center gap-2 text-ink-soft">
                <Spinner className="size-5" /> Loading recordings…
              </p>
            ) : recordings.isError ? (
              <Alert tone="error">{errorText(recordings.error, 'Failed to load recordings')}</Alert>
            ) : ready.length === 0 ? (
              <p className="text-ink-soft">No reader recordings yet</p>
            ) : (
              <fieldset className="flex flex-col gap-2">
                <legend id={listId} className="mb-1 font-semibold">
                  Recordings to learn the voice from
                </legend>
                {ready.map((r) => (
                  <label key={r.id} className="flex items-center gap-3 rounded-xl bg-cream-deep px-3 py-2">
                    <input
                      type="checkbox"
                      className="size-5 shrink-0 accent-brand"
                      checked={selected.includes(r.id)}
                      onChange={(e) => {
                        setProblem(null);
                        setSelected((s) => (e.target.checked ? [...s, r.id] : s.filter((id) => id !== r.id)));
                      }}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium">{r.book_title ?? 'Untitled story'}</span>
                      <span className="block text-sm text-ink-soft">
                        {formatDate(r.created_at, { dateStyle: 'medium' })} · {Math.round(r.duration_seconds)} s
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )
          ) : null}
          <p className="text-sm text-ink-soft">{NARRATION_TEXTS.approximateVoiceNote}</p>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="flex flex-wrap gap-3 mobile:flex-col">
            <Button onClick={submit} disabled={create.isPending || (Boolean(readerId) && recordings.isPending)}>
              {create.isPending ? <Spinner className="size-5" /> : null}
              Create Voice Clone
            </Button>
            <Button variant="secondary" onClick={() => onDone(readerId)} disabled={create.isPending}>
              Back
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
