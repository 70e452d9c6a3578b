import { useEffect, useState } from 'react';
import { listSessions, type RecordingSession } from '../../../lib/recording-store.ts';

// Apart from the Upload and Discard offer (unsent-recordings.tsx): the reader dashboard only lists them, and
// need not download the upload client (tus-js-client) for that.

/** The signed-in user's readings kept in this browser that the server has not confirmed. */
export function useUnsentRecordings(userId: string) {
  const [sessions, setSessions] = useState<RecordingSession[] | null>(null);
  useEffect(() => {
    let live = true;
    listSessions(userId).then(
      // None found is kept as null, as before: React then skips the render a new empty list would cost.
      (found) => {
        if (live) setSessions(found.length > 0 ? found : null);
      },
      () => {
        if (live) setSessions(null);
      },
    );
    return () => {
      live = false;
    };
  }, [userId]);
  const forget = (id: string) => setSessions((current) => current?.filter((s) => s.id !== id) ?? null);
  return { sessions: sessions ?? [], forget };
}
