import { useId } from 'react';
import { BOOK_PAGE_SIZES } from '@fst/shared/constants';

/** The page size choice of spec section 9: 15, 25 or 50 books. */
export function PageSizeSelect({ value, onChange, disabled }: { value: number; onChange: (size: number) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-base font-semibold text-ink">
        Books per page
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="min-h-11 rounded-xl border-2 border-line-strong bg-paper px-3 text-base text-ink hover:border-ink-soft focus:border-focus"
      >
        {BOOK_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
