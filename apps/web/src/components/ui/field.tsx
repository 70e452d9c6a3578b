import { useId, type ComponentProps, type ReactNode } from 'react';

const controlClasses =
  'w-full rounded-xl border-2 border-line-strong bg-paper px-4 py-3 text-lg text-ink placeholder:text-ink-soft/80 ' +
  'transition-colors hover:border-ink-soft focus:border-focus ' +
  'aria-invalid:border-danger';

type FieldShellProps = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
};

/** Ids that tie a control to its hint and its error (aria-describedby), the error announced at once. */
function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-base font-semibold text-ink">
      {label}
      {optional ? <span className="font-normal text-ink-soft"> (optional)</span> : null}
    </label>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-base text-ink-soft">
      {children}
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-base font-medium text-danger">
      {message}
    </p>
  );
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & FieldShellProps;

export function TextField({ label, error, hint, optional, className = '', ...input }: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClasses} read-only:bg-cream-deep read-only:text-ink-soft`}
        {...input}
      />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & FieldShellProps;

export function TextAreaField({ label, error, hint, optional, className = '', ...textarea }: TextAreaFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClasses} min-h-32 resize-y`}
        {...textarea}
      />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & FieldShellProps;

export function SelectField({ label, error, hint, optional, className = '', children, ...select }: SelectFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} optional={optional} />
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${controlClasses} appearance-auto`} {...select}>
        {children}
      </select>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: ReactNode };

export function CheckboxField({ label, className = '', ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <input id={id} type="checkbox" className="size-5 shrink-0 rounded accent-brand" {...input} />
      <label htmlFor={id} className="text-base text-ink">
        {label}
      </label>
    </div>
  );
}
