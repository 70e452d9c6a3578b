import { useId, useState } from 'react';
import { REACTIONS, type Reaction } from '@fst/shared/constants';
import { PLAYBACK_TEXTS } from '@fst/shared/messages';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { errorText } from '../../../lib/api-client.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useSendReaction } from '../api/send-reaction.ts';
import { ReactionIcon } from './reaction-icon.tsx';
import { REACTION_DISPLAY } from './reactions.ts';

type ReactionBarProps = {
  recording: Recording;
  kidId: string;
  /** Calm colours for bedtime. */
  tone?: 'player' | 'bedtime';
};

/** One tap after a story: the kid sends the reader a heart, a star, a hug or a laugh. */
export function ReactionBar({ recording, kidId, tone = 'player' }: ReactionBarProps) {
  const send = useSendReaction(recording.id);
  const [sent, setSent] = useState<Reaction | null>(null);
  const headingId = useId();
  const reader = recording.reader.first_name || recording.reader_name;
  const title = recording.book_title ?? 'the story';

  // One key per reaction, kept across taps: a tap again after an answer lost on the way sends it once.
  const keyFor = useIdempotencyKeys();

  const react = (reaction: Reaction) => {
    if (send.isPending || sent) return;
    send.mutate({ kid_id: kidId, reaction, idempotencyKey: keyFor([kidId, reaction]) }, { onSuccess: () => setSent(reaction) });
  };

  return (
    <section
      aria-labelledby={headingId}
      data-testid="reaction-bar"
      className={`flex flex-wrap items-center justify-center gap-3 rounded-card px-5 py-3 shadow-lg mobile:px-3 ${tone === 'bedtime' ? 'bg-[#3a3563] text-white' : 'bg-paper text-ink'}`}
    >
      <h2 id={headingId} className="font-sans text-lg font-semibold text-inherit">
        {`Did you like “${title}”?`}
      </h2>
      {sent ? (
        <p role="status" className="text-lg font-semibold">
          <ReactionIcon reaction={sent} className="mr-1.5 inline size-6 align-[-0.3em]" />
          {`You sent ${reader} ${REACTION_DISPLAY[sent].article}!`}
        </p>
      ) : (
        <div role="group" aria-label={`Send ${reader} a reaction`} className="flex flex-wrap justify-center gap-2">
          {REACTIONS.map((reaction) => (
            <button
              key={reaction}
              type="button"
              onClick={() => react(reaction)}
              disabled={send.isPending}
              className={`inline-flex min-h-12 items-center gap-1.5 rounded-full px-4 text-base font-semibold transition-colors disabled:opacity-60 ${tone === 'bedtime' ? 'bg-white/10 hover:bg-white/20' : 'bg-cream-deep hover:bg-brand-soft'}`}
            >
              <ReactionIcon reaction={reaction} />
              {REACTION_DISPLAY[reaction].label}
            </button>
          ))}
        </div>
      )}
      {send.isError ? (
        <p role="alert" className={`w-full text-center text-base ${tone === 'bedtime' ? 'text-[#ffb4ab]' : 'text-danger'}`}>
          {errorText(send.error, PLAYBACK_TEXTS.reactionFailed)}
        </p>
      ) : null}
    </section>
  );
}
