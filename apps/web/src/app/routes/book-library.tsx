import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BOOK_PAGE_SIZE_DEFAULT } from '@fst/shared/constants';
import { BOOK_SEARCH_MAX_LENGTH } from '@fst/shared/books/books.rules';
import { Button } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { BookLibrary } from '../../features/books/components/book-library.tsx';
import { pageOrFirst, pageSizeOrDefault, type LibraryPaging } from '../../features/books/components/library-paging.ts';
import { PremiumLibrary } from '../../features/books/components/premium-library.tsx';
import { premiumBooksQueryOptions } from '../../features/books/api/list-premium-books.ts';
import { premiumStatusQueryOptions } from '../../features/billing/api/get-premium-status.ts';
import { booksQueryOptions } from '../../lib/api/books/list-books.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import type { PagePrefetch } from '../lazy-page.tsx';

/** The search and the page the address asks for. */
function libraryAddress(params: URLSearchParams): { q: string; paging: LibraryPaging } {
  // The server searches at most BOOK_SEARCH_MAX_LENGTH characters; a longer address is cut to them.
  const q = params.get('q')?.trim().slice(0, BOOK_SEARCH_MAX_LENGTH).trim() ?? '';
  return { q, paging: { page: pageOrFirst(params.get('page')), perPage: pageSizeOrDefault(params.get('per_page')) } };
}

/** The books the address asks for, and without a search the premium books and the plan that unlocks them (lazy-page.tsx `loadPage`). */
export const prefetch: PagePrefetch = (client, _params, { url }) => {
  const { q, paging } = libraryAddress(url.searchParams);
  const firstPremium = { page: 1, perPage: BOOK_PAGE_SIZE_DEFAULT };
  return Promise.all([
    prefetchForPage(client, booksQueryOptions({ ...paging, q })),
    q ? undefined : prefetchForPage(client, premiumBooksQueryOptions(firstPremium)),
    q ? undefined : prefetchForPage(client, premiumStatusQueryOptions()),
  ]);
};

/** `/book`: the full paged library, with search (`?q=`), page and page size kept in the address. */
export default function BookLibraryRoute() {
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const { q, paging } = libraryAddress(params);
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // Back and forward change ?q=: the box follows.
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }

  const update = (next: { q?: string; paging?: LibraryPaging }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    const nextPaging = next.paging ?? paging;
    if (nextQ) search.set('q', nextQ);
    if (nextPaging.page > 1) search.set('page', String(nextPaging.page));
    if (nextPaging.perPage !== BOOK_PAGE_SIZE_DEFAULT) search.set('per_page', String(nextPaging.perPage));
    setParams(search);
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ q: draft.trim(), paging: { ...paging, page: 1 } });
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-6 py-10 mobile:gap-8 mobile:px-4 mobile:py-6">
      <PageTitle title="Book Library" />
      <div>
        <h1 className="mb-2 text-4xl font-bold mobile:text-3xl">Book Library</h1>
        <p className="mb-5 text-ink-soft">Every picture book in Family Story Time. Open one to preview its pages.</p>
        <form role="search" onSubmit={onSearch} className="flex max-w-xl gap-2 mobile:flex-col">
          <label htmlFor={searchId} className="sr-only">
            Search books
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={BOOK_SEARCH_MAX_LENGTH}
            placeholder="Search by title, author or story text"
            className="min-h-12 min-w-0 flex-1 rounded-xl border-2 border-line-strong bg-paper px-4 text-lg text-ink placeholder:text-ink-soft/80 hover:border-ink-soft focus:border-focus"
          />
          <div className="flex gap-2">
            <Button type="submit">Search</Button>
            {q ? (
              <Button variant="ghost" onClick={() => update({ q: '', paging: { ...paging, page: 1 } })}>
                Clear
              </Button>
            ) : null}
          </div>
        </form>
      </div>
      <BookLibrary heading={q ? `Books matching “${q}”` : 'All Books'} q={q} paging={paging} onPagingChange={(next) => update({ paging: next })} />
      {q ? null : <PremiumLibrary />}
    </div>
  );
}
