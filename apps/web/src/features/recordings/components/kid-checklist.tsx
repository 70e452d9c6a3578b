import { useId } from 'react';
import { FieldError } from '../../../components/ui/field.tsx';

export type KidChoice = {
  id: string;
  name: string;
  family_id: string;
  family_name: string;
  /** Already has the recording: shown ticked and locked. */
  assigned?: boolean;
  /** Why this kid cannot be chosen (premium sharing rules): locked, with the reason under their family. */
  refusal?: string | null;
  /** What choosing this kid costs, e.g. "1 share token" (premium stories). */
  cost?: string;
};

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
  const baseId = useId();
  const errorId = `${baseId}-error`;
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
        {families.map(([familyId, familyName], familyIndex) => {
          const familyKids = kids.filter((k) => k.family_id === familyId);
          // The premium rules refuse a whole family at a time (by plan and family tier): one reason per family.
          const refusals = [...new Set(familyKids.flatMap((k) => (k.refusal ? [k.refusal] : [])))];
          const refusalId = (reason: string) => `${baseId}-${familyIndex}-${refusals.indexOf(reason)}`;
          return (
            <div key={familyId}>
              {families.length > 1 ? <p className="mb-1 text-base font-semibold text-ink-soft">{familyName}</p> : null}
              <ul className="flex flex-wrap gap-2">
                {familyKids.map((kid) => {
                  const locked = Boolean(kid.assigned || kid.refusal);
                  return (
                    <li key={kid.id}>
                      <label className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 rounded-full border-2 border-line-strong bg-paper px-4 py-1.5 text-base has-checked:border-brand has-checked:bg-brand-soft has-disabled:cursor-not-allowed has-disabled:opacity-70">
                        <input
                          type="checkbox"
                          className="size-5 accent-brand"
                          checked={kid.assigned ? true : !kid.refusal && selected.has(kid.id)}
                          disabled={locked}
                          aria-describedby={kid.refusal ? refusalId(kid.refusal) : undefined}
                          onChange={(event) => toggle(kid.id, event.target.checked)}
                        />
                        <span>
                          {kid.name}
                          {kid.assigned ? <span className="text-ink-soft"> (already has it)</span> : null}
                        </span>
                        {kid.cost && !locked ? (
                          <>
                            {' '}
                            <span className="rounded-full bg-honey-soft px-2.5 py-0.5 text-sm font-semibold text-ink">{kid.cost}</span>
                          </>
                        ) : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
              {refusals.map((reason) => (
                <p key={reason} id={refusalId(reason)} className="mt-1 text-base text-ink-soft">
                  {reason}
                </p>
              ))}
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
