import { use, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { AiReadingPartsContext } from '../../features/books/components/ai-reading-parts.ts';
import { BookDetails } from '../../features/books/components/book-details.tsx';
import { AiReadingGenerator } from '../../features/narration/components/ai-reading-generator.tsx';

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
