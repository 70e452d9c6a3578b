import { useEffect, useRef } from 'react';
import type { FamilyListItem } from '@fst/shared/families/families.schema';
import { SelectField } from '../../../components/ui/field.tsx';

type FamilySwitcherProps = {
  families: readonly FamilyListItem[];
  currentId: string | undefined;
  onSelect: (familyId: string) => void;
  className?: string;
};

// The parent dashboard draws a family switched to afresh, this switcher included (keyed by family): the new one
// takes the focus the old one had, if it comes within this long of the switch.
const REFOCUS_WITHIN_MS = 1000;
let switchedAt = Number.NEGATIVE_INFINITY;

/** Picks the current family; shown only to someone in several families (decisions.md "Families"). */
export function FamilySwitcher({ families, currentId, onSelect, className = '' }: FamilySwitcherProps) {
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (performance.now() - switchedAt < REFOCUS_WITHIN_MS) select.current?.focus();
  }, []);
  if (families.length < 2) return null;
  const choose = (familyId: string) => {
    switchedAt = performance.now();
    onSelect(familyId);
  };
  return (
    <SelectField ref={select} label="Current family" value={currentId ?? ''} onChange={(e) => choose(e.target.value)} className={className}>
      {families.map((family) => (
        <option key={family.id} value={family.id}>
          {family.name}
        </option>
      ))}
    </SelectField>
  );
}
