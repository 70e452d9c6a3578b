import { Link } from 'react-router';
import type { Kid } from '@fst/shared/families/families.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CollapsibleSection } from '../../../components/ui/collapsible-section.tsx';
import { BookIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { Avatar } from './avatar.tsx';
import { NoKidsYet } from './no-kids-yet.tsx';

type DashboardKidsProps = {
  kids: readonly Kid[];
  /** Opens the kid's stories (Current Stories and Queued Stories). */
  onViewStories: (kid: Kid) => void;
  /** The assign-story action: Add Stories (Request New Story, Assign Existing Stories). */
  onAddStories: (kid: Kid) => void;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The parent dashboard's collapsible Kids list (spec section 2): per kid View Stories, Add Stories and their page. */
export function DashboardKids({ kids, onViewStories, onAddStories }: DashboardKidsProps) {
  return (
    <Card>
      <CollapsibleSection
        title={
          <>
            Kids <span className="text-lg font-semibold text-ink-soft">({kids.length})</span>
          </>
        }
      >
        {kids.length === 0 ? (
          <NoKidsYet />
        ) : (
          <ul aria-label="Kids" className="flex flex-col divide-y divide-line">
            {kids.map((kid) => (
              <li key={kid.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
                <Avatar initials={kid.avatar} color={kid.avatarColor} />
                <div className="min-w-0 flex-1 basis-40">
                  <p className="truncate font-semibold">
                    <Link to={pathTo.child(kid.id)} className="underline-offset-4 hover:text-brand-dark hover:underline">
                      {kid.first_name}
                      <span className="sr-only">’s page</span>
                    </Link>
                  </p>
                  <p className="text-base text-ink-soft">
                    Age {kid.age} · {plural(kid.stories, 'story', 'stories')}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 mobile:w-full mobile:[&>*]:flex-1">
                  <Button variant="secondary" size="sm" onClick={() => onViewStories(kid)} className="whitespace-nowrap mobile:px-3">
                    <BookIcon className="mobile:hidden" />
                    <span>
                      View Stories<span className="sr-only"> of {kid.first_name}</span>
                    </span>
                  </Button>
                  <Button size="sm" onClick={() => onAddStories(kid)} className="whitespace-nowrap mobile:px-3">
                    <PlusIcon className="mobile:hidden" />
                    <span>
                      Add Stories<span className="sr-only"> for {kid.first_name}</span>
                    </span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CollapsibleSection>
    </Card>
  );
}
