import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { TIMINGS } from '@fst/shared/constants';
import { APP_TEXTS } from '@fst/shared/messages';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/** A code chunk that did not arrive, or not within TIMINGS.chunkLoadTimeout. */
export class ChunkLoadError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(APP_TEXTS.chunkLoadFailed, options);
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError({ cause }));
      },
    );
  });
}

/**
 * A component whose code downloads on first render (React.lazy), that can be asked for again after the
 * download failed: `prepareRetry` makes a fresh lazy component, or reloads the document when no retry in
 * the page can work.
 */
export function retryableLazy<P extends object, M extends { default: ComponentType<P> } = { default: ComponentType<P> }>(load: () => Promise<M>) {
  let download: Promise<M> | null = null;
  let loaded: M | null = null;
  let retriedInPage = false;
  const startOrJoin = () => {
    download ??= load().then(
      (module) => (loaded = module),
      (cause: unknown) => {
        download = null;
        throw cause;
      },
    );
    return withTimeout(download, TIMINGS.chunkLoadTimeout);
  };
  let current: LazyExoticComponent<ComponentType<P>> = lazy(startOrJoin);
  return {
    /**
     * The component to render now: the module's own once its code is in (downloaded ahead, say), otherwise
     * the lazy one. A lazy component suspends on its first render even then, and React holds back what a
     * Suspense boundary reveals until 300 ms after its fallback showed: a page whose code and data were
     * already in waited that long to draw.
     */
    current: (): ComponentType<P> => loaded?.default ?? current,
    /**
     * Starts the download now (shared with the render that follows) and answers the module once it is in;
     * a failure answers undefined and is left to that render.
     */
    preload: (): Promise<M | undefined> => startOrJoin().catch(() => undefined),
    /** Whether a retry can happen in place (not by reloading the document). */
    canRetryInPage: (): boolean => download === null && !retriedInPage,
    /** True when the component can try again in place; otherwise the whole document is reloaded. */
    prepareRetry(): boolean {
      // A request still hanging cannot be restarted from inside the page (the browser keeps one
      // request per module), and a module that failed twice will not load without a fresh start.
      if (download !== null || retriedInPage) {
        window.location.reload();
        return false;
      }
      retriedInPage = true;
      current = lazy(startOrJoin);
      return true;
    },
  };
}

/** Catches a ChunkLoadError below it and shows `fallback()` instead; other errors go on up. */
class ChunkErrorBoundary extends Component<{ fallback: () => ReactNode; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Other errors belong to the route's error page.
    if (!(error instanceof ChunkLoadError)) throw error;
    return this.props.fallback();
  }
}

type RetryableLazy<P extends object> = ReturnType<typeof retryableLazy<P>>;

/** Why code did not arrive, for people: offline says so (it loads by itself once back), else `otherwise`. */
export const loadFailedText = (otherwise: string): string => (navigator.onLine ? otherwise : APP_TEXTS.offlineLoad);

/**
 * Tries again by itself once the browser is back online (a tablet that lost its Wi-Fi for a moment), when
 * that can happen in place: never a reload of the document the user did not ask for.
 */
function RetryWhenOnline({ part, retry }: { part: { canRetryInPage: () => boolean }; retry: () => void }) {
  useEffect(() => {
    const online = () => {
      if (part.canRetryInPage()) retry();
    };
    window.addEventListener('online', online, { once: true });
    return () => window.removeEventListener('online', online);
  }, [part, retry]);
  return null;
}

/**
 * Renders `part`'s component with `props`: `loading` while its code downloads, `failed(retry)` when the
 * download fails; Retry asks for the code again (or reloads the document when nothing else can work), as
 * the browser coming back online does by itself.
 */
export function LazyBoundary<P extends object>({
  part,
  props,
  loading,
  failed,
}: {
  part: RetryableLazy<P>;
  props: P;
  loading: ReactNode;
  failed: (retry: () => void) => ReactNode;
}) {
  // Chosen once per attempt (and part): switching from the lazy component to the module's own would remount
  // the part. Kept in state, so a render draws the component chosen, never one made while rendering.
  const [chosen, setChosen] = useState(() => ({ part, attempt: 0, Lazy: part.current() }));
  if (chosen.part !== part) setChosen({ part, attempt: chosen.attempt, Lazy: part.current() });
  const { Lazy, attempt } = chosen;
  const retry = () => {
    if (part.prepareRetry()) setChosen((was) => ({ part, attempt: was.attempt + 1, Lazy: part.current() }));
  };
  return (
    <ChunkErrorBoundary
      key={attempt}
      fallback={() => (
        <>
          {failed(retry)}
          <RetryWhenOnline part={part} retry={retry} />
        </>
      )}
    >
      <Suspense fallback={loading}>
        <Lazy {...props} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

type Placement = 'inline' | 'overlay';
/** Props a dialog-like part may have: while `open` is false nothing of the wrapper shows either; Close uses the others. */
type Openable = { open?: boolean; onOpenChange?: (open: boolean) => void; onClose?: () => void };

function PartStatus({ placement, children }: { placement: Placement; children: ReactNode }) {
  return placement === 'overlay' ? (
    <div className="fixed inset-x-4 bottom-6 z-50 mx-auto flex max-w-md flex-col items-center gap-3 rounded-card border border-line bg-paper p-5 text-center shadow-card">
      {children}
    </div>
  ) : (
    <div className="flex flex-col items-start gap-3 py-2">{children}</div>
  );
}

/**
 * A part of a page (a dialog, the player, a form) whose code downloads when it first shows. While it
 * downloads a "Loading…" status shows in its place; when the download fails, the page stays and the part's
 * place says so with Retry (and Close, for a dialog). `placement`: 'inline' in the page's flow, 'overlay'
 * for a dialog or the full-screen player (a card at the bottom of the screen).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placement: Placement,
  /** What shows while the code downloads, when the part's own loading view (the same shape) would follow it. */
  options: { loading?: ReactNode } = {},
) {
  const part = retryableLazy<P>(() => load().then((c) => ({ default: c })));
  function LazyPart(props: P) {
    const { open, onOpenChange, onClose } = props as Openable;
    const close = onOpenChange ? () => onOpenChange(false) : onClose;
    return (
      <LazyBoundary
        part={part}
        props={props}
        loading={
          open === false ? null : options.loading !== undefined ? (
            options.loading
          ) : (
            <PartStatus placement={placement}>
              <p role="status" className="flex items-center gap-3 text-ink-soft">
                <Spinner /> {APP_TEXTS.loadingPage}
              </p>
            </PartStatus>
          )
        }
        failed={(retry) =>
          open === false ? null : (
            <PartStatus placement={placement}>
              <p role="alert" className="font-semibold text-danger">
                {loadFailedText(APP_TEXTS.partLoadFailed)}
              </p>
              <div className="flex gap-3">
                <Button size="sm" onClick={retry}>
                  {APP_TEXTS.retry}
                </Button>
                {close && (
                  <Button size="sm" variant="secondary" onClick={close}>
                    {APP_TEXTS.close}
                  </Button>
                )}
              </div>
            </PartStatus>
          )
        }
      />
    );
  }
  LazyPart.preload = part.preload;
  return LazyPart;
}
