import { useId, useState } from 'react';

type PageNumberInputProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
};

/** "Page [3] of 12": typing a page number in range goes there; anything else snaps back on leaving. */
export function PageNumberInput({ page, pageCount, onPageChange, disabled }: PageNumberInputProps) {
  const id = useId();
  const [text, setText] = useState(String(page));
  const [shownPage, setShownPage] = useState(page);
  // The page changed elsewhere (Previous/Next, a page turn): show it.
  if (shownPage !== page) {
    setShownPage(page);
    setText(String(page));
  }

  const parse = (value: string): number | null => {
    if (!/^\s*\d+\s*$/.test(value)) return null;
    const n = Number(value);
    return n >= 1 && n <= pageCount ? n : null;
  };

  return (
    <div className="flex items-center gap-2 text-base">
      <label htmlFor={id} className="font-semibold">
        Page
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={pageCount}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          const next = parse(event.target.value);
          if (next !== null && next !== page) onPageChange(next);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          const next = parse(text);
          if (next === null) setText(String(page));
          else if (next !== page) onPageChange(next);
        }}
        onBlur={() => {
          if (parse(text) === null) setText(String(page));
        }}
        className="min-h-11 w-20 rounded-xl border-2 border-line-strong bg-paper px-3 text-center text-base text-ink hover:border-ink-soft focus:border-focus"
      />
      <span className="text-ink-soft">of {pageCount}</span>
    </div>
  );
}
