import { Spinner } from './spinner.tsx';

type SwitchProps = {
  checked: boolean;
  /** A change is being saved: shows a spinner and ignores presses, but keeps the focus where it is. */
  busy?: boolean;
  onChange: (checked: boolean) => void;
  'aria-labelledby': string;
  'aria-describedby'?: string;
};

/**
 * An on/off switch: a button with role switch (WAI-ARIA's switch pattern; Space or Enter toggles it, as any
 * button). Not Radix's: its switch keeps a ref to itself in state for forms, a second render in the commit
 * of the page that shows it, which pulled the page's effects into that commit's task; no switch here is in a form.
 */
export function Switch({ checked, busy = false, onChange, ...aria }: SwitchProps) {
  return (
    <span className="flex shrink-0 items-center gap-2">
      {busy ? <Spinner className="size-5" /> : null}
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onChange(!checked);
        }}
        {...aria}
        className={`relative inline-flex h-11 w-[4.5rem] items-center rounded-full border-2 transition-colors ${
          checked ? 'border-brand bg-brand' : 'border-line-strong bg-paper'
        } ${busy ? 'cursor-wait opacity-70' : ''}`}
      >
        <span
          aria-hidden
          className={`inline-block size-9 rounded-full shadow transition-transform ${checked ? 'translate-x-[30px] bg-paper' : 'translate-x-0.5 bg-line-strong'}`}
        />
      </button>
    </span>
  );
}
