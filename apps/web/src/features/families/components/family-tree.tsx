import { useLayoutEffect, useRef, useState } from 'react';
import type { FamilyDetail } from '@fst/shared/families/families.schema';
import { isParentRole } from '@fst/shared/families/families.rules';
import { Avatar } from './avatar.tsx';

// A drawn tree (spec section 2): readers on top, a "Parents" node in the middle, kids below.
// Boxes of equal width keep every connector centred; the lines are decoration (aria-hidden).

type Person = { id: string; name: string; caption: string; initials: string; color: string };

const line = 'border-line-strong';
const NODE_WIDTH = 'w-32 mobile:w-19';

function PersonNode({ person }: { person: Person }) {
  return (
    // As wide as its box, not as its name: a long name is cut short with an ellipsis (in full on hover).
    <div className="flex w-full min-w-0 flex-col items-center gap-1 text-center">
      <Avatar initials={person.initials} color={person.color} size="lg" />
      <span title={person.name} className="w-full truncate text-base font-semibold text-ink mobile:text-sm">
        {person.name}
      </span>
      {person.caption ? <span className="w-full truncate text-sm text-ink-soft">{person.caption}</span> : null}
    </div>
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <span
        aria-hidden="true"
        className="inline-flex size-16 items-center justify-center rounded-full border-2 border-dashed border-line-strong text-2xl text-ink-soft mobile:size-12"
      >
        ?
      </span>
      <span className="text-sm text-ink-soft">{text}</span>
    </div>
  );
}

/**
 * One generation in a row. `toward` says where the parents node is: each box gets a short stem on
 * that side, and a bar joins the stems from the first box's centre to the last one's.
 */
function Generation({ label, people, toward, empty }: { label: string; people: Person[]; toward: 'down' | 'up'; empty: string }) {
  const down = toward === 'down';
  const stem = `absolute left-1/2 h-5 -translate-x-px border-l-2 ${line} ${down ? 'bottom-0' : 'top-0'}`;
  const bar = `absolute w-1/2 border-t-2 ${line} ${down ? 'bottom-0' : 'top-0'}`;
  if (people.length === 0) {
    return (
      <div className={`relative flex justify-center ${NODE_WIDTH} ${down ? 'pb-5' : 'pt-5'}`}>
        <span aria-hidden="true" className={`${stem} border-dashed`} />
        <Placeholder text={empty} />
      </div>
    );
  }
  return (
    <ul aria-label={label} className="flex justify-center">
      {people.map((person, index) => (
        <li key={person.id} className={`relative flex justify-center px-2 mobile:px-1 ${NODE_WIDTH} ${down ? 'pb-5' : 'pt-5'}`}>
          <span aria-hidden="true" className={stem} />
          {index > 0 ? <span aria-hidden="true" className={`${bar} left-0`} /> : null}
          {index < people.length - 1 ? <span aria-hidden="true" className={`${bar} right-0`} /> : null}
          <PersonNode person={person} />
        </li>
      ))}
    </ul>
  );
}

function Stem() {
  return <span aria-hidden="true" className={`block h-5 border-l-2 ${line}`} />;
}

/** True while the element's content is wider than the element (it then scrolls sideways). */
function useOverflowsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

export function FamilyTree({ family }: { family: FamilyDetail }) {
  const [scrollerRef, overflows] = useOverflowsSideways();
  const readers: Person[] = family.members
    .filter((member) => member.family_role === 'reader')
    .map((member) => ({
      id: member.id,
      name: member.first_name,
      caption: member.relationship ?? 'Reader',
      initials: member.avatar,
      color: member.avatarColor,
    }));
  const parents = family.members.filter((member) => isParentRole(member.family_role));
  const kids: Person[] = family.kids.map((kid) => ({
    id: kid.id,
    name: kid.first_name,
    caption: `Age ${kid.age}`,
    initials: kid.avatar,
    color: kid.avatarColor,
  }));

  return (
    <section aria-labelledby="family-tree-heading">
      <h2 id="family-tree-heading" className="mb-4 text-2xl font-bold">
        Family Tree
      </h2>
      {/* Wide families scroll sideways instead of breaking the lines; keyboard users can scroll it too. */}
      <div
        ref={scrollerRef}
        className="overflow-x-auto pb-2"
        {...(overflows ? { tabIndex: 0, role: 'group', 'aria-label': 'Family tree, scrolls sideways' } : {})}
      >
        <div className="mx-auto flex w-max min-w-full flex-col items-center py-2">
          <Generation label="Grandparents and caregivers" people={readers} toward="down" empty="Readers join here" />
          <Stem />
          <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-brand bg-brand-soft px-6 py-3 text-center">
            <span className="font-display text-xl font-bold text-brand-dark">Parents</span>
            <ul aria-label="Parents" className="flex flex-wrap justify-center gap-x-4 gap-y-2">
              {parents.map((parent) => (
                <li key={parent.id} className="flex items-center gap-2 text-base font-semibold text-ink">
                  <Avatar initials={parent.avatar} color={parent.avatarColor} size="sm" />
                  {parent.first_name}
                </li>
              ))}
            </ul>
          </div>
          <Stem />
          <Generation label="Kids" people={kids} toward="up" empty="Kids appear here" />
        </div>
      </div>
    </section>
  );
}
