import { use, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate } from 'react-router';
import type { Book } from '@fst/shared/books/books.schema';
import { canRecordPremium, formatShareBalance } from '@fst/shared/billing/billing.rules';
import type { RecordingType } from '@fst/shared/constants';
import { BILLING_MESSAGES, BOOK_TEXTS, RECORDING_PAGE_TEXTS, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import { formatTimer, recorderChoicesLocked, recordingTypeLabel, type ChoosableKid } from '@fst/shared/recordings/recordings.rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { MicIcon } from '../../../components/ui/icons.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { bottomBarRef } from '../../../lib/bottom-bar.ts';
import { paths } from '../../../lib/paths.ts';
import { deleteSession, type RecordingSession } from '../../../lib/recording-store.ts';
import { notify } from '../../../lib/toast.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { useBook } from '../../../lib/api/books/get-book.ts';
import { PdfView } from '../../../components/pdf/pdf-view.tsx';
import { useRecordableKids } from '../api/get-recordable-kids.ts';
import { KidChecklist, type KidChoice } from './kid-checklist.tsx';
import { premiumKidTerms, premiumQuote, shareTokens, useFamilyTiers, usePremiumRequestFamilies } from './premium-choices.ts';
import { PremiumSharingContext, type ShareAccount } from './premium-sharing.ts';
import { RecordingTypeChoice } from './recording-type-choice.tsx';
import { refreshAfterSend, sendSession, uploadFailureText, useSendWhenBackOnline } from './send-session.ts';
import { UnsentRecordings } from './unsent-recordings.tsx';
import { UploadProgress, type UploadState } from './upload-progress.tsx';
import { useMediaAccess, useRecorder } from './use-recorder.ts';

type RecorderPageProps = {
  bookId: string | null;
  childId: string | null;
  premium: boolean;
  /** The story request being recorded, when opened from it (a premium book's pages are shown for it). */
  requestId?: string | null;
  userId: string;
};

/** `/record?bookId&childId&premium`: the recorder page (spec sections 2 and 4). */
export function RecorderPage({ bookId, childId, premium, requestId, userId }: RecorderPageProps) {
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
  return <RecorderForBook bookId={bookId} childId={childId} premium={premium} requestId={requestId} userId={userId} />;
}

function RecorderForBook({ bookId, childId, premium, requestId, userId }: RecorderPageProps & { bookId: string }) {
  const book = useBook(bookId, { premium, requestId });
  const sharing = use(PremiumSharingContext);
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
  const props = {
    book: book.data.book,
    childId,
    premium: premium || book.data.book.is_premium,
    userId,
    refreshPdf: async () => (await book.refetch()).data?.book.pdf_url,
  };
  // A premium story costs share tokens per kid (spec section 5): the recorder needs the reader's plan and balance.
  if (!props.premium || !sharing) return <Recorder {...props} premiumAccount={null} />;
  const { ShareAccount, ShareBalance } = sharing;
  return <ShareAccount>{(account) => <Recorder {...props} premiumAccount={{ account, Balance: ShareBalance }} />}</ShareAccount>;
}

type RecorderProps = {
  book: Book;
  childId: string | null;
  premium: boolean;
  userId: string;
  refreshPdf: () => Promise<string | null | undefined>;
  /** The reader's plan and share tokens for a premium story (null: not premium, or the app provides none). */
  premiumAccount: { account: ShareAccount; Balance: ComponentType } | null;
};

function Recorder({ book, childId, premium, userId, refreshPdf, premiumAccount }: RecorderProps) {
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
  // The last upload failed for want of a connection: it is tried again by itself once the browser is back online.
  const [offline, setOffline] = useState(false);
  const recorder = useRecorder();
  const recording = recorder.state === 'recording' || recorder.state === 'paused';
  // Leaving mid-recording asks first: inside the app with a dialog, a reload or a closed tab with the browser's.
  const leaving = useBlocker(recording);
  useEffect(() => {
    if (!recording) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [recording]);
  const { access, retry } = useMediaAccess(type === 'audio_only' ? 'audio' : 'video');
  const previewRef = useRef<HTMLVideoElement>(null);
  const pageHostRef = useRef<HTMLDivElement>(null);
  const bookRef = useRef<HTMLElement>(null);
  const mobile = useIsMobile();
  const pageRef = useRef(1);
  const locked = recorderChoicesLocked(recorder.state);
  const kidList: ChoosableKid[] = kids.status === 'success' ? kids.kids : [];

  // A childId that is not one of the reader's kids is not kept as a choice: the choices are trimmed to the
  // reader's kids each time that list changes, while rendering (no effect and second render for it).
  const knownKids = kids.status === 'success' ? kids.kids.map((k) => k.id).join() : null;
  const [trimmedFor, setTrimmedFor] = useState<string | null>(null);
  if (knownKids !== null && knownKids !== trimmedFor) {
    setTrimmedFor(knownKids);
    const known = new Set(knownKids.split(','));
    setSelected((current) => new Set([...current].filter((id) => known.has(id))));
  }

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
    if (chosenKids.length === 0) {
      setKidError(VALIDATION.selectChildToRecord);
      document.getElementById(kidsHeadingId)?.scrollIntoView({ block: 'center' });
      return;
    }
    setKidError(undefined);
    setConfirming(true);
  };

  const costId = useId();
  const blockedId = useId();
  const premiumTerms = usePremiumTerms(book.id, kidList, premiumAccount?.account ?? null);
  const kidChoices: KidChoice[] = kidList.map((kid) => {
    const terms = premiumTerms.status === 'ready' ? premiumTerms.terms.get(kid.id) : undefined;
    return terms ? { ...kid, refusal: terms.refusal, cost: shareTokens(terms.cost) } : kid;
  });
  // Kids the premium rules refuse stay unticked whatever the link (childId) asked for.
  const chosenKids = kidChoices.filter((k) => selected.has(k.id) && !k.refusal);
  const premiumCheck = premiumTerms.status === 'ready' ? premiumTerms.check(chosenKids) : null;
  // Premium: the start is held until the costs are known, and refused when the tokens do not cover them.
  const premiumBlocked = premiumAccount !== null && (premiumTerms.status !== 'ready' || Boolean(premiumCheck?.blocked));

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
      // The controls are at the bottom of the screen: the page to read goes on top (below them on a laptop, but
      // for the split view, where the page is beside the choices).
      if (mobile || !isSplit) bookRef.current?.scrollIntoView({ block: 'start' });
    } catch {
      notify.error(RECORDING_TEXTS.cameraDenied);
    }
  };

  const send = async (session: RecordingSession) => {
    setOffline(false);
    setUpload({ status: 'sending', percent: 0 });
    try {
      await sendSession(session, (percent) => setUpload({ status: 'sending', percent }));
      await refreshAfterSend(queryClient);
      // A premium story's share tokens were charged when the upload was accepted.
      if (premiumAccount?.account.status === 'ready') premiumAccount.account.refresh();
      notify.success(RECORDING_TEXTS.uploaded);
      void navigate(paths.grandparentDashboard);
    } catch (error) {
      const message = premiumRefusal(error) ?? uploadFailureText(error);
      notify.error(message);
      setUpload({ status: 'failed', message });
      setOffline(error instanceof ApiError && error.isNetworkError);
    }
  };
  useSendWhenBackOnline(offline && upload.status === 'failed' && stopped !== null, () => stopped && void send(stopped));

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

  const stateText = recorder.state === 'recording' ? 'Recording' : recorder.state === 'paused' ? 'Paused' : recorder.state === 'stopped' ? 'Stopped' : 'Ready';

  const camera =
    type === 'audio_only' ? (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-2xl bg-night text-white mobile:max-h-40">
        <MicIcon className={`size-14 ${recorder.state === 'recording' ? 'animate-pulse text-honey' : ''}`} />
        <p className="text-lg font-semibold">
          {access.status === 'ready' ? 'Microphone ready' : access.status === 'pending' ? 'Asking for the microphone…' : 'No microphone'}
        </p>
      </div>
    ) : (
      // Shorter on a phone or an upright tablet, where the book's page needs the room.
      <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-night mobile:max-h-48">
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
        <RetryAlert label="Try Again" onRetry={retry}>
          {RECORDING_TEXTS.cameraDenied}
        </RetryAlert>
      ) : null}
      {/*
        The state, the time, what to do next and the upload's progress. They stay at the bottom of the screen on
        every screen (a laptop's too, issue 22), so that the book's page and Stop are in view together (the page,
        toasts and the Report Issue button keep above them: lib/bottom-bar.ts).
      */}
      <div ref={bottomBarRef} data-testid="recorder-bar" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-paper/95 shadow-card backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-3 mobile:flex-col mobile:items-stretch mobile:px-4">
          <div className="flex items-center justify-between gap-6 rounded-2xl bg-cream-deep px-4 py-1 mobile:justify-end mobile:gap-3">
            <p className="flex items-center gap-2 font-semibold" aria-live="polite">
              <span
                aria-hidden="true"
                className={`inline-block size-3 rounded-full ${recorder.state === 'recording' ? 'animate-pulse bg-danger' : recorder.state === 'paused' ? 'bg-honey' : 'bg-line-strong'}`}
              />
              {stateText}
            </p>
            <p role="timer" aria-label="Recording time" className="font-mono text-3xl font-bold tabular-nums mobile:text-2xl">
              {formatTimer(recorder.elapsed)}
            </p>
          </div>
          <div className="flex flex-wrap gap-3 mobile:*:flex-1">
            {recorder.state === 'idle' ? (
              <Button
                size="lg"
                onClick={askToStart}
                disabled={access.status !== 'ready' || kids.status !== 'success' || kidList.length === 0 || premiumBlocked}
                aria-describedby={premiumAccount ? (premiumCheck?.blocked ? `${costId} ${blockedId}` : costId) : undefined}
              >
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
          <div className="min-w-0 flex-1 basis-72 mobile:basis-auto">
            <UploadProgress upload={upload} />
            {offline && upload.status === 'failed' ? <p className="mt-1 text-base text-ink-soft">{RECORDING_PAGE_TEXTS.uploadWaitsForConnection}</p> : null}
          </div>
        </div>
      </div>
      {recorder.state === 'idle' && premiumCheck?.blocked ? (
        <div id={blockedId}>
          <Alert tone="info">
            {premiumCheck.blocked.title ? <p className="font-bold">{premiumCheck.blocked.title}</p> : null}
            <p>{premiumCheck.blocked.text}</p>
          </Alert>
        </div>
      ) : null}
    </div>
  );

  const premiumPanel = premiumAccount ? (
    <section aria-label="Premium story" className="flex flex-col gap-3 rounded-2xl bg-cream-deep p-4">
      <p className="text-base text-ink-soft">{BILLING_MESSAGES.shareTokensNote}</p>
      <premiumAccount.Balance />
      <div id={costId} className="flex flex-col gap-2">
        {premiumTerms.status === 'error' ? (
          <RetryAlert label="Retry" onRetry={premiumTerms.retry}>
            Could not work out what this premium story costs
          </RetryAlert>
        ) : premiumTerms.status === 'pending' ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> Working out the share costs…
          </p>
        ) : premiumTerms.status === 'ready' && premiumCheck ? (
          <p className="text-lg" data-testid="premium-cost">
            This premium story uses <span className="font-bold">{shareTokens(premiumCheck.tokensNeeded)}</span> · You have{' '}
            <span className="font-bold">{formatShareBalance(premiumTerms.balance)}</span>
          </p>
        ) : null}
      </div>
    </section>
  ) : null;

  // Who the story is for first: on a laptop's first screen (issue 22).
  const choices = (
    <div className="flex flex-col gap-6">
      <div id={kidsHeadingId}>
        {kids.status === 'pending' ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> Loading your kids…
          </p>
        ) : kids.status === 'error' ? (
          <RetryAlert label="Retry" onRetry={kids.retry}>
            Could not load the kids you read to
          </RetryAlert>
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
            kids={kidChoices}
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
      {premiumPanel}
      <RecordingTypeChoice value={type} onChange={onChangeType} disabled={locked} />
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
        expected={{ firstPageSize: book.first_page_size, pageCount: book.page_count }}
      />
    </div>
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-6 pt-8 pb-[calc(var(--bottom-bar-height,0px)+3rem)] mobile:px-4 mobile:pt-6">
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
            <section ref={bookRef} aria-label="Book" className="scroll-mt-24">
              {bookView}
            </section>
          </Card>
          <div className="flex flex-col gap-6">
            <Card>{choices}</Card>
            <Card>
              <section aria-label="Recorder">{controls}</section>
            </Card>
          </div>
        </div>
      ) : (
        <>
          {/* The choices first, in view on a laptop; Start brings the book up, the controls stay at the bottom. */}
          <div className="grid grid-cols-2 items-start gap-6 mobile:grid-cols-1">
            <Card>
              <section aria-label="Recorder">{controls}</section>
            </Card>
            <Card>{choices}</Card>
          </div>
          <Card>
            <section ref={bookRef} aria-label="Book" className="scroll-mt-24">
              {bookView}
            </section>
          </Card>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={RECORDING_PAGE_TEXTS.readyToRecordTitle}
        description={`You are about to record “${book.title}” (${recordingTypeLabel(type)}) for ${chosenKids.map((k) => k.name).join(', ')}.${
          premiumCheck && premiumCheck.tokensNeeded > 0 ? ` Sending it uses ${shareTokens(premiumCheck.tokensNeeded)}.` : ''
        } Take your time: you can pause whenever you like.`}
        confirmLabel="Start Recording"
        onConfirm={() => void begin()}
        tone="primary"
      />
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && leaving.state === 'blocked') leaving.reset();
        }}
        title={RECORDING_PAGE_TEXTS.leaveTitle}
        description={RECORDING_PAGE_TEXTS.leaveBody}
        cancelLabel={RECORDING_PAGE_TEXTS.leaveStay}
        confirmLabel={RECORDING_PAGE_TEXTS.leaveGo}
        onConfirm={() => {
          if (leaving.state === 'blocked') leaving.proceed();
        }}
      />
    </div>
  );
}

type PremiumCheck = {
  tokensNeeded: number;
  /** Why the start is disabled (spec section 5: tokens needed exceed those available). */
  blocked: { title?: string; text: string } | null;
};

type PremiumTerms =
  | { status: 'none' | 'pending' }
  | { status: 'error'; retry: () => void }
  | {
      status: 'ready';
      terms: ReadonlyMap<string, { cost: number; refusal: string | null }>;
      balance: number;
      check: (chosen: readonly ChoosableKid[]) => PremiumCheck;
    };

/**
 * The premium rules for the recorder (decisions.md "Resolved ambiguities"): families that asked the reader
 * for this book are requesting families (free to record for, on any plan); every other kid costs share
 * tokens by their family's tier, charged when the upload is accepted.
 */
function usePremiumTerms(bookId: string, kids: readonly ChoosableKid[], account: ShareAccount | null): PremiumTerms {
  const requests = usePremiumRequestFamilies(bookId, { enabled: account !== null });
  const tiers = useFamilyTiers(account ? kids.map((k) => k.family_id) : []);
  if (!account) return { status: 'none' };
  if (account.status === 'error') return { status: 'error', retry: account.retry };
  if (requests.status === 'error') return { status: 'error', retry: requests.retry };
  if (account.status === 'pending' || requests.status === 'pending' || !tiers) return { status: 'pending' };
  const { plan, shareTokens: balance } = account;
  const requesting = requests.familyIds;
  return {
    status: 'ready',
    terms: premiumKidTerms(kids, tiers, plan, requesting),
    balance,
    check: (chosen) => {
      // On the free plan every kid outside the asking families is refused, so any request of this book will do.
      if (!canRecordPremium(plan, requesting.size > 0)) return { tokensNeeded: 0, blocked: { text: BILLING_MESSAGES.premiumRecordingNeedsPlan } };
      if (chosen.length === 0) return { tokensNeeded: 0, blocked: null };
      const quote = premiumQuote(chosen, tiers, plan, requesting, balance);
      if (quote.ok) return { tokensNeeded: quote.tokensNeeded, blocked: null };
      if (quote.error === 'insufficient_tokens') {
        const needed = quote.tokensNeeded ?? 0;
        return {
          tokensNeeded: needed,
          blocked: { title: RECORDING_TEXTS.insufficientTitle, text: RECORDING_TEXTS.insufficientBody(needed, quote.tokensAvailable ?? balance) },
        };
      }
      return { tokensNeeded: 0, blocked: { text: quote.error } };
    },
  };
}

/** The server's refusal of a premium upload (too few share tokens, or the plan), which a retry will not change. */
function premiumRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  if (error.code === 'insufficient_tokens') return `${RECORDING_TEXTS.insufficientTitle}: ${error.serverMessage}`;
  return error.serverMessage === BILLING_MESSAGES.premiumRecordingNeedsPlan ? error.serverMessage : null;
}
