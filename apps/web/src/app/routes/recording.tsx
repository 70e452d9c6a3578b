import { useParams } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user.tsx';
import { RecordingDetails } from '../../features/recordings/components/recording-details.tsx';
import { paths } from '../../lib/paths.ts';

/** `/recording/:recordingId`: a recording's details (spec section 2). */
export default function RecordingRoute() {
  const { recordingId = '' } = useParams();
  const user = useCurrentUser();
  const backTo = user.role === 'grandparent' ? paths.grandparentDashboard : paths.parentDashboard;
  return <RecordingDetails key={recordingId} recordingId={recordingId} backTo={backTo} />;
}
