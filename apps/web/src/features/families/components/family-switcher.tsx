import type { FamilyListItem } from '@fst/shared/families/families.schema';
import { SelectField } from '../../../components/ui/field.tsx';

type FamilySwitcherProps = {
  families: readonly FamilyListItem[];
  currentId: string | undefined;
  onSelect: (familyId: string) => void;
  className?: string;
};

/** Picks the current family; shown only to someone in several families (decisions.md "Families"). */
export function FamilySwitcher({ families, currentId, onSelect, className = '' }: FamilySwitcherProps) {
  if (families.length < 2) return null;
  return (
    <SelectField label="Current family" value={currentId ?? ''} onChange={(e) => onSelect(e.target.value)} className={className}>
      {families.map((family) => (
        <option key={family.id} value={family.id}>
          {family.name}
        </option>
      ))}
    </SelectField>
  );
}
