import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { UsersIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCurrentFamily } from '../current-family.ts';
import { FamilySwitcher } from './family-switcher.tsx';
import { JoinRequestsBell } from './join-requests-bell.tsx';

/**
 * The parent dashboard's family bar: the current family (with the switcher when there are several),
 * View Readers/Family, and for the family admin the join-request bell.
 */
export function ParentFamilyBar() {
  const { families, currentFamily, selectFamily } = useCurrentFamily();
  if (!currentFamily) return null;
  const isAdmin = currentFamily.my_role === 'admin';
  return (
    <Card className="mb-8 flex flex-wrap items-end justify-between gap-4 py-4 mobile:items-stretch">
      <div className="min-w-0 flex-1">
        {families.length > 1 ? (
          <FamilySwitcher families={families} currentId={currentFamily.id} onSelect={selectFamily} className="max-w-sm mobile:max-w-none" />
        ) : (
          <p className="text-base text-ink-soft">
            Your family
            <span className="block truncate font-display text-2xl font-bold text-ink">{currentFamily.name}</span>
          </p>
        )}
      </div>
      <div className="flex items-center gap-3 mobile:w-full">
        <ButtonLink to={paths.family} variant="secondary" className="whitespace-nowrap mobile:flex-1 mobile:px-4 mobile:text-base">
          <UsersIcon /> View Readers/Family
        </ButtonLink>
        {isAdmin ? <JoinRequestsBell familyId={currentFamily.id} familyName={currentFamily.name} /> : null}
      </div>
    </Card>
  );
}
