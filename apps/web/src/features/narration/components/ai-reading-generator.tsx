import { useEffect, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@fst/shared/auth/auth.schema';
import { NARRATION_SERVER_MESSAGES, NARRATION_TEXTS, VALIDATION } from '@fst/shared/messages';
import { TIMINGS } from '@fst/shared/constants';
import { isParentRole } from '@fst/shared/families/families.rules';
import { canPressGenerate, generateProblem, isGenerating } from '@fst/shared/narration/narration.rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { pathTo } from '../../../lib/paths.ts';
import { sessionUser, useSession } from '../../../lib/api/auth/get-me.ts';
import { familyQueryOptions } from '../../../lib/api/families/get-family.ts';
import { familyReadersQueryOptions, useFamilyReaders } from '../../../lib/api/families/get-family-readers.ts';
import { prefetchForPage } from '../../../lib/prefetch-for-page.ts';
import { useAvailability } from '../api/check-availability.ts';
import { useGenerateStory } from '../api/generate-story.ts';
import { useAiRecording } from '../api/get-ai-recording.ts';
import { VoiceCloneStep } from './voice-clone-step.tsx';

const NO_READERS = 'No readers available in this family. Invite grandparents to join!';
const NO_KIDS = 'No kids in this family. Add a kid first!';

/** The families the panel generates for: those the user runs as a parent; it shows the first at once. */
const parentFamiliesOf = (families: AuthResponse['families']) => families.filter((f) => isParentRole(f.my_role));

/** What the panel asks for first, asked for by the book page's loader: a parent's first family and its readers. Never rejects. */
export async function prefetchAiReadingGenerator(client: QueryClient): Promise<void> {
  const session = await sessionUser(client);
  const family = session?.user.role === 'parent' ? parentFamiliesOf(session.families)[0] : undefined;
  if (!family) return;
  await Promise.all([prefetchForPage(client, familyReadersQueryOptions(family.id)), prefetchForPage(client, familyQueryOptions(family.id))]);
}

/**
 * The Generate AI Reading panel's content for parents (spec sections 2, 5 and 8): pick a reader, then a
 * kid; the availability banner; Generate (canPressGenerate), its progress until ready or failed, success
 * then reset after 3 s; the voice clone step when the reader has no voice yet. Errors in a red box.
 */
export function AiReadingGenerator({ bookId }: { bookId: string }) {
  const session = useSession();
  const parentFamilies = parentFamiliesOf(session.data?.families ?? []);
  const [familyId, setFamilyId] = useState<string | null>(null);
  const currentFamilyId = familyId ?? parentFamilies[0]?.id ?? null;
  const [readerId, setReaderId] = useState<string | null>(null);
  const [kidId, setKidId] = useState<string | null>(null);
  const [step, setStep] = useState<'generate' | 'clone'>('generate');
  const [problem, setProblem] = useState<string | null>(null);
  const [aiRecordingId, setAiRecordingId] = useState<string | null>(null);

  const readers = useFamilyReaders(currentFamilyId ?? undefined);
  const family = useQuery({ ...familyQueryOptions(currentFamilyId ?? ''), enabled: Boolean(currentFamilyId) });
  const kids = family.data?.family.kids ?? [];
  const availability = useAvailability({ bookId, readerId, kidId });
  const generate = useGenerateStory();
  const following = useAiRecording(aiRecordingId);
  const aiStatus = following.data?.ai_recording.status ?? (aiRecordingId ? 'pending' : null);
  const generating = generate.isPending || (aiStatus !== null && isGenerating(aiStatus));

  // A finished story: say so for 3 s (spec section 5), then the banner shows it exists.
  const ready = aiStatus === 'ready';
  const refetchAvailability = availability.refetch;
  useEffect(() => {
    if (!ready) return;
    void refetchAvailability();
    const timer = setTimeout(() => setAiRecordingId(null), TIMINGS.generationSuccess);
    return () => clearTimeout(timer);
  }, [ready, refetchAvailability]);

  const backFromClone = (id: string | null) => {
    setReaderId(id);
    setStep('generate');
  };

  if (session.isPending || (currentFamilyId && (readers.isPending || family.isPending))) {
    return (
      <p className="flex items-center gap-2 text-ink-soft">
        <Spinner className="size-5" /> Loading…
      </p>
    );
  }
  if (!currentFamilyId) return <p className="text-ink-soft">{NO_KIDS}</p>;
  if (readers.isError || family.isError) {
    return <Alert tone="error">{errorText(readers.error ?? family.error, NARRATION_TEXTS.availabilityFailed)}</Alert>;
  }
  const readerList = readers.data?.readers ?? [];

  if (step === 'clone') return <VoiceCloneStep readers={readerList} initialReaderId={readerId} onDone={backFromClone} />;

  const result = availability.data;

  const press = () => {
    const why = generateProblem({ readerId, kidId });
    setProblem(why);
    if (why || !readerId || !kidId) return;
    generate.mutate({ book_id: bookId, reader_id: readerId, kid_id: kidId }, { onSuccess: (answer) => setAiRecordingId(answer.recording_id) });
  };

  const failure =
    problem ??
    (generate.isError ? errorText(generate.error, NARRATION_TEXTS.generateFailed) : null) ??
    (aiStatus === 'failed' ? NARRATION_SERVER_MESSAGES.generationFailed : null) ??
    (following.isError ? errorText(following.error, NARRATION_TEXTS.generateFailed) : null) ??
    (availability.isError ? errorText(availability.error, NARRATION_TEXTS.availabilityFailed) : null);

  const existingId = result?.existing_recording_id ?? null;

  return (
    <div className="flex flex-col gap-4">
      {parentFamilies.length > 1 ? (
        <SelectField
          label="Family"
          value={currentFamilyId}
          onChange={(e) => {
            setFamilyId(e.target.value);
            setReaderId(null);
            setKidId(null);
          }}
        >
          {parentFamilies.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {readerList.length === 0 ? (
        <p className="text-ink-soft">{NO_READERS}</p>
      ) : (
        <SelectField
          label="1. Pick a reader"
          value={readerId ?? ''}
          disabled={generating}
          onChange={(e) => {
            setReaderId(e.target.value || null);
            setProblem(null);
          }}
        >
          <option value="">Choose a reader…</option>
          {readerList.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
              {r.relationship ? ` (${r.relationship})` : ''}
            </option>
          ))}
        </SelectField>
      )}
      {readerList.length > 0 ? (
        kids.length === 0 ? (
          <p className="text-ink-soft">{NO_KIDS}</p>
        ) : (
          <SelectField
            label="2. Pick a kid"
            value={kidId ?? ''}
            disabled={generating || !readerId}
            hint={readerId ? undefined : VALIDATION.selectReaderFirst}
            onChange={(e) => {
              setKidId(e.target.value || null);
              setProblem(null);
            }}
          >
            <option value="">Choose a kid…</option>
            {kids.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </SelectField>
        )
      ) : null}

      {readerId && kidId && availability.isFetching && !result ? (
        <p className="flex items-center gap-2 text-ink-soft">
          <Spinner className="size-5" /> Checking…
        </p>
      ) : null}

      {result && !generating && !ready ? (
        <div role="status" className="rounded-2xl border border-line bg-cream-deep p-4 text-ink">
          {result.ai_available ? (
            <>
              <p className="font-semibold">
                Ready to generate with {result.voice_name ?? 'the AI voice'}
                {result.approximate_voice ? (
                  <span className="ml-2 rounded-full bg-honey-soft px-2 py-0.5 text-sm">{NARRATION_TEXTS.approximateVoice}</span>
                ) : null}
              </p>
              <p>{NARRATION_TEXTS.generationsRemaining(result.generations_remaining)}</p>
            </>
          ) : (
            <>
              <p className="font-semibold">{result.reason}</p>
              {result.has_voice_clone && result.voice_name ? (
                <p className="text-base text-ink-soft">
                  Voice: {result.voice_name}
                  {result.approximate_voice ? ` (${NARRATION_TEXTS.approximateVoice})` : ''}
                </p>
              ) : null}
              {result.reason_code !== 'subscription_required' ? (
                <p className="text-base text-ink-soft">{NARRATION_TEXTS.generationsRemaining(result.generations_remaining)}</p>
              ) : null}
            </>
          )}
          {result.reason_code === 'no_voice_clone' ? (
            <Button className="mt-3" size="sm" onClick={() => setStep('clone')}>
              Create Voice Clone
            </Button>
          ) : null}
          {result.reason_code === 'recording_exists' && existingId && kidId ? (
            <ButtonLink className="mt-3" size="sm" variant="secondary" to={pathTo.child(kidId)}>
              Go to the kid’s stories
            </ButtonLink>
          ) : null}
        </div>
      ) : null}

      {generating ? (
        <div role="status" className="flex items-center gap-3 rounded-2xl bg-night-soft p-4 text-ink">
          <Spinner className="size-6" />
          <span>{NARRATION_TEXTS.generating}</span>
        </div>
      ) : null}
      {ready ? <Alert tone="success">{NARRATION_TEXTS.generated}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}

      {readerList.length > 0 && kids.length > 0 ? (
        <Button
          onClick={press}
          disabled={!canPressGenerate({ readerId, kidId, aiAvailable: result?.ai_available ?? false, generating }) || ready}
          className="mobile:w-full"
        >
          Generate AI Reading
        </Button>
      ) : null}
    </div>
  );
}
