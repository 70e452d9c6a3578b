import { Switch as RadixSwitch } from 'radix-ui';
import { Spinner } from './spinner.tsx';

type SwitchProps = {
  checked: boolean;
  /** A change is being saved: shows a spinner and ignores presses, but keeps the focus where it is. */
  busy?: boolean;
  onChange: (checked: boolean) => void;
  'aria-labelledby': string;
  'aria-describedby'?: string;
};

/** An on/off switch (Radix: a button with role switch; Space or Enter toggles it, like a checkbox). */
export function Switch({ checked, busy = false, onChange, ...aria }: SwitchProps) {
  return (
    <span className="flex shrink-0 items-center gap-2">
      {busy ? <Spinner className="size-5" /> : null}
      <RadixSwitch.Root
        checked={checked}
        onCheckedChange={(next) => {
          if (!busy) onChange(next);
        }}
        aria-disabled={busy || undefined}
        {...aria}
        className={`relative inline-flex h-11 w-[4.5rem] items-center rounded-full border-2 transition-colors ${
          checked ? 'border-brand bg-brand' : 'border-line-strong bg-paper'
        } ${busy ? 'cursor-wait opacity-70' : ''}`}
      >
        <RadixSwitch.Thumb
          className={`inline-block size-9 rounded-full shadow transition-transform ${checked ? 'translate-x-[30px] bg-paper' : 'translate-x-0.5 bg-line-strong'}`}
        />
      </RadixSwitch.Root>
    </span>
  );
}
