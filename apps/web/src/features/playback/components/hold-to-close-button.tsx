import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TIMINGS } from '@fst/shared/constants';
import { CloseIcon } from '../../../components/ui/icons.tsx';

/** How long bedtime's close control must be held, so a child cannot wander off with one tap. */
export const HOLD_TO_CLOSE_MS = 1500;

const RING_RADIUS = 22;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

type HoldToCloseButtonProps = {
  /** Called once the control has been held for `holdMs`. */
  onClose: () => void;
  label: string;
  holdMs?: number;
  className?: string;
};

/**
 * Closes only after a press-and-hold (pointer, touch, or Space/Enter kept down): a ring fills while held and
 * empties when let go early. A plain click or tap does nothing but say how to close.
 */
export function HoldToCloseButton({ onClose, label, holdMs = HOLD_TO_CLOSE_MS, className = '' }: HoldToCloseButtonProps) {
  const [progress, setProgress] = useState(0);
  const [hint, setHint] = useState(false);
  const hintId = useId();
  const hold = useRef<{ startedAt: number; frame: number } | null>(null);
  // The hold's frames call the latest onClose, kept once a render is committed (not while rendering).
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  const stop = () => {
    if (hold.current) cancelAnimationFrame(hold.current.frame);
    hold.current = null;
    setProgress(0);
  };

  const start = () => {
    if (hold.current) return;
    setHint(false);
    const startedAt = performance.now();
    const tick = (now: number) => {
      if (!hold.current) return;
      const done = Math.min(1, (now - startedAt) / holdMs);
      setProgress(done);
      if (done >= 1) {
        hold.current = null;
        closeRef.current();
        return;
      }
      hold.current.frame = requestAnimationFrame(tick);
    };
    hold.current = { startedAt, frame: requestAnimationFrame(tick) };
  };

  // The hint goes again after a while, as a toast would.
  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(false), TIMINGS.toast);
    return () => clearTimeout(timer);
  }, [hint]);

  // Let go of a hold when the component goes away mid-way.
  useEffect(
    () => () => {
      if (hold.current) cancelAnimationFrame(hold.current.frame);
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (!event.repeat) start();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (hold.current) setHint(true);
    stop();
  };

  return (
    <div className={`relative flex items-center ${className}`}>
      <button
        type="button"
        aria-label={label}
        aria-describedby={hintId}
        data-hold-progress={Math.round(progress * 100)}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          start();
        }}
        onPointerUp={() => {
          if (hold.current) setHint(true);
          stop();
        }}
        onPointerCancel={stop}
        onLostPointerCapture={stop}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={stop}
        // A long press on a phone would open the context menu.
        onContextMenu={(event) => event.preventDefault()}
        className="relative inline-flex size-14 shrink-0 touch-none items-center justify-center rounded-full bg-white/10 text-white select-none hover:bg-white/15"
      >
        <svg viewBox="0 0 52 52" className="absolute inset-0 size-full -rotate-90" aria-hidden="true" focusable="false">
          <circle cx="26" cy="26" r={RING_RADIUS} fill="none" stroke="currentColor" strokeOpacity={0.25} strokeWidth={3} />
          <circle
            cx="26"
            cy="26"
            r={RING_RADIUS}
            fill="none"
            stroke="currentColor"
            strokeWidth={3}
            strokeLinecap="round"
            strokeDasharray={RING_LENGTH}
            strokeDashoffset={RING_LENGTH * (1 - progress)}
          />
        </svg>
        <CloseIcon className="relative size-6" />
      </button>
      {/* Drawn under the button, out of the layout: the button stays under the finger for the next hold. */}
      <span
        id={hintId}
        role="status"
        className={hint ? 'absolute top-full right-0 z-10 mt-2 rounded-full bg-black/70 px-4 py-2 text-base whitespace-nowrap text-white/90' : 'sr-only'}
      >
        {hint ? 'Keep holding to close' : `Hold for ${holdMs / 1000} seconds`}
      </span>
    </div>
  );
}
