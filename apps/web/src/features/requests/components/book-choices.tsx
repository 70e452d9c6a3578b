import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Book } from '@fst/shared/books/books.schema';
import { REQUEST_SERVER_MESSAGES } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { BookIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

export const tokenCostText = (cost: number) => (cost === 1 ? '1 token' : `${cost} tokens`);

/** A search box for a book list: `onSearch` gets the trimmed text when the form is sent. */
export function BookSearch({ onSearch, label = 'Search books by title or author' }: { onSearch: (q: string) => void; label?: string }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Search by title or author"
        className="min-h-11 min-w-0 flex-1 rounded-xl border-2 border-line-strong bg-paper px-4 text-base text-ink placeholder:text-ink-soft/80 focus:border-focus"
      />
      <Button type="submit" size="sm" variant="secondary" aria-label="Search">
        <SearchIcon />
        <span className="mobile:sr-only">Search</span>
      </Button>
    </form>
  );
}

type BookChoicesProps = {
  /** Names the radio group, e.g. "Regular books". */
  legend: string;
  books: readonly Book[] | undefined;
  status: 'pending' | 'error' | 'success';
  loadFailedText: string;
  onRetry: () => void;
  emptyText: string;
  selectedId: string | undefined;
  onSelect: (book: Book) => void;
  /** The list is being replaced (the next page is loading). */
  busy?: boolean;
  footer?: ReactNode;
};

/**
 * Books to pick one from, as a radio group (arrow keys move between books). A locked premium book cannot
 * be picked: it has to be unlocked first (decisions.md "Resolved ambiguities": premium requests).
 */
export function BookChoices({ legend, books, status, loadFailedText, onRetry, emptyText, selectedId, onSelect, busy = false, footer }: BookChoicesProps) {
  const name = useId();
  if (status === 'error') {
    return (
      <RetryAlert label="Try Again" onRetry={onRetry}>
        {loadFailedText}
      </RetryAlert>
    );
  }
  if (status === 'pending' || !books) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-8 text-ink-soft">
        <Spinner /> Loading books…
      </p>
    );
  }
  if (books.length === 0) return <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{emptyText}</p>;
  return (
    <fieldset aria-busy={busy || undefined} className={busy ? 'opacity-60' : ''}>
      <legend className="sr-only">{legend}</legend>
      <ul className="grid max-h-[22rem] grid-cols-2 gap-2 overflow-y-auto p-1 mobile:max-h-[40dvh] mobile:grid-cols-1">
        {books.map((book) => {
          const locked = book.is_premium && !book.is_unlocked;
          const checked = book.id === selectedId;
          return (
            <li key={book.id}>
              <label
                className={`flex h-full items-start gap-3 rounded-2xl border-2 p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-focus ${
                  locked
                    ? 'cursor-not-allowed border-line bg-cream-deep opacity-70'
                    : checked
                      ? 'cursor-pointer border-brand bg-brand-soft'
                      : 'cursor-pointer border-line bg-paper hover:border-brand/60'
                }`}
              >
                <input
                  type="radio"
                  name={name}
                  value={book.id}
                  checked={checked}
                  disabled={locked}
                  onChange={() => onSelect(book)}
                  className="mt-1 size-5 shrink-0 accent-brand"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="flex items-center gap-2 font-display text-lg leading-snug font-bold">
                    <BookIcon className="shrink-0 text-brand" />
                    <span className="min-w-0 break-words">{book.title}</span>
                  </span>
                  <span className="text-sm text-ink-soft">by {book.author}</span>
                  {book.is_premium ? (
                    <span className="mt-1 text-sm font-semibold text-brand-dark">
                      {tokenCostText(book.token_cost)}
                      {book.is_unlocked ? ' · unlocked' : ''}
                    </span>
                  ) : null}
                  {locked ? <span className="mt-1 text-sm text-ink">{REQUEST_SERVER_MESSAGES.premiumNeedsUnlock}</span> : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {footer}
    </fieldset>
  );
}
