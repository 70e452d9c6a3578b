import { pageButtons } from '@fst/shared/books/books.rules';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Book Library pages". */
  label: string;
  disabled?: boolean;
  className?: string;
};

const pageClasses =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-base font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Previous, the page buttons of spec section 9 (first, last, current ±1, ellipses between) and Next.
 * Nothing when everything fits on one page.
 */
export function Pagination({ page, totalPages, onPageChange, label, disabled = false, className = '' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const buttons = pageButtons(page, totalPages);
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${pageClasses} border-2 border-line-strong bg-paper text-ink hover:border-brand`}
            disabled={disabled || page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </button>
        </li>
        {buttons.map((button, index) =>
          button === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={button}>
              <button
                type="button"
                aria-label={`Page ${button}`}
                aria-current={button === page ? 'page' : undefined}
                className={`${pageClasses} ${
                  button === page ? 'bg-brand text-white' : 'border-2 border-transparent text-ink hover:border-line-strong hover:bg-paper'
                }`}
                disabled={disabled}
                onClick={() => {
                  if (button !== page) onPageChange(button);
                }}
              >
                {button}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${pageClasses} border-2 border-line-strong bg-paper text-ink hover:border-brand`}
            disabled={disabled || page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
