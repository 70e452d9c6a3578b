import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { RecorderPage } from '../../features/recordings/components/recorder.tsx';

/** `/record?bookId=…&childId=…&premium=true`: the recorder (spec sections 2 and 4). */
export default function RecordRoute() {
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const bookId = params.get('bookId');
  return (
    <RecorderPage
      key={bookId ?? ''}
      bookId={bookId}
      childId={params.get('childId')}
      premium={params.get('premium') === 'true'}
      requestId={params.get('requestId')}
      userId={user.id}
    />
  );
}
