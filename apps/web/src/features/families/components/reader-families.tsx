import type { ReactNode } from 'react';
import type { FamilyListItem } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { useFamily } from '../../../lib/api/families/get-family.ts';
import { LeaveFamilyButton } from './leave-family-button.tsx';
import { useMyFamilies } from '../../../lib/api/families/get-my-families.ts';
import { Avatar } from './avatar.tsx';

/** A kid as the Add Story action needs it. */
export type ReadToKid = { id: string; first_name: string };

type ReaderFamiliesProps = {
  /** A kid's Add Story action: the books feature's book picker, which the dashboard route provides (decision 006). */
  addStory?: (kid: ReadToKid) => ReactNode;
};

function FamilyKidsCard({ family, addStory }: { family: FamilyListItem } & ReaderFamiliesProps) {
  const detail = useFamily(family.id);
  const headingId = `read-to-${family.id}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-xl font-bold">
            {family.name}
          </h3>
          <LeaveFamilyButton familyId={family.id} familyName={family.name} />
        </div>
        {detail.isPending ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> {FAMILY_PAGE_TEXTS.loading}
          </p>
        ) : detail.isError ? (
          <RetryAlert label="Retry" onRetry={() => void detail.refetch()}>
            {FAMILY_PAGE_TEXTS.kidsLoadFailed}
          </RetryAlert>
        ) : detail.data.family.kids.length === 0 ? (
          <p className="text-ink-soft">{FAMILY_PAGE_TEXTS.noKidsInFamily}</p>
        ) : (
          <ul aria-label={`Kids of ${family.name}`} className="flex flex-col gap-3">
            {detail.data.family.kids.map((kid) => (
              <li key={kid.id} className="flex flex-wrap items-center gap-3 rounded-2xl bg-cream-deep py-2 pr-3 pl-2">
                <Avatar initials={kid.avatar} color={kid.avatarColor} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{kid.first_name}</span>
                  <span className="block text-sm text-ink-soft">Age {kid.age}</span>
                </span>
                <span className="flex flex-wrap gap-2 mobile:w-full">
                  <ButtonLink to={pathTo.child(kid.id)} size="sm" variant="secondary" aria-label={`View Stories of ${kid.first_name}`}>
                    View Stories
                  </ButtonLink>
                  {addStory?.({ id: kid.id, first_name: kid.first_name })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/**
 * The body of the reader dashboard's Kids You Read To (spec section 2): per family where the user reads,
 * its kids with View Stories and Add Story. The route gives it its heading.
 */
export function ReaderFamilies({ addStory }: ReaderFamiliesProps) {
  const families = useMyFamilies();
  // Spec section 2: only families where the user's role is reader are listed.
  const readerFamilies = (families.data?.families ?? []).filter((family) => family.my_role === 'reader');
  if (families.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 text-ink-soft">
        <Spinner /> {FAMILY_PAGE_TEXTS.loading}
      </p>
    );
  }
  if (families.isError) {
    return (
      <RetryAlert label="Retry" onRetry={() => void families.refetch()}>
        {FAMILY_TEXTS.loadFailed}
      </RetryAlert>
    );
  }
  if (readerFamilies.length === 0) {
    return <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{RECORDING_TEXTS.noKidsAvailable}</p>;
  }
  return (
    <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
      {readerFamilies.map((family) => (
        <FamilyKidsCard key={family.id} family={family} addStory={addStory} />
      ))}
    </div>
  );
}
