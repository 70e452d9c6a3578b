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
import { mediaDuration } from '../../../lib/media-duration.ts';
import { deleteSession, sessionBlob, updateSession, type RecordingSession } from '../../../lib/recording-store.ts';
import { notify } from '../../../lib/toast.ts';
import { formatDate } from '../../../lib/view.ts';
import { UploadProgress, type UploadState } from './upload-progress.tsx';
import { useUnsentRecordings } from './use-unsent-recordings.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { refreshAfterSend, sendSession, uploadFailureText, useSendWhenBackOnline } from './send-session.ts';

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

/**
 * The length the kept chunks really hold (issue 22.4), read from the file itself: the length noted while
 * recording is the clock's, which runs on past what a crash let be stored. Kept with the reading, so an upload
 * says it too; the noted length until then, or when the browser cannot tell.
 */
function useKeptLength(session: RecordingSession): { seconds: number; measured: boolean } {
  const [measured, setMeasured] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void sessionBlob(session)
      .then((blob) => (blob.size > 0 ? mediaDuration(blob) : 0))
      .then(async (seconds) => {
        if (seconds === null || !live) return;
        const rounded = Math.round(seconds * 10) / 10;
        setMeasured(rounded);
        session.durationSeconds = rounded;
        await updateSession(session.id, { durationSeconds: rounded });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [session]);
  return measured === null ? { seconds: session.durationSeconds, measured: false } : { seconds: measured, measured: true };
}

function UnsentItem({ session, onGone }: { session: RecordingSession; onGone: () => void }) {
  const navigate = useNavigate();
  const length = useKeptLength(session);
  const queryClient = useQueryClient();
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [offline, setOffline] = useState(false);

  const send = async () => {
    setOffline(false);
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
      setOffline(error instanceof ApiError && error.isNetworkError);
    }
  };
  useSendWhenBackOnline(offline && upload.status === 'failed', () => void send());

  const discard = async () => {
    await deleteSession(session.id).catch(() => undefined);
    setConfirmDiscard(false);
    onGone();
  };

  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-paper p-4">
      <p data-length-measured={length.measured}>{RECORDING_PAGE_TEXTS.unsentBody(session.bookTitle, formatDuration(Math.round(length.seconds)))}</p>
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
      {upload.status === 'failed' ? (
        <Alert tone="info">{offline ? RECORDING_PAGE_TEXTS.uploadWaitsForConnection : 'Your reading is still kept on this device.'}</Alert>
      ) : null}
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
