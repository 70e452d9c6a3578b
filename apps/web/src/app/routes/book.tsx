import { use, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { AiReadingPartsContext } from '../../features/books/components/ai-reading-parts.ts';
import { BookDetails } from '../../features/books/components/book-details.tsx';
import { prefetchFamilyRecordings } from '../../features/books/components/family-recordings-section.tsx';
import { premiumStatusQueryOptions } from '../../features/billing/api/get-premium-status.ts';
import { AiReadingGenerator, prefetchAiReadingGenerator } from '../../features/narration/components/ai-reading-generator.tsx';
import { bookQueryOptions } from '../../lib/api/books/get-book.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import type { PagePrefetch } from '../lazy-page.tsx';

/**
 * The book, its Family Recordings and what the Generate AI Reading panel shows first (the plan's Subscribe Now
 * prompt, a parent's family and readers), asked for with the page's code (lazy-page.tsx `loadPage`). The PDF's
 * page is laid out from the book's record while the PDF loads, so a page reloaded scrolled down comes back there.
 */
export const prefetch: PagePrefetch = (client, { bookId = '' }, { url }) =>
  Promise.all([
    prefetchForPage(client, bookQueryOptions(bookId, { premium: url.searchParams.get('premium') === 'true' })),
    prefetchFamilyRecordings(client),
    prefetchForPage(client, premiumStatusQueryOptions()),
    prefetchAiReadingGenerator(client),
  ]);

/** `/book/:bookId?childId=…&premium=true`: the book page with its viewer sections. */
export default function BookRoute() {
  const { bookId = '' } = useParams();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  // Parents generate AI readings of this book: the narration feature's form fills the books feature's
  // Generate AI Reading panel (decision 006).
  const layoutParts = use(AiReadingPartsContext);
  const aiReadingParts = useMemo(() => {
    if (!layoutParts || user.role !== 'parent') return layoutParts;
    const Generate = () => <AiReadingGenerator bookId={bookId} />;
    return { ...layoutParts, Generate };
  }, [layoutParts, user.role, bookId]);
  return (
    <AiReadingPartsContext value={aiReadingParts}>
      <BookDetails
        key={bookId}
        bookId={bookId}
        childId={params.get('childId')}
        premium={params.get('premium') === 'true'}
        canRecord={user.role === 'grandparent'}
      />
    </AiReadingPartsContext>
  );
}
