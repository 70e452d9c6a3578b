import { useId } from 'react';
import type { Reader } from '@fst/shared/families/families.schema';
import { FAMILY_TEXTS, PARENT_DASHBOARD_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { BookIcon, MicIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/view.ts';
import { useFamilyReaders } from '../../../lib/api/families/get-family-readers.ts';
import { Avatar } from './avatar.tsx';

type ReaderCardsProps = {
  familyId: string;
  /** Opens Stories by this reader. */
  onViewStories: (reader: Reader) => void;
  /** Opens Request a Story from this reader. */
  onRequestStory: (reader: Reader) => void;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Grandparents & Caregivers on the parent dashboard (spec section 2): a card per reader with View Stories and Request Story. */
export function ReaderCards({ familyId, onViewStories, onRequestStory }: ReaderCardsProps) {
  const headingId = useId();
  const readers = useFamilyReaders(familyId);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Grandparents &amp; Caregivers
      </h2>
      {readers.isPending ? (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <Spinner /> Loading readers…
        </p>
      ) : readers.isError ? (
        <RetryAlert label="Try Again" onRetry={() => void readers.refetch()}>
          {PARENT_DASHBOARD_TEXTS.readersLoadFailed}
        </RetryAlert>
      ) : readers.data.readers.length === 0 ? (
        <Card className="text-center text-ink-soft">{FAMILY_TEXTS.noReaders}</Card>
      ) : (
        <ul className="grid grid-cols-3 gap-4 mobile:grid-cols-1 md:max-lg:grid-cols-2">
          {readers.data.readers.map((reader) => (
            <li key={reader.id}>
              <Card className="flex h-full flex-col gap-4">
                <div className="flex items-center gap-3">
                  <Avatar initials={reader.avatar} color={reader.avatarColor} size="lg" />
                  <div className="min-w-0">
                    <h3 className="truncate text-xl font-bold">{reader.name}</h3>
                    <p className="text-base text-ink-soft">{reader.relationship ?? 'Reader'}</p>
                  </div>
                </div>
                <ul className="flex flex-col gap-1 text-base text-ink-soft">
                  <li>{plural(reader.storiesRecorded, 'story recorded', 'stories recorded')}</li>
                  {reader.lastRecorded ? (
                    <li>
                      Last recorded <time dateTime={reader.lastRecorded}>{formatDate(reader.lastRecorded, { dateStyle: 'medium' })}</time>
                    </li>
                  ) : null}
                  {reader.readsTo.length > 0 ? <li>Reads to {reader.readsTo.join(', ')}</li> : null}
                </ul>
                <div className="mt-auto flex flex-col gap-2">
                  <Button variant="secondary" size="sm" onClick={() => onViewStories(reader)}>
                    <BookIcon />
                    <span>
                      View Stories<span className="sr-only"> by {reader.name}</span>
                    </span>
                  </Button>
                  <Button size="sm" onClick={() => onRequestStory(reader)}>
                    <MicIcon />
                    <span>
                      Request Story<span className="sr-only"> from {reader.name}</span>
                    </span>
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
