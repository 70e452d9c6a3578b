import { FAMILY_TEXTS } from '@fst/shared/messages';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';

/** The empty state where a parent's kids would be listed: the spec's text and a way to add one. */
export function NoKidsYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-cream-deep px-4 py-6 text-center">
      <p className="text-ink-soft">{FAMILY_TEXTS.noChildren}</p>
      <ButtonLink to={paths.family} size="sm" variant="secondary">
        Add a Kid
      </ButtonLink>
    </div>
  );
}
