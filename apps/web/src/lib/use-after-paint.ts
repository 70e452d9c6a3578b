import { startTransition, useEffect, useState } from 'react';

/**
 * True once `ready` has been and the browser has painted since and is idle (or half a second later): for
 * a part below what a page shows first, whose code would otherwise download and run before that paint.
 * With `now` (the reader comes back to the page, whose scroll position is restored onto it), true with `ready`.
 */
export function useAfterPaint(ready: boolean, { now = false } = {}): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let cancelIdle = () => {};
    // A frame's callback runs just before its paint; the browser is idle only once that paint is done.
    const frame = requestAnimationFrame(() => {
      // What it reveals renders in a transition: in slices between frames, so a tap is answered meanwhile.
      cancelIdle = whenIdle(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      cancelIdle();
    };
  }, [ready, painted]);
  return painted || (now && ready);
}

/** Runs `run` when the browser is next idle (at most half a second on); Safari, without idle callbacks, a moment later. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 50);
  return () => window.clearTimeout(id);
}
