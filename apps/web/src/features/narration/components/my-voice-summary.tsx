import { useState } from 'react';
import { NARRATION_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useDeleteMyVoice } from '../api/delete-my-voice.ts';
import { useMyVoice } from '../api/get-my-voice.ts';

/** The reader's own AI voice, when one was made from their readings, with Delete (spec section 7 "Voice"). */
export function MyVoiceSummary() {
  const myVoice = useMyVoice();
  const remove = useDeleteMyVoice();
  const [confirming, setConfirming] = useState(false);
  const voice = myVoice.data?.voice_clone;
  if (!voice) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line px-4 py-3">
      <p>
        <span className="font-semibold">{voice.voice_name}</span>{' '}
        <span className="rounded-full bg-honey-soft px-2 py-0.5 text-sm">
          {voice.approximate ? NARRATION_TEXTS.approximateVoice : NARRATION_TEXTS.clonedVoice}
        </span>
      </p>
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)} className="mobile:w-full">
        Delete voice
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your AI voice?"
        description="Your family can no longer make new AI stories in this voice. Stories already made stay."
        confirmLabel="Delete voice"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(NARRATION_TEXTS.voiceDeleted);
            },
            onError: (error) => notify.error(errorText(error, 'Failed to delete the voice')),
          })
        }
      />
    </div>
  );
}
