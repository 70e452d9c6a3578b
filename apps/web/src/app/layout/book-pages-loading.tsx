import { Spinner } from '../../components/ui/spinner.tsx';

/** The book's pages on their way: their code (story-book-parts.tsx), then the PDF; one shape, so nothing below moves. */
export function BookPagesLoading() {
  return (
    <div role="status" className="flex min-h-48 flex-col items-center justify-center gap-3 p-6 text-ink-soft">
      <Spinner className="size-9" />
      <span>Loading PDF…</span>
    </div>
  );
}
