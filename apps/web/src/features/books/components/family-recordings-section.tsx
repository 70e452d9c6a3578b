import { useId } from 'react';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { Card } from '../../../components/ui/card.tsx';
import { MicIcon } from '../../../components/ui/icons.tsx';

/**
 * The book viewer's Family Recordings list (spec section 2). Readings of this book by the family's
 * readers appear here once recordings exist; until then it shows the spec's empty state.
 */
export function FamilyRecordingsSection() {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-3 text-2xl font-bold">
          Family Recordings
        </h2>
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-cream-deep/60 px-4 py-8 text-center text-ink-soft">
          <MicIcon className="size-8 text-brand" />
          <p>{RECORDING_TEXTS.noReaderRecordings}</p>
        </div>
      </section>
    </Card>
  );
}
