import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NARRATION_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useConsent } from '../api/get-consent.ts';
import { myVoiceQueryOptions, useMyVoice } from '../api/get-my-voice.ts';
import { useUpdateConsent } from '../api/update-consent.ts';
import { MyVoiceSummary } from './my-voice-summary.tsx';

/**
 * A reader's "Allow my family to create an AI voice from my readings" (decisions.md "AI narration"),
 * saved at once with a toast. `compact` is the reader dashboard's short version (no card, no note).
 */
export function VoiceConsentSwitch({ compact = false }: { compact?: boolean }) {
  const labelId = useId();
  const noteId = useId();
  const consent = useConsent();
  const update = useUpdateConsent();
  const queryClient = useQueryClient();
  // Asked for only when consent is turned off (a page showing the switch waits for nothing more).
  const voice = useMyVoice({ enabled: false }).data?.voice_clone;
  const [confirmingOff, setConfirmingOff] = useState(false);

  const save = (allowed: boolean) => {
    update.mutate(
      { allowed },
      {
        onSuccess: () => notify.success(allowed ? NARRATION_TEXTS.consentOn : NARRATION_TEXTS.consentOff),
        onError: (error) => notify.error(errorText(error, 'Failed to save your choice')),
        onSettled: () => setConfirmingOff(false),
      },
    );
  };
  // Turning it off deletes a voice already made: asked first, as Delete voice is.
  const change = async (allowed: boolean) => {
    if (!allowed) {
      const mine = await queryClient.fetchQuery(myVoiceQueryOptions()).catch(() => null);
      if (mine?.voice_clone) return setConfirmingOff(true);
    }
    save(allowed);
  };

  const busy = update.isPending;
  const checked = update.isPending ? Boolean(update.variables.allowed) : (consent.data?.allowed ?? false);

  let control;
  if (consent.isPending) control = <Spinner className="size-5" />;
  else if (consent.isError)
    control = (
      <Button size="sm" variant="secondary" onClick={() => void consent.refetch()}>
        Try again
      </Button>
    );
  else
    control = (
      <Switch
        checked={checked}
        busy={busy}
        onChange={(allowed) => void change(allowed)}
        aria-labelledby={labelId}
        aria-describedby={compact ? undefined : noteId}
      />
    );

  const row = (
    <div className="flex items-center justify-between gap-4 rounded-2xl bg-cream-deep px-4 py-3">
      <span className="min-w-0">
        <span id={labelId} className="block font-semibold">
          {NARRATION_TEXTS.consentLabel}
        </span>
        {compact ? null : (
          <span id={noteId} className="block text-base text-ink-soft">
            {NARRATION_TEXTS.consentNote}
          </span>
        )}
      </span>
      {control}
      {voice ? (
        <ConfirmDialog
          open={confirmingOff}
          onOpenChange={setConfirmingOff}
          title={NARRATION_TEXTS.consentOffConfirmTitle}
          description={NARRATION_TEXTS.consentOffConfirmBody(voice.voice_name)}
          confirmLabel={NARRATION_TEXTS.consentOffConfirm}
          busy={busy}
          onConfirm={() => save(false)}
        />
      ) : null}
    </div>
  );

  if (compact) return row;
  return (
    <Card>
      <section aria-labelledby={`${labelId}-h`} className="flex flex-col gap-3">
        <h2 id={`${labelId}-h`} className="text-2xl font-bold">
          AI voice
        </h2>
        {consent.isError ? <Alert tone="error">{errorText(consent.error, 'Failed to load your AI voice setting')}</Alert> : null}
        {row}
        <MyVoiceSummary />
      </section>
    </Card>
  );
}
