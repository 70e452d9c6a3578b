import { use, useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { SparklesIcon } from '../../../components/ui/icons.tsx';
import { AiReadingPartsContext } from './ai-reading-parts.ts';

/**
 * The book viewer's Generate AI Reading panel (spec section 2). AI narration is not part of the app
 * yet, so the panel says so instead of offering a button that cannot work.
 */
export function AiReadingPanel() {
  const headingId = useId();
  const parts = use(AiReadingPartsContext);
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-3 text-2xl font-bold">
          Generate AI Reading
        </h2>
        <div className="flex flex-col gap-4">
          <div className="flex items-start gap-3 rounded-2xl bg-night-soft p-4 text-ink">
            <SparklesIcon className="mt-1 size-6 shrink-0 text-night" />
            <p className="text-base">
              Soon you will be able to have this book read in a family reader’s own voice, made from their recordings and
              with their consent. This arrives with AI narration; nothing can be generated yet.
            </p>
          </div>
          {parts ? <parts.SubscribePrompt /> : null}
        </div>
      </section>
    </Card>
  );
}
