import { useId } from 'react';
import { FieldError } from '../../../components/ui/field.tsx';

export type KidChoice = { id: string; name: string; family_id: string; family_name: string; disabled?: boolean; note?: string };

type KidChecklistProps = {
  legend: string;
  kids: readonly KidChoice[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Every box locked (the recorder while not idle). */
  disabled?: boolean;
  error?: string | undefined;
};

/** Kids to choose, grouped by family, as a fieldset of checkboxes. */
export function KidChecklist({ legend, kids, selected, onChange, disabled = false, error }: KidChecklistProps) {
  const errorId = useId();
  const families = [...new Map(kids.map((k) => [k.family_id, k.family_name])).entries()];
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset disabled={disabled} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className="min-w-0">
      <legend className="mb-2 text-lg font-bold">{legend}</legend>
      <div className="flex flex-col gap-3">
        {families.map(([familyId, familyName]) => (
          <div key={familyId}>
            {families.length > 1 ? <p className="mb-1 text-base font-semibold text-ink-soft">{familyName}</p> : null}
            <ul className="flex flex-wrap gap-2">
              {kids
                .filter((k) => k.family_id === familyId)
                .map((kid) => (
                  <li key={kid.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-line-strong bg-paper px-4 py-1.5 text-base has-checked:border-brand has-checked:bg-brand-soft has-disabled:cursor-not-allowed has-disabled:opacity-70">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand"
                        checked={selected.has(kid.id) || Boolean(kid.disabled && kid.note)}
                        disabled={kid.disabled}
                        onChange={(event) => toggle(kid.id, event.target.checked)}
                      />
                      <span>
                        {kid.name}
                        {kid.note ? <span className="text-ink-soft"> ({kid.note})</span> : null}
                      </span>
                    </label>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
