import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useLocation } from 'react-router';
import { REPORT_TEXTS } from '@fst/shared/messages';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { FlagIcon } from '../../../components/ui/icons.tsx';
import { BOTTOM_BAR_VAR, bottomBarHeight } from '../../../lib/bottom-bar.ts';

// The dialog (Radix and the form's validation) loads on first use: the widget is on every page, the landing too.
const ReportIssueModal = lazyPart(() => import('./report-issue-modal.tsx').then((m) => m.ReportIssueModal), 'overlay');

// Spec section 2: starts 20 px from the left and 80 px above the bottom (or above a bar fixed there: lib/bottom-bar.ts).
const START = { left: 20, bottom: 80 };
// Movement below this many pixels is still a click, not a drag.
const DRAG_THRESHOLD_PX = 5;
const KEY_STEP_PX = 10;
const KEY_STEP_LARGE_PX = 50;

type Position = { left: number; bottom: number };
type DragState = { pointerId: number; startX: number; startY: number; origin: Position; moved: boolean };

function clampToViewport(position: Position, button: HTMLElement | null): Position {
  const width = button?.offsetWidth ?? 0;
  const height = button?.offsetHeight ?? 0;
  const viewportWidth = document.documentElement.clientWidth;
  // Measured from the top of a bar fixed to the bottom of the screen (the recorder's, on a phone), if any.
  const viewportHeight = window.innerHeight - bottomBarHeight();
  const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));
  return { left: clamp(position.left, viewportWidth - width), bottom: clamp(position.bottom, viewportHeight - height) };
}

/** The floating Report Issue button of every route: draggable, kept inside the viewport. */
export function ReportIssueWidget() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it animates and returns focus as before.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  const [position, setPosition] = useState<Position>(START);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<DragState | null>(null);
  const suppressClick = useRef(false);

  const moveTo = useCallback((next: Position) => setPosition(clampToViewport(next, buttonRef.current)), []);

  useLayoutEffect(() => {
    setPosition((current) => clampToViewport(current, buttonRef.current));
  }, []);

  useEffect(() => {
    const onResize = () => setPosition((current) => clampToViewport(current, buttonRef.current));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, origin: position, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const dx = event.clientX - state.startX;
    const dy = event.clientY - state.startY;
    if (!state.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    state.moved = true;
    moveTo({ left: state.origin.left + dx, bottom: state.origin.bottom - dy });
  };

  const endDrag = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    // The click that follows a drag must not open the dialog.
    suppressClick.current = state.moved;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onClick = () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? KEY_STEP_LARGE_PX : KEY_STEP_PX;
    const moves: Record<string, Position> = {
      ArrowLeft: { left: position.left - step, bottom: position.bottom },
      ArrowRight: { left: position.left + step, bottom: position.bottom },
      ArrowUp: { left: position.left, bottom: position.bottom + step },
      ArrowDown: { left: position.left, bottom: position.bottom - step },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={REPORT_TEXTS.button}
        aria-describedby="report-issue-move-hint"
        data-testid="report-issue-button"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClick={onClick}
        onKeyDown={onKeyDown}
        style={{ left: position.left, bottom: `calc(${position.bottom}px + var(${BOTTOM_BAR_VAR}, 0px))` }}
        className="fixed z-40 inline-flex min-h-12 min-w-12 cursor-grab touch-none items-center justify-center gap-2 rounded-full border-2 border-white bg-night px-5 text-base font-semibold text-white shadow-card select-none hover:bg-[#201d3a] active:cursor-grabbing mobile:px-0 print:hidden"
      >
        <FlagIcon />
        <span className="mobile:sr-only">{REPORT_TEXTS.button}</span>
      </button>
      <span id="report-issue-move-hint" hidden>
        Drag the button, or use the arrow keys, to move it.
      </span>
      {used ? <ReportIssueModal open={open} onOpenChange={setOpen} page={pathname} /> : null}
    </>
  );
}
