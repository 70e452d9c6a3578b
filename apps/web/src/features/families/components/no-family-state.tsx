import type { Role } from '@fst/shared/constants';
import { FAMILY_TEXTS } from '@fst/shared/messages';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { HomeIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../lib/paths.ts';

/** What a dashboard shows before the user belongs to any family (spec section 2, Family page). */
export function NoFamilyState({ role }: { role: Role }) {
  const isParent = role === 'parent';
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-soft text-3xl text-brand">
        {isParent ? <HomeIcon /> : <UsersIcon />}
      </span>
      <h2 className="text-2xl font-bold">{FAMILY_TEXTS.welcome}</h2>
      <p className="max-w-lg text-ink-soft">
        {isParent
          ? 'Create your family, add your kids and invite the grandparents. Then the bedtime stories can begin.'
          : 'Join your family with the code a parent shares with you, and start recording stories for your grandkids.'}
      </p>
      <ButtonLink to={paths.family} size="lg">
        {isParent ? 'Create Your Family' : 'Join Your Family'}
      </ButtonLink>
    </Card>
  );
}
