import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { prefetchRecordableKids } from '../../features/recordings/api/get-recordable-kids.ts';
import { RecordingDetails } from '../../features/recordings/components/recording-details.tsx';
import { recordingQueryOptions } from '../../lib/api/recordings/get-recording.ts';
import { paths } from '../../lib/paths.ts';
import { prefetchForPage } from '../../lib/prefetch-for-page.ts';
import type { PagePrefetch } from '../lazy-page.tsx';

/** The recording and, for its reader, the kids it can go to, asked for by the page's loader (lazy-page.tsx `loadPage`). */
export const prefetch: PagePrefetch = async (client, { recordingId = '' }) => {
  const answer = await prefetchForPage(client, recordingQueryOptions(recordingId));
  if (answer?.recording.is_owner) await prefetchRecordableKids(client);
};

/** `/recording/:recordingId`: a recording's details (spec section 2). */
export default function RecordingRoute() {
  const { recordingId = '' } = useParams();
  const user = useCurrentUser();
  const backTo = user.role === 'grandparent' ? paths.grandparentDashboard : paths.parentDashboard;
  return <RecordingDetails key={recordingId} recordingId={recordingId} backTo={backTo} />;
}
