import { use, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ChangeEvent, type JSX, type ReactNode, type SVGProps } from 'react';
import { Dialog } from 'radix-ui';
import { TIMINGS } from '@fst/shared/constants';
import { BOOK_TEXTS, PLAYBACK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import { initialViewerMode, pageAt, resumeAt, sleepTimerVolume, storiesToPlay, viewerModes, type ViewerMode } from '@fst/shared/playback/playback.rules';
import { msUntilRenewal } from '@fst/shared/http/media-links';
import { OFFLINE_PATH } from '@fst/shared/playback/offline.rules';
import { formatDuration } from '@fst/shared/recordings/recordings.rules';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { BookIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { getFreshMediaLink } from '../api/get-fresh-media-link.ts';
import { usePlayEvents } from '../api/post-play-event.ts';
import { HoldToCloseButton } from './hold-to-close-button.tsx';
import { ReactionBar } from './reaction-bar.tsx';
import { StoryBookPagesContext } from './story-book-pages.ts';

export interface StoryPlayerProps {
  recordings: Recording[];
  /** Default 0. */
  startIndex?: number;
  /** When set, play events (start/progress/complete) are recorded for this kid and resume positions honoured. */
  kidId?: string;
  /** Recording id → where to resume. */
  resumeSeconds?: Record<string, number>;
  /** Calm dark theme, press-and-hold to close, at most `storiesLimit` stories, a sleep timer that fades out. */
  bedtime?: { storiesLimit?: number; sleepTimerMinutes?: number };
  /** The player asks to be closed: unmount it. */
  onClose: () => void;
  /** After the last story, once its message has shown, just before `onClose`. */
  onFinished?: () => void;
  /**
   * Whether to offer the kid's one-tap reactions after each story (needs `kidId`; the server lets parents send
   * them on the kid's behalf). Default true.
   */
  canReact?: boolean;
}

/** A progress event while a story plays. */
const PROGRESS_EVERY_MS = 15_000;
/** The closing message stays this long, then the player closes. */
const FINISHED_CLOSE_MS = 8000;
/** The sleep timer turns the sound down over its last half minute. */
const SLEEP_FADE_MS = 30_000;
/** A story's reaction offer stays this long while the next story plays. */
const REACTION_OFFER_MS = 30_000;
/** A story that cannot be played is skipped after this long (nobody may be watching at bedtime). */
const SKIP_FAILED_MS = 4000;
/** A link renewal that failed (a network blip) is tried again after this long. */
const RENEW_RETRY_MS = 20_000;

const MODE_LABELS: Record<ViewerMode, string> = { video: 'Video', both: 'Both', book: 'Book' };

type Ending = 'end' | 'sleep';
/** The play of the current story, as the server hears of it. */
type Tracker = { id: string; started: boolean; done: boolean; lastSentAt: number; position: number };

const mediaUrl = (story: Recording) => story.video_url ?? story.audio_url;
const mediaDuration = (el: HTMLMediaElement, story: Recording) => (Number.isFinite(el.duration) && el.duration > 0 ? el.duration : story.duration_seconds);

/**
 * The full-screen story player (spec sections 2 and 4): Previous / Next, modes video, both and book with the
 * pages turning as the reading goes, the next story starting when one ends (preloaded, so the gap stays under
 * half a second), "Playlist finished!" (or goodnight at bedtime) after the last, then it closes.
 * Mount it to open it; it asks to be unmounted through `onClose`.
 */
export function StoryPlayer(props: StoryPlayerProps): JSX.Element {
  const { kidId, bedtime, onClose, onFinished, canReact = true } = props;
  const isBedtime = bedtime !== undefined;
  // A snapshot: a refetched list (with newly signed links) must not reload the story that is playing.
  const [queue] = useState(() => {
    const first = Math.min(Math.max(0, props.startIndex ?? 0), Math.max(0, props.recordings.length - 1));
    return props.recordings.slice(first, first + storiesToPlay(props.recordings.length, first, bedtime?.storiesLimit));
  });
  // Where each story resumes; used once, the first time the story starts.
  const resume = useRef<Record<string, number>>({ ...props.resumeSeconds });
  const timerMs = Math.max(0, bedtime?.sleepTimerMinutes ?? 0) * 60_000;

  const [index, setIndex] = useState(0);
  const [ending, setEnding] = useState<Ending | null>(queue.length > 0 ? null : 'end');
  const [modeChoice, setModeChoice] = useState<{ id: string; mode: ViewerMode } | null>(null);
  const [clock, setClock] = useState({ id: '', time: 0, duration: 0 });
  const [pageChoice, setPageChoice] = useState<{ id: string; trackPage: number; page: number } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [failedId, setFailedId] = useState<string | null>(null);
  const [offer, setOffer] = useState<Recording | null>(null);
  // At bedtime, the story to come, shown on a quiet card for a few seconds before it starts.
  const [upNext, setUpNext] = useState<Recording | null>(null);

  const mediaEls = useRef(new Map<string, HTMLMediaElement>());
  const tracker = useRef<Tracker | null>(null);
  const pendingStart = useRef<string | null>(null);
  const ended = useRef(queue.length === 0);
  const volume = useRef(1);
  const playButton = useRef<HTMLButtonElement>(null);
  const endingPanel = useRef<HTMLDivElement>(null);
  const send = usePlayEvents(kidId);
  // Media links live 10 to 15 minutes (issue 27.14): each story's is swapped for a fresh one before it stops
  // working, and the story goes on from where it was (`resumeAfterSwap`).
  const [freshLinks, setFreshLinks] = useState<Record<string, string>>({});
  const resumeAfterSwap = useRef<Record<string, { at: number; play: boolean }>>({});
  const linkOf = (story: Recording) => freshLinks[story.id] ?? mediaUrl(story);

  const current = queue[index];
  const next = queue[index + 1];
  const modes = current ? viewerModes(current) : [];
  const mode: ViewerMode =
    current && modeChoice?.id === current.id && modes.includes(modeChoice.mode) ? modeChoice.mode : current ? initialViewerMode(current) : 'both';
  const time = current && clock.id === current.id ? clock.time : 0;
  const duration = current && clock.id === current.id && clock.duration > 0 ? clock.duration : (current?.duration_seconds ?? 0);
  // The story's length as the server measured it, the same figure every list shows (the media element's own
  // length may round the other way: 0:08 here, 0:09 there); the element's, to the nearest second, until then.
  const lengthText = formatDuration(current && current.duration_seconds > 0 ? current.duration_seconds : Math.round(duration));
  const trackPage = current ? pageAt(current.page_track, time) : 1;
  // The viewer may turn pages; the reading takes over again at its next page turn.
  const page = current && pageChoice?.id === current.id && pageChoice.trackPage === trackPage ? pageChoice.page : trackPage;

  /** Reports where an unfinished play stopped (pause, skip, close, sleep timer). */
  const reportProgress = () => {
    const t = tracker.current;
    if (!t || !t.started || t.done) return;
    // Where the story is now, not at its last timeupdate (a quarter second behind, more on a busy phone).
    const el = mediaEls.current.get(t.id);
    if (el) t.position = el.currentTime;
    t.lastSentAt = performance.now();
    send('progress', t.id, t.position);
  };

  const pauseAll = () => {
    for (const el of mediaEls.current.values()) el.pause();
  };

  /** Starts story `i` from its resume position (only the first time) or the beginning. */
  const startStory = (i: number) => {
    const story = queue[i];
    if (!story) return;
    const el = mediaEls.current.get(story.id);
    if (!el) {
      // Not in the page yet (the dialog's portal mounts after the first render): started when it mounts.
      tracker.current = null;
      pendingStart.current = story.id;
      return;
    }
    pendingStart.current = null;
    tracker.current = { id: story.id, started: false, done: false, lastSentAt: 0, position: 0 };
    setFailedId(null);
    if (el.error || !mediaUrl(story)) {
      setFailedId(story.id);
      return;
    }
    const at = resumeAt(resume.current[story.id], story.duration_seconds);
    delete resume.current[story.id];
    if (Math.abs(el.currentTime - at) > 0.5) el.currentTime = at;
    el.volume = volume.current;
    el.play().then(
      () => setBlocked(false),
      (error: unknown) => {
        if (tracker.current?.id !== story.id) return;
        // Autoplay refused (no tap on the page yet): a big button starts the story.
        if (error instanceof DOMException && error.name === 'NotAllowedError') setBlocked(true);
        else if (!(error instanceof DOMException && error.name === 'AbortError')) setFailedId(story.id);
      },
    );
  };

  const finish = (kind: Ending) => {
    if (ended.current) return;
    ended.current = true;
    reportProgress();
    if (tracker.current) tracker.current.done = true;
    pauseAll();
    setPlaying(false);
    setBlocked(false);
    setEnding(kind);
  };

  const close = () => {
    reportProgress();
    if (tracker.current) tracker.current.done = true;
    pauseAll();
    onClose();
  };

  const goTo = (i: number) => {
    if (i < 0 || i >= queue.length || i === index) return;
    reportProgress();
    const leaving = current ? mediaEls.current.get(current.id) : undefined;
    if (leaving) {
      leaving.pause();
      // It may stay mounted as the next story: it then starts from the beginning.
      leaving.currentTime = 0;
    }
    tracker.current = null;
    setPlaying(false);
    setUpNext(null);
    setIndex(i);
  };

  const advance = () => {
    if (index + 1 < queue.length) {
      // Preloaded: started here, in the same task as the end of the last one, not after a render.
      startStory(index + 1);
      setIndex(index + 1);
    } else finish('end');
  };

  // The first story, and any story reached by Previous / Next: started once per story reached, with this
  // render's refs (an effect event, so a new render does not start it again).
  const startReached = useEffectEvent(() => {
    if (current && tracker.current?.id !== current.id) startStory(index);
  });
  useEffect(() => {
    if (!ending) startReached();
  }, [index, ending]);

  // For a media element's ref (a story waiting for its element): the latest render's, kept once committed.
  const latestStart = useRef(startStory);
  useLayoutEffect(() => {
    latestStart.current = startStory;
  });

  // Closed some other way (the page went away): report where the story stopped.
  const reportOnLeave = useEffectEvent(() => reportProgress());
  useEffect(() => () => reportOnLeave(), []);
  // The tab was closed or left mid-story: the page is not unmounted, so report where the story stopped here.
  useEffect(() => {
    const onPageHide = () => reportOnLeave();
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  // The sleep timer: the sound fades out over its last half minute, then the stories stop.
  const finishAsleep = useEffectEvent(() => finish('sleep'));
  useEffect(() => {
    if (timerMs <= 0) return;
    const startedAt = performance.now();
    const id = window.setInterval(() => {
      const level = sleepTimerVolume(performance.now() - startedAt, timerMs, SLEEP_FADE_MS);
      volume.current = level;
      for (const el of mediaEls.current.values()) el.volume = level;
      if (level <= 0) {
        window.clearInterval(id);
        finishAsleep();
      }
    }, 250);
    return () => window.clearInterval(id);
  }, [timerMs]);

  // After the last story: the message, then the player closes.
  const closeFinished = useEffectEvent(() => {
    onFinished?.();
    onClose();
  });
  useEffect(() => {
    if (!ending) return;
    // The controls are gone: the message takes the focus, so it is read out and Escape still closes.
    endingPanel.current?.focus();
    // The sleep timer ends in a dark room, a child likely asleep: the calm goodnight stays until a parent holds close.
    if (ending === 'sleep' && isBedtime) return;
    const id = window.setTimeout(() => closeFinished(), FINISHED_CLOSE_MS);
    return () => window.clearTimeout(id);
  }, [ending, isBedtime]);

  useEffect(() => {
    if (!offer || ending) return;
    const id = window.setTimeout(() => setOffer(null), REACTION_OFFER_MS);
    return () => window.clearTimeout(id);
  }, [offer, ending]);

  const skipFailed = useEffectEvent(() => advance());
  useEffect(() => {
    if (!failedId || ending) return;
    const id = window.setTimeout(() => skipFailed(), SKIP_FAILED_MS);
    return () => window.clearTimeout(id);
  }, [failedId, ending]);

  /** Ends the "next story" card and starts that story, in the same task (the media's gap stays short). */
  const playUpNext = () => {
    setUpNext(null);
    advance();
  };
  const playUpNextLater = useEffectEvent(() => playUpNext());
  useEffect(() => {
    if (!upNext || ending) return;
    const id = window.setTimeout(() => playUpNextLater(), TIMINGS.nextStoryCard);
    return () => window.clearTimeout(id);
  }, [upNext, ending]);

  const isCurrent = (story: Recording) => tracker.current?.id === story.id;

  const mediaEvents = (story: Recording) => ({
    // A renewed link reloads the element: back to where it was, playing if it was.
    onLoadedMetadata: (event: { currentTarget: HTMLMediaElement }) => {
      const swap = resumeAfterSwap.current[story.id];
      if (!swap) return;
      delete resumeAfterSwap.current[story.id];
      const el = event.currentTarget;
      el.currentTime = swap.at;
      if (swap.play && isCurrent(story)) void el.play().catch(() => undefined);
    },
    // The button shows Pause from the moment the story is asked to play, not once its media arrives: pressed
    // while a slow link loads, a Play that is already playing would pause it.
    onPlay: () => {
      if (isCurrent(story)) setPlaying(true);
    },
    onPlaying: (event: { currentTarget: HTMLMediaElement }) => {
      if (!isCurrent(story)) return;
      const el = event.currentTarget;
      setPlaying(true);
      setBlocked(false);
      const t = tracker.current!;
      t.position = el.currentTime;
      if (!t.started) {
        t.started = true;
        t.lastSentAt = performance.now();
        send('start', story.id, el.currentTime);
      }
    },
    onPause: (event: { currentTarget: HTMLMediaElement }) => {
      const el = event.currentTarget;
      if (!isCurrent(story) || el.ended) return;
      setPlaying(false);
      tracker.current!.position = el.currentTime;
      reportProgress();
    },
    onTimeUpdate: (event: { currentTarget: HTMLMediaElement }) => {
      if (!isCurrent(story)) return;
      const el = event.currentTarget;
      const t = tracker.current!;
      t.position = el.currentTime;
      if (t.started && !t.done && !el.paused && performance.now() - t.lastSentAt >= PROGRESS_EVERY_MS) {
        t.lastSentAt = performance.now();
        send('progress', story.id, el.currentTime);
      }
      setClock({ id: story.id, time: el.currentTime, duration: mediaDuration(el, story) });
    },
    onDurationChange: (event: { currentTarget: HTMLMediaElement }) => {
      if (!isCurrent(story)) return;
      // Read now: React clears currentTarget once the event is handled, before the update runs.
      const length = mediaDuration(event.currentTarget, story);
      setClock((c) => ({ id: story.id, time: c.id === story.id ? c.time : 0, duration: length }));
    },
    onEnded: (event: { currentTarget: HTMLMediaElement }) => {
      if (!isCurrent(story)) return;
      const t = tracker.current!;
      if (!t.done) {
        t.done = true;
        send('complete', story.id, mediaDuration(event.currentTarget, story));
      }
      // Reactions go to a reader's own recording; AI stories have none to thank.
      if (kidId && canReact && !story.is_ai) setOffer(story);
      // Bedtime: a quiet moment with the next story's card rather than an abrupt start.
      const following = queue[index + 1];
      if (isBedtime && following) setUpNext(following);
      else advance();
    },
    onError: () => {
      if (!isCurrent(story)) return;
      setPlaying(false);
      setFailedId(story.id);
    },
  });

  const togglePlay = () => {
    const el = current ? mediaEls.current.get(current.id) : undefined;
    if (!el) return;
    if (el.paused) {
      if (!tracker.current || tracker.current.id !== current!.id) startStory(index);
      else void el.play().catch(() => undefined);
    } else el.pause();
  };

  const seek = (event: ChangeEvent<HTMLInputElement>) => {
    const el = current ? mediaEls.current.get(current.id) : undefined;
    if (!el) return;
    el.currentTime = Number(event.target.value);
    setClock({ id: current!.id, time: el.currentTime, duration });
  };

  const theme = isBedtime ? 'bg-night text-[#e9e7f5]' : 'bg-[#1d1712] text-cream';
  const slots = [current, next].filter((s): s is Recording => s !== undefined);

  const slotLinks = slots.map((story) => `${story.id} ${linkOf(story) ?? ''}`).join('\n');
  // Each link in play renewed before it expires; the timers' ids, replaced as they renew.
  const renewLinksInPlay = useEffectEvent(() => {
    const timers = slots.map((story) => {
      const link = linkOf(story);
      // A saved copy (issue 26) has a stable address of this device's: nothing expires.
      if (!link || link.startsWith(OFFLINE_PATH)) return 0;
      const renew = (delay: number): number =>
        window.setTimeout(() => {
          getFreshMediaLink(story).then(
            (fresh) => {
              if (fresh === link) return void (timers[slots.indexOf(story)] = renew(msUntilRenewal(fresh, new Date()) || RENEW_RETRY_MS));
              const el = mediaEls.current.get(story.id);
              if (el) resumeAfterSwap.current[story.id] = { at: el.currentTime, play: !el.paused };
              setFreshLinks((links) => ({ ...links, [story.id]: fresh }));
            },
            () => void (timers[slots.indexOf(story)] = renew(RENEW_RETRY_MS)),
          );
        }, delay);
      return renew(msUntilRenewal(link, new Date()));
    });
    return timers;
  });
  // The links in play decide the timers: set again when those change, not on every render.
  useEffect(() => {
    if (ending) return;
    const timers = renewLinksInPlay();
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [slotLinks, ending]);
  const title = current?.book_title ?? 'A story';

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !isBedtime) close();
      }}
    >
      <Dialog.Portal>
        <Dialog.Content
          onEscapeKeyDown={(event) => {
            // Bedtime closes only by press-and-hold, so a child cannot wander off.
            if (isBedtime) event.preventDefault();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            playButton.current?.focus();
          }}
          data-testid="story-player"
          data-bedtime={isBedtime ? 'true' : undefined}
          data-story-index={ending ? undefined : index}
          className={`fixed inset-0 z-50 flex flex-col overflow-y-auto focus:outline-none ${theme}`}
        >
          <header className="flex flex-wrap items-center gap-x-4 gap-y-2 px-6 pt-4 pb-3 mobile:px-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate font-display text-2xl font-bold text-inherit mobile:text-xl">{title}</Dialog.Title>
              <Dialog.Description className="text-base opacity-85 mobile:truncate">
                {current ? `Story ${index + 1} of ${queue.length} · read by ${current.reader_name}` : PLAYBACK_TEXTS.bedtimeNoStories}
              </Dialog.Description>
            </div>
            {modes.length > 1 && !ending ? (
              <div role="group" aria-label="How to show the story" className="flex gap-1 rounded-full bg-white/10 p-1 mobile:order-last mobile:basis-full">
                {modes.map((m) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={mode === m}
                    onClick={() => current && setModeChoice({ id: current.id, mode: m })}
                    className="min-h-11 rounded-full px-4 text-base font-semibold text-inherit opacity-85 transition-colors hover:opacity-100 aria-pressed:bg-white/90 aria-pressed:text-ink aria-pressed:opacity-100 mobile:flex-1"
                  >
                    {MODE_LABELS[m]}
                  </button>
                ))}
              </div>
            ) : null}
            {isBedtime ? (
              <HoldToCloseButton onClose={close} label={PLAYBACK_TEXTS.holdToClose} />
            ) : (
              <Dialog.Close
                aria-label="Close the player"
                className="inline-flex size-12 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              >
                <CloseIcon className="size-6" />
              </Dialog.Close>
            )}
          </header>

          {ending ? (
            <div ref={endingPanel} tabIndex={-1} className="flex flex-1 flex-col items-center justify-center gap-6 p-8 text-center focus:outline-none">
              {isBedtime ? <MoonGlyph /> : null}
              <div role="status" aria-live="polite" data-testid="player-ending" className="flex flex-col gap-3">
                <p className="font-display text-4xl font-bold mobile:text-3xl">
                  {isBedtime || ending === 'sleep' ? PLAYBACK_TEXTS.bedtimeGoodnightTitle : RECORDING_TEXTS.playlistFinished}
                </p>
                {ending === 'sleep' ? (
                  <p className="text-xl opacity-90">{PLAYBACK_TEXTS.sleepTimerDone}</p>
                ) : isBedtime ? (
                  <p className="text-xl opacity-90">{PLAYBACK_TEXTS.bedtimeGoodnight}</p>
                ) : null}
              </div>
              {offer && kidId ? <ReactionBar key={offer.id} recording={offer} kidId={kidId} tone={isBedtime ? 'bedtime' : 'player'} /> : null}
            </div>
          ) : (
            <>
              <div className="relative flex min-h-0 flex-1 gap-6 px-6 pb-3 mobile:flex-col mobile:gap-4 mobile:px-4">
                <div
                  data-testid="story-media"
                  className={
                    mode === 'book' ? 'hidden' : `flex min-h-0 flex-col items-center justify-center ${mode === 'video' ? 'flex-1' : 'w-[45%] mobile:w-full'}`
                  }
                >
                  {slots.map((story) => {
                    const active = story === current;
                    const common = {
                      src: linkOf(story) ?? undefined,
                      preload: 'auto' as const,
                      'data-story-media': story.id,
                      'data-active': active ? 'true' : 'false',
                      ref: (el: HTMLMediaElement | null) => {
                        if (!el) return;
                        mediaEls.current.set(story.id, el);
                        if (pendingStart.current === story.id) {
                          pendingStart.current = null;
                          queueMicrotask(() => latestStart.current(queue.indexOf(story)));
                        }
                        return () => {
                          if (mediaEls.current.get(story.id) === el) mediaEls.current.delete(story.id);
                        };
                      },
                      ...mediaEvents(story),
                    };
                    return story.video_url ? (
                      <video
                        key={story.id}
                        {...common}
                        playsInline
                        poster={story.poster_url ?? story.book?.cover_url ?? undefined}
                        aria-label={`${story.book_title ?? 'Story'} read by ${story.reader_name}`}
                        className={active ? `max-h-full w-full rounded-2xl bg-black object-contain ${mode === 'video' ? 'h-full' : 'aspect-video'}` : 'hidden'}
                      />
                    ) : (
                      <audio key={story.id} {...common} className="hidden" />
                    );
                  })}
                  {current && !current.video_url ? <ReaderCard story={current} playing={playing} /> : null}
                </div>
                <div className={mode === 'video' ? 'hidden' : 'flex min-h-0 min-w-0 flex-1 flex-col items-center justify-center overflow-y-auto'}>
                  {current ? (
                    <StoryBook
                      story={current}
                      calm={isBedtime}
                      page={page}
                      layout={mode === 'book' ? 'book' : 'beside'}
                      onPageChange={(p) => setPageChoice({ id: current.id, trackPage, page: p })}
                    />
                  ) : null}
                </div>
                {upNext && !ending ? <NextStoryCard story={upNext} onPlay={playUpNext} /> : null}
                {failedId && failedId === current?.id && !ending ? (
                  <Overlay>
                    <p role="alert" className="rounded-card bg-black/60 px-6 py-4 text-xl">
                      {RECORDING_TEXTS.videoUnavailable}. {PLAYBACK_TEXTS.mediaFailed}
                    </p>
                  </Overlay>
                ) : null}
                {blocked && !ending ? (
                  <Overlay>
                    <button
                      type="button"
                      onClick={() => {
                        const el = current ? mediaEls.current.get(current.id) : undefined;
                        void el?.play().then(
                          () => setBlocked(false),
                          () => undefined,
                        );
                      }}
                      className="inline-flex min-h-16 items-center gap-3 rounded-full bg-honey px-8 text-2xl font-bold text-ink shadow-lg hover:bg-[#e7a634]"
                    >
                      <PlayIcon className="size-8" />
                      {PLAYBACK_TEXTS.tapToStart}
                    </button>
                  </Overlay>
                ) : null}
              </div>

              {offer && !ending && kidId ? (
                <div className="flex justify-center px-6 pb-3 mobile:px-4">
                  <ReactionBar key={offer.id} recording={offer} kidId={kidId} tone={isBedtime ? 'bedtime' : 'player'} />
                </div>
              ) : null}

              <footer className="flex flex-col gap-2 px-6 pb-6 mobile:px-4 mobile:pb-4">
                <div className="flex items-center gap-3 text-base tabular-nums">
                  <span aria-hidden="true">{formatDuration(time)}</span>
                  <input
                    type="range"
                    aria-label="Position in the story"
                    aria-valuetext={`${formatDuration(time)} of ${lengthText}`}
                    min={0}
                    max={Math.max(1, Math.floor(duration))}
                    step={1}
                    value={Math.min(Math.floor(time), Math.max(1, Math.floor(duration)))}
                    onChange={seek}
                    disabled={!current || Boolean(ending)}
                    className="min-w-0 flex-1 accent-honey"
                  />
                  <span aria-hidden="true">{lengthText}</span>
                </div>
                <div className="flex items-center justify-center gap-4 mobile:gap-3">
                  <PlayerButton onClick={() => goTo(index - 1)} disabled={index === 0 || Boolean(ending)}>
                    <SkipIcon direction="back" className="size-6" />
                    Previous
                  </PlayerButton>
                  <button
                    ref={playButton}
                    type="button"
                    onClick={togglePlay}
                    disabled={!current || Boolean(ending)}
                    aria-label={playing ? 'Pause' : 'Play'}
                    className="inline-flex size-16 items-center justify-center rounded-full bg-honey text-ink shadow-lg hover:bg-[#e7a634] disabled:opacity-50"
                  >
                    {playing ? <PauseIcon className="size-8" /> : <PlayIcon className="size-8" />}
                  </button>
                  <PlayerButton onClick={() => goTo(index + 1)} disabled={!next || Boolean(ending)}>
                    Next
                    <SkipIcon direction="forward" className="size-6" />
                  </PlayerButton>
                </div>
              </footer>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Bedtime's card between two stories: what comes next and who reads it; it starts by itself, or now on a tap. */
function NextStoryCard({ story, onPlay }: { story: Recording; onPlay: () => void }) {
  return (
    <div className="absolute inset-0 z-[2] flex items-center justify-center bg-night/95 p-6 text-center">
      <section aria-label={PLAYBACK_TEXTS.nextStory} data-testid="next-story-card" className="flex max-w-md flex-col items-center gap-4">
        <p className="text-lg font-semibold text-honey" role="status">
          {`${PLAYBACK_TEXTS.nextStory}: ${story.book_title ?? 'A story'}`}
        </p>
        {story.poster_url || story.book?.cover_url ? (
          // The reading's own frame, else the book's cover.
          <img
            src={story.poster_url ?? story.book?.cover_url ?? undefined}
            alt=""
            className="aspect-video w-64 rounded-2xl bg-black object-cover opacity-90 mobile:w-48"
          />
        ) : (
          <span aria-hidden="true" className="flex size-24 items-center justify-center rounded-full bg-honey font-display text-4xl font-bold text-ink">
            {story.reader_avatar}
          </span>
        )}
        <p className="font-display text-2xl font-bold">{story.book_title ?? 'A story'}</p>
        <p className="text-lg opacity-90">{story.is_ai ? `${story.reader_name} (AI voice)` : `Read by ${story.reader_name}`}</p>
        <button
          type="button"
          onClick={onPlay}
          className="inline-flex min-h-12 items-center gap-2 rounded-full bg-white/10 px-6 text-lg font-semibold hover:bg-white/20"
        >
          <PlayIcon className="size-6" />
          {PLAYBACK_TEXTS.nextStoryNow}
        </button>
      </section>
    </div>
  );
}

function Overlay({ children }: { children: ReactNode }) {
  return <div className="absolute inset-0 z-[1] flex items-center justify-center p-6 text-center">{children}</div>;
}

function PlayerButton({ children, disabled, onClick }: { children: ReactNode; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={() => !disabled && onClick()}
      aria-disabled={disabled || undefined}
      className="inline-flex min-h-12 items-center gap-2 rounded-full bg-white/10 px-5 text-lg font-semibold hover:bg-white/20 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 mobile:px-4"
    >
      {children}
    </button>
  );
}

/** An audio reading: who reads, in place of a video. */
function ReaderCard({ story, playing }: { story: Recording; playing: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <span
        aria-hidden="true"
        className={`flex size-32 items-center justify-center rounded-full bg-honey font-display text-5xl font-bold text-ink shadow-lg mobile:size-24 mobile:text-4xl ${playing ? 'motion-safe:animate-pulse' : ''}`}
      >
        {story.reader_avatar}
      </span>
      <p className="text-xl font-semibold">{story.is_ai ? `${story.reader_name} (AI voice)` : `Read by ${story.reader_name}`}</p>
    </div>
  );
}

/** The book's pages, turning with the reading (through the app's page renderer, decision 006). */
type StoryBookProps = { story: Recording; page: number; layout: 'book' | 'beside'; calm: boolean; onPageChange: (page: number) => void };

function StoryBook({ story, page, layout, calm, onPageChange }: StoryBookProps) {
  const parts = use(StoryBookPagesContext);
  const url = story.pdf_url ?? story.book?.pdf_url ?? null;
  const title = story.book_title ?? 'A story';
  if (!url || !parts) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card bg-white/5 p-8 text-center">
        <BookIcon className="size-12 text-honey" />
        <p className="font-display text-2xl font-bold">{title}</p>
        {story.book_author ? <p className="opacity-85">by {story.book_author}</p> : null}
        {url ? null : <p className="opacity-85">{BOOK_TEXTS.noPdf}</p>}
      </div>
    );
  }
  return (
    // At bedtime the whole panel, white pages included, is dimmed to the night palette. It fills its column,
    // the pages centred in it: hugging them, it grew (and moved, centred) when the PDF's first page came.
    <div
      data-testid="story-book"
      data-page={page}
      className={`flex w-full flex-1 flex-col justify-center rounded-card p-4 text-ink mobile:p-2 ${calm ? 'bg-night-soft brightness-[0.55]' : 'bg-cream'}`}
    >
      {/* One mount per book: a story of the same book keeps the opened PDF. */}
      <parts.Pages key={story.book_id ?? story.id} url={url} title={title} page={page} onPageChange={onPageChange} layout={layout} />
    </div>
  );
}

type IconProps = SVGProps<SVGSVGElement>;
const Svg = ({ children, ...props }: IconProps) => (
  <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
    {children}
  </svg>
);
const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.7L9.5 4.6A1 1 0 0 0 8 5.5z" />
  </Svg>
);
const PauseIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="6" y="5" width="4.5" height="14" rx="1.2" />
    <rect x="13.5" y="5" width="4.5" height="14" rx="1.2" />
  </Svg>
);
const SkipIcon = ({ direction, ...props }: IconProps & { direction: 'back' | 'forward' }) => (
  <Svg {...props} style={direction === 'back' ? { transform: 'scaleX(-1)' } : undefined}>
    <path d="M5 6.2v11.6a.9.9 0 0 0 1.4.7L15 12.7a.9.9 0 0 0 0-1.4L6.4 5.5A.9.9 0 0 0 5 6.2z" />
    <rect x="16.5" y="5.5" width="2.5" height="13" rx="1" />
  </Svg>
);
const MoonGlyph = () => (
  <svg viewBox="0 0 24 24" className="size-20 text-honey" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a7 7 0 0 0 11 11z" />
  </svg>
);
