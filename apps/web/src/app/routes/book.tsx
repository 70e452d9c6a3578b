import { useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { BookDetails } from '../../features/books/components/book-details.tsx';

/** `/book/:bookId?childId=…&premium=true`: the book page with its viewer sections. */
export default function BookRoute() {
  const { bookId = '' } = useParams();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  return (
    <BookDetails
      key={bookId}
      bookId={bookId}
      childId={params.get('childId')}
      premium={params.get('premium') === 'true'}
      canRecord={user.role === 'grandparent'}
    />
  );
}
