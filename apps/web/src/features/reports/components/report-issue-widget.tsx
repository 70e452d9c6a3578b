import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useLocation } from 'react-router';
import { REPORT_TEXTS } from '@fst/shared/messages';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { FlagIcon } from '../../../components/ui/icons.tsx';
import { BOTTOM_BAR_VAR, bottomBarHeight } from '../../../lib/bottom-bar.ts';
import { currentReportSlot, onReportSlotChange } from '../../../lib/report-slot.ts';
import { useEver } from '../../../lib/use-ever.ts';

// The dialog (Radix and the form's validation) loads on first use: the widget is on every page, the landing too.
const ReportIssueModal = lazyPart(() => import('./report-issue-modal.tsx').then((m) => m.ReportIssueModal), 'overlay');

// Starts in the bottom-right corner, a small round button (issue 22): where the spec put it (20 px from the left,
// 80 px up) it covered headings and controls. Pages keep room for it at their end (AppLayout's main, the landing's
// footer); above a bar fixed to the bottom: lib/bottom-bar.ts. On a phone, a page whose header stays at the top
// keeps a box in it (lib/report-slot.ts) and the button starts there: in a corner it covered the page's lines.
export const REPORT_BUTTON_INSET_PX = 16;
const START = { right: REPORT_BUTTON_INSET_PX, bottom: REPORT_BUTTON_INSET_PX };
// Movement below this many pixels is still a click, not a drag.
const DRAG_THRESHOLD_PX = 5;
const KEY_STEP_PX = 10;
const KEY_STEP_LARGE_PX = 50;

type Position = { left: number; bottom: number };
type Box = { left: number; top: number; height: number };
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
  const used = useEver(open);
  // The left is worked out once the button and the viewport are measured (before the first paint).
  const [position, setPosition] = useState<Position>({ left: -1, bottom: START.bottom });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<DragState | null>(null);
  const suppressClick = useRef(false);
  // The header's box it sits on until moved (phones, pages with a header that stays at the top), as last measured,
  // with the element it was measured on: none until measured, nor once that element is gone.
  const [measured, setMeasured] = useState<{ slot: HTMLElement; box: Box | null } | null>(null);
  const slotBox = measured?.box ?? null;
  const [moved, setMoved] = useState(false);
  const docked = !moved && slotBox !== null;

  const moveTo = useCallback((next: Position) => {
    setMoved(true);
    setPosition(clampToViewport(next, buttonRef.current));
  }, []);

  /** Where it is now, as a position from the bottom-left (also when it sits on the header's box). */
  const current = (): Position => (docked ? { left: slotBox.left, bottom: window.innerHeight - bottomBarHeight() - slotBox.top - slotBox.height } : position);

  useLayoutEffect(() => {
    // Followed from the commit, not read while rendering: the header's box is attached in the same commit as the
    // widget, after its render, and a store read then made React draw the widget again at once (a long task).
    let stop = () => {};
    const follow = () => {
      stop();
      stop = () => {};
      const element = currentReportSlot();
      setMeasured((last) => (last?.slot === element ? last : null));
      if (!element) return;
      const measure = () => {
        const r = element.getBoundingClientRect();
        const box = r.width > 0 ? { left: r.left, top: r.top, height: r.height } : null;
        // Kept when nothing moved: the header is measured again each time the page below it grows.
        setMeasured((last) => (last?.slot === element && sameBox(last.box, box) ? last : { slot: element, box }));
      };
      // First measured by the observer's first report, after the frame's layout, and drawn in a task of its own: drawn
      // at once (flushSync in a frame callback), it pulled the page's pending effects into each page's longest task.
      const observer = new ResizeObserver(measure);
      observer.observe(element.parentElement ?? element);
      window.addEventListener('resize', measure);
      stop = () => {
        observer.disconnect();
        window.removeEventListener('resize', measure);
      };
    };
    follow();
    const unsubscribe = onReportSlotChange(follow);
    return () => {
      unsubscribe();
      stop();
    };
  }, []);

  // At the next frame as well, not in the commit (a forced layout): until then CSS keeps it in the same corner.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => {
      const width = buttonRef.current?.offsetWidth ?? 0;
      setPosition(clampToViewport({ left: document.documentElement.clientWidth - width - START.right, bottom: START.bottom }, buttonRef.current));
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    const onResize = () => setPosition((current) => clampToViewport(current, buttonRef.current));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, origin: current(), moved: false };
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
    const here = current();
    const moves: Record<string, Position> = {
      ArrowLeft: { left: here.left - step, bottom: here.bottom },
      ArrowRight: { left: here.left + step, bottom: here.bottom },
      ArrowUp: { left: here.left, bottom: here.bottom + step },
      ArrowDown: { left: here.left, bottom: here.bottom - step },
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
        title={REPORT_TEXTS.button}
        // Until measured (the page as rendered ahead, before the app runs) it keeps to the right by CSS, and out of
        // sight on a phone, where it may yet go to the header (it does nothing before the app runs anyway).
        style={
          docked
            ? { left: slotBox.left, top: slotBox.top }
            : position.left < 0
              ? { right: START.right, bottom: `calc(${position.bottom}px + var(${BOTTOM_BAR_VAR}, 0px))` }
              : { left: position.left, bottom: `calc(${position.bottom}px + var(${BOTTOM_BAR_VAR}, 0px))` }
        }
        className={`${!docked && position.left < 0 ? 'mobile:invisible ' : ''}fixed z-40 inline-flex size-12 cursor-grab touch-none items-center justify-center rounded-full border-2 border-white bg-night text-base font-semibold text-white shadow-card select-none hover:bg-[#201d3a] active:cursor-grabbing print:hidden`}
      >
        <FlagIcon />
        <span className="sr-only">{REPORT_TEXTS.button}</span>
      </button>
      <span id="report-issue-move-hint" hidden>
        Drag the button, or use the arrow keys, to move it.
      </span>
      {used ? <ReportIssueModal open={open} onOpenChange={setOpen} page={pathname} /> : null}
    </>
  );
}

const sameBox = (a: Box | null, b: Box | null) => a === b || (a !== null && b !== null && a.left === b.left && a.top === b.top && a.height === b.height);
