import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Book } from '@fst/shared/books/books.schema';
import type { RecordingType } from '@fst/shared/constants';
import { BOOK_TEXTS, RECORDING_PAGE_TEXTS, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import { formatTimer, recorderChoicesLocked, recordingTypeLabel, type ChoosableKid } from '@fst/shared/recordings/recordings.rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { MicIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { deleteSession, type RecordingSession } from '../../../lib/recording-store.ts';
import { notify } from '../../../lib/toast.ts';
import { useBook } from '../../books/api/get-book.ts';
import { PdfView } from '../../books/components/pdf-view.tsx';
import { useRecordableKids } from '../api/get-recordable-kids.ts';
import { recordingsQueryKey } from '../api/recordings-query-keys.ts';
import { KidChecklist } from './kid-checklist.tsx';
import { RecordingTypeChoice } from './recording-type-choice.tsx';
import { sendSession, uploadFailureText } from './send-session.ts';
import { UnsentRecordings } from './unsent-recordings.tsx';
import { UploadProgress, type UploadState } from './upload-progress.tsx';
import { useMediaAccess, useRecorder } from './use-recorder.ts';

type RecorderPageProps = {
  bookId: string | null;
  childId: string | null;
  premium: boolean;
  userId: string;
};

/** `/record?bookId&childId&premium`: the recorder page (spec sections 2 and 4). */
export function RecorderPage({ bookId, childId, premium, userId }: RecorderPageProps) {
  if (!bookId) {
    return (
      <div className="mx-auto max-w-xl px-6 py-12 mobile:px-4">
        <PageTitle title="Record a Story" />
        <Card className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-3xl font-bold">Record a Story</h1>
          <p className="text-ink-soft">Choose a book from the library to start recording.</p>
          <UnsentRecordings userId={userId} />
          <ButtonLink to={paths.bookLibrary}>Go to the Library</ButtonLink>
        </Card>
      </div>
    );
  }
  return <RecorderForBook bookId={bookId} childId={childId} premium={premium} userId={userId} />;
}

function RecorderForBook({ bookId, childId, premium, userId }: RecorderPageProps & { bookId: string }) {
  const book = useBook(bookId, { premium });
  if (book.isPending) return <LoadingScreen label="Loading the book…" />;
  if (book.isError) {
    const missing = book.error instanceof ApiError && (book.error.status === 404 || book.error.status === 400);
    return (
      <div className="mx-auto max-w-xl px-6 py-12 mobile:px-4">
        <PageTitle title="Record a Story" />
        <Card className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-3xl font-bold">{missing ? RECORDING_TEXTS.bookNotFound : 'Record a Story'}</h1>
          {missing ? null : <Alert tone="error">{BOOK_TEXTS.loadDataFailed}</Alert>}
          {missing ? null : (
            <Button size="sm" onClick={() => void book.refetch()}>
              Try Again
            </Button>
          )}
          <ButtonLink to={paths.bookLibrary} variant="secondary" size="sm">
            Back to Library
          </ButtonLink>
        </Card>
      </div>
    );
  }
  return (
    <Recorder
      book={book.data.book}
      childId={childId}
      premium={premium || book.data.book.is_premium}
      userId={userId}
      refreshPdf={async () => (await book.refetch()).data?.book.pdf_url}
    />
  );
}

type RecorderProps = {
  book: Book;
  childId: string | null;
  premium: boolean;
  userId: string;
  refreshPdf: () => Promise<string | null | undefined>;
};


function Recorder({ book, childId, premium, userId, refreshPdf }: RecorderProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kidsHeadingId = useId();
  const [type, setType] = useState<RecordingType>('video_with_pdf');
  const kids = useRecordableKids();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(childId ? [childId] : []));
  const [kidError, setKidError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const [stopped, setStopped] = useState<RecordingSession | null>(null);
  const recorder = useRecorder();
  const { access, retry } = useMediaAccess(type === 'audio_only' ? 'audio' : 'video');
  const previewRef = useRef<HTMLVideoElement>(null);
  const pageHostRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef(1);
  const locked = recorderChoicesLocked(recorder.state);
  const kidList: ChoosableKid[] = kids.status === 'success' ? kids.kids : [];

  // A childId that is not one of the reader's kids is not kept as a choice.
  const knownKids = kids.status === 'success' ? kids.kids.map((k) => k.id).join() : null;
  useEffect(() => {
    if (knownKids === null) return;
    const known = new Set(knownKids.split(','));
    setSelected((current) => new Set([...current].filter((id) => known.has(id))));
  }, [knownKids]);

  useEffect(() => {
    const video = previewRef.current;
    if (!video) return;
    video.srcObject = access.status === 'ready' ? access.stream : null;
  }, [access, type]);

  const isSplit = type === 'video_with_pdf';

  const onChangeType = (next: RecordingType) => {
    setType(next);
    pageRef.current = 1;
  };

  const onPageChange = (page: number) => {
    pageRef.current = page;
    recorder.turnPage(page);
  };

  const askToStart = () => {
    if (selected.size === 0) {
      setKidError(VALIDATION.selectChildToRecord);
      document.getElementById(kidsHeadingId)?.scrollIntoView({ block: 'center' });
      return;
    }
    setKidError(undefined);
    setConfirming(true);
  };

  const chosenKids = kidList.filter((k) => selected.has(k.id));

  const begin = async () => {
    setConfirming(false);
    if (access.status !== 'ready') {
      notify.error(RECORDING_TEXTS.cameraDenied);
      return;
    }
    try {
      await recorder.start({
        userId,
        bookId: book.id,
        bookTitle: book.title,
        premium,
        kidIds: chosenKids.map((k) => k.id),
        kidNames: chosenKids.map((k) => k.name),
        recordingType: type,
        stream: access.stream,
        firstPage: pageRef.current,
        pageHost: pageHostRef.current,
        preview: previewRef.current,
      });
    } catch {
      notify.error(RECORDING_TEXTS.cameraDenied);
    }
  };

  const send = async (session: RecordingSession) => {
    setUpload({ status: 'sending', percent: 0 });
    try {
      await sendSession(session, (percent) => setUpload({ status: 'sending', percent }));
      await queryClient.invalidateQueries({ queryKey: recordingsQueryKey });
      notify.success(RECORDING_TEXTS.uploaded);
      void navigate(paths.grandparentDashboard);
    } catch (error) {
      const message = uploadFailureText(error);
      notify.error(message);
      setUpload({ status: 'failed', message });
    }
  };

  const stop = async () => {
    const session = await recorder.stop();
    if (!session) return;
    setStopped(session);
    await send(session);
  };

  const recordAgain = async () => {
    if (stopped) await deleteSession(stopped.id).catch(() => undefined);
    setStopped(null);
    setUpload({ status: 'idle' });
    recorder.reset();
  };

  const stateText =
    recorder.state === 'recording' ? 'Recording' : recorder.state === 'paused' ? 'Paused' : recorder.state === 'stopped' ? 'Stopped' : 'Ready';

  const camera =
    type === 'audio_only' ? (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-2xl bg-night text-white">
        <MicIcon className={`size-14 ${recorder.state === 'recording' ? 'animate-pulse text-honey' : ''}`} />
        <p className="text-lg font-semibold">{access.status === 'ready' ? 'Microphone ready' : access.status === 'pending' ? 'Asking for the microphone…' : 'No microphone'}</p>
      </div>
    ) : (
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-night">
        <video ref={previewRef} muted autoPlay playsInline aria-label="Your camera" className="size-full -scale-x-100 object-cover" />
        {access.status === 'pending' ? (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-white">
            <Spinner className="border-white/40 border-t-white" /> Starting the camera…
          </p>
        ) : null}
      </div>
    );

  const controls = (
    <div className="flex flex-col gap-4">
      {camera}
      {access.status === 'denied' ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{RECORDING_TEXTS.cameraDenied}</span>
          <Button size="sm" variant="secondary" onClick={retry}>
            Try Again
          </Button>
        </Alert>
      ) : null}
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-cream-deep px-4 py-3">
        <p className="flex items-center gap-2 font-semibold" aria-live="polite">
          <span
            aria-hidden="true"
            className={`inline-block size-3 rounded-full ${recorder.state === 'recording' ? 'animate-pulse bg-danger' : recorder.state === 'paused' ? 'bg-honey' : 'bg-line-strong'}`}
          />
          {stateText}
        </p>
        <p role="timer" aria-label="Recording time" className="font-mono text-3xl font-bold tabular-nums">
          {formatTimer(recorder.elapsed)}
        </p>
      </div>
      <div className="flex flex-wrap gap-3 mobile:flex-col mobile:items-stretch">
        {recorder.state === 'idle' ? (
          <Button size="lg" onClick={askToStart} disabled={access.status !== 'ready' || kids.status !== 'success' || kidList.length === 0}>
            <MicIcon /> Start Recording
          </Button>
        ) : null}
        {recorder.state === 'recording' ? (
          <>
            <Button variant="secondary" onClick={recorder.pause}>
              Pause
            </Button>
            <Button variant="danger" onClick={() => void stop()}>
              Stop
            </Button>
          </>
        ) : null}
        {recorder.state === 'paused' ? (
          <>
            <Button onClick={recorder.resume}>Resume</Button>
            <Button variant="danger" onClick={() => void stop()}>
              Stop
            </Button>
          </>
        ) : null}
        {recorder.state === 'stopped' && upload.status !== 'sending' ? (
          <>
            {upload.status === 'failed' && stopped ? <Button onClick={() => void send(stopped)}>Try Upload Again</Button> : null}
            <Button variant="secondary" onClick={() => void recordAgain()}>
              {RECORDING_PAGE_TEXTS.recordAgain}
            </Button>
          </>
        ) : null}
      </div>
      <UploadProgress upload={upload} />
    </div>
  );

  const choices = (
    <div className="flex flex-col gap-6">
      <RecordingTypeChoice value={type} onChange={onChangeType} disabled={locked} />
      <div id={kidsHeadingId}>
        {kids.status === 'pending' ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> Loading your kids…
          </p>
        ) : kids.status === 'error' ? (
          <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
            <span>Could not load the kids you read to</span>
            <Button size="sm" variant="secondary" onClick={kids.retry}>
              Retry
            </Button>
          </Alert>
        ) : kidList.length === 0 ? (
          <div className="flex flex-col gap-3">
            <p className="text-lg font-bold">Who is this story for?</p>
            <p className="text-ink-soft">{RECORDING_TEXTS.noKidsAvailable}</p>
            <ButtonLink to={paths.family} variant="secondary" size="sm" className="self-start">
              Find Families
            </ButtonLink>
          </div>
        ) : (
          <KidChecklist
            legend="Who is this story for?"
            kids={kidList}
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              if (next.size > 0) setKidError(undefined);
            }}
            disabled={locked}
            error={kidError}
          />
        )}
      </div>
    </div>
  );

  const bookView = (
    <div ref={pageHostRef}>
      <PdfView
        key={isSplit ? 'split' : 'book'}
        url={book.pdf_url}
        title={book.title}
        views={isSplit ? ['page'] : ['book']}
        pageScale={1.5}
        refreshUrl={refreshPdf}
        onPageChange={onPageChange}
      />
    </div>
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-6 py-8 mobile:px-4 mobile:py-6">
      <PageTitle title={`Record: ${book.title}`} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-4xl font-bold mobile:text-3xl">Record a Story</h1>
          <p className="text-lg text-ink-soft">
            {book.title} <span className="text-base">by {book.author}</span>
          </p>
        </div>
        {recorder.state === 'idle' ? (
          <ButtonLink to={paths.bookLibrary} variant="secondary" size="sm">
            Back to Library
          </ButtonLink>
        ) : null}
      </div>
      {recorder.state === 'idle' && upload.status === 'idle' ? <UnsentRecordings userId={userId} /> : null}
      {isSplit ? (
        <div className="grid grid-cols-[3fr_2fr] items-start gap-6 mobile:grid-cols-1">
          <Card>
            <section aria-label="Book">{bookView}</section>
          </Card>
          <div className="flex flex-col gap-6">
            <Card>
              <section aria-label="Recorder">{controls}</section>
            </Card>
            <Card>{choices}</Card>
          </div>
        </div>
      ) : (
        <>
          <Card>
            <section aria-label="Book">{bookView}</section>
          </Card>
          <div className="grid grid-cols-2 items-start gap-6 mobile:grid-cols-1">
            <Card>
              <section aria-label="Recorder">{controls}</section>
            </Card>
            <Card>{choices}</Card>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={RECORDING_PAGE_TEXTS.readyToRecordTitle}
        description={`You are about to record “${book.title}” (${recordingTypeLabel(type)}) for ${chosenKids.map((k) => k.name).join(', ')}. Take your time: you can pause whenever you like.`}
        confirmLabel="Start Recording"
        onConfirm={() => void begin()}
        tone="primary"
      />
    </div>
  );
}
