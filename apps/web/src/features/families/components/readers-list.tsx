import type { ReactNode } from 'react';
import type { Member } from '@fst/shared/families/families.schema';
import { FAMILY_TEXTS } from '@fst/shared/messages';
import { Card } from '../../../components/ui/card.tsx';
import { Avatar } from './avatar.tsx';

/** Grandparents & Caregivers: the family's readers with their relationship. */
export function ReadersList({ readers, action }: { readers: Member[]; action?: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby="readers-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="readers-heading" className="text-2xl font-bold">
            Grandparents &amp; Caregivers
          </h2>
          {action}
        </div>
        {readers.length === 0 ? (
          <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{FAMILY_TEXTS.noReaders}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {readers.map((reader) => (
              <li key={reader.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <Avatar initials={reader.avatar} color={reader.avatarColor} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">
                    {reader.first_name} {reader.last_name}
                  </p>
                  <p className="text-base text-ink-soft">{reader.relationship ?? 'Reader'}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
