import { RELATIONSHIPS } from '@fst/shared/families/families.rules';
import { SelectField } from '../../../components/ui/field.tsx';

/** A reader may say who they are to the family (decisions.md "Families"); it shows on reader cards. */
export function RelationshipField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <SelectField label="Your relationship to the kids" optional value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Choose…</option>
      {RELATIONSHIPS.map((relationship) => (
        <option key={relationship} value={relationship}>
          {relationship}
        </option>
      ))}
    </SelectField>
  );
}
