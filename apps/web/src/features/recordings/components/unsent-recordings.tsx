import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RECORDING_PAGE_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { formatDuration, recordingTypeLabel } from '@fst/shared/recordings/recordings.rules';
import type { RecordingType } from '@fst/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { deleteSession, listSessions, type RecordingSession } from '../../../lib/recording-store.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/view.ts';
import { UploadProgress, type UploadState } from './upload-progress.tsx';
import { refreshAfterSend, sendSession, uploadFailureText } from './send-session.ts';

/** The signed-in user's readings kept in this browser that the server has not confirmed. */
export function useUnsentRecordings(userId: string) {
  const [sessions, setSessions] = useState<RecordingSession[] | null>(null);
  useEffect(() => {
    let live = true;
    listSessions(userId).then(
      (found) => {
        if (live) setSessions(found);
      },
      () => {
        if (live) setSessions([]);
      },
    );
    return () => {
      live = false;
    };
  }, [userId]);
  const forget = (id: string) => setSessions((current) => current?.filter((s) => s.id !== id) ?? null);
  return { sessions: sessions ?? [], forget };
}

/**
 * Offers readings left unsent (a reload, a crash, a failed upload) to Upload or Discard: the book, the
 * kids and the duration recorded.
 */
export function UnsentRecordings({ userId }: { userId: string }) {
  const { sessions, forget } = useUnsentRecordings(userId);
  if (sessions.length === 0) return null;
  return (
    <section aria-label={RECORDING_PAGE_TEXTS.unsentTitle} className="flex flex-col gap-3 rounded-card border-2 border-honey bg-honey-soft p-5 text-left">
      <h2 className="text-2xl font-bold">{RECORDING_PAGE_TEXTS.unsentTitle}</h2>
      <ul className="flex flex-col gap-3">
        {sessions.map((session) => (
          <UnsentItem key={session.id} session={session} onGone={() => forget(session.id)} />
        ))}
      </ul>
    </section>
  );
}

function UnsentItem({ session, onGone }: { session: RecordingSession; onGone: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const send = async () => {
    setUpload({ status: 'sending', percent: 0 });
    try {
      await sendSession(session, (percent) => setUpload({ status: 'sending', percent }));
      await refreshAfterSend(queryClient);
      notify.success(RECORDING_TEXTS.uploaded);
      onGone();
      void navigate(paths.grandparentDashboard);
    } catch (error) {
      const message = uploadFailureText(error);
      notify.error(message);
      setUpload({ status: 'failed', message });
    }
  };

  const discard = async () => {
    await deleteSession(session.id).catch(() => undefined);
    setConfirmDiscard(false);
    onGone();
  };

  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-paper p-4">
      <p>{RECORDING_PAGE_TEXTS.unsentBody(session.bookTitle, formatDuration(session.durationSeconds))}</p>
      <p className="text-base text-ink-soft">
        {recordingTypeLabel(session.recordingType as RecordingType) ?? session.recordingType} · for {session.kidNames.join(', ')} ·{' '}
        {formatDate(session.startedAt, { dateStyle: 'medium', timeStyle: 'short' })}
      </p>
      {upload.status === 'sending' ? null : (
        <div className="flex flex-wrap gap-3 mobile:flex-col mobile:items-stretch">
          <Button size="sm" onClick={() => void send()}>
            {RECORDING_PAGE_TEXTS.unsentUpload}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirmDiscard(true)}>
            {RECORDING_PAGE_TEXTS.unsentDiscard}
          </Button>
        </div>
      )}
      <UploadProgress upload={upload} />
      {upload.status === 'failed' ? <Alert tone="info">Your reading is still kept on this device.</Alert> : null}
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard this reading?"
        description={`The reading of “${session.bookTitle}” will be deleted from this device. This cannot be undone.`}
        confirmLabel={RECORDING_PAGE_TEXTS.unsentDiscard}
        onConfirm={() => void discard()}
      />
    </li>
  );
}
