import { use, useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { SparklesIcon } from '../../../components/ui/icons.tsx';
import { AiReadingPartsContext } from './ai-reading-parts.ts';

/**
 * The book viewer's Generate AI Reading panel (spec section 2). The generation form comes from the app
 * (decision 006) for parents; free plans see the Subscribe Now prompt; others read what it is for.
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
          {parts?.Generate ? (
            <parts.Generate />
          ) : (
            <div className="flex items-start gap-3 rounded-2xl bg-night-soft p-4 text-ink">
              <SparklesIcon className="mt-1 size-6 shrink-0 text-night" />
              <p className="text-base">
                A parent of the family can have this book read in a family reader’s own voice, made from their recordings and with their consent.
              </p>
            </div>
          )}
          {parts ? <parts.SubscribePrompt /> : null}
        </div>
      </section>
    </Card>
  );
}
