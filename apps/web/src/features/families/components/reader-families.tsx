import type { FamilyListItem } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFamily } from '../api/get-family.ts';
import { useMyFamilies } from '../api/get-my-families.ts';
import { Avatar } from './avatar.tsx';
import { FindFamiliesButton } from './find-families-button.tsx';

function FamilyKidsCard({ family }: { family: FamilyListItem }) {
  const detail = useFamily(family.id);
  const headingId = `read-to-${family.id}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h3 id={headingId} className="mb-3 text-xl font-bold">
          {family.name}
        </h3>
        {detail.isPending ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> {FAMILY_PAGE_TEXTS.loading}
          </p>
        ) : detail.isError ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>{FAMILY_PAGE_TEXTS.kidsLoadFailed}</span>
            <Button size="sm" variant="secondary" onClick={() => void detail.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : detail.data.family.kids.length === 0 ? (
          <p className="text-ink-soft">{FAMILY_PAGE_TEXTS.noKidsInFamily}</p>
        ) : (
          <ul aria-label={`Kids of ${family.name}`} className="flex flex-wrap gap-3">
            {detail.data.family.kids.map((kid) => (
              <li key={kid.id} className="flex items-center gap-3 rounded-2xl bg-cream-deep py-2 pr-4 pl-2">
                <Avatar initials={kid.avatar} color={kid.avatarColor} />
                <span>
                  <span className="block font-semibold">{kid.first_name}</span>
                  <span className="block text-sm text-ink-soft">Age {kid.age}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** The reader dashboard's families part: Find Families, and Kids You Read To per family. */
export function ReaderFamilies() {
  const families = useMyFamilies();
  // Spec section 2: only families where the user's role is reader are listed.
  const readerFamilies = (families.data?.families ?? []).filter((family) => family.my_role === 'reader');
  return (
    <div className="mb-8 flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <FindFamiliesButton />
      </div>
      {families.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{FAMILY_TEXTS.loadFailed}</span>
          <Button size="sm" variant="secondary" onClick={() => void families.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {readerFamilies.length > 0 ? (
        <section aria-labelledby="kids-you-read-to-heading">
          <h2 id="kids-you-read-to-heading" className="mb-4 text-2xl font-bold">
            Kids You Read To
          </h2>
          <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
            {readerFamilies.map((family) => (
              <FamilyKidsCard key={family.id} family={family} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
