import type { View } from '@fst/shared/http/drawn-page';

// Whose screen a page is drawn for (`View`). In the browser nothing is set: dates are written in the browser's
// own language and time zone, and the family is the one picked last in it. A signed-in page drawn by the
// server (decision 011) is drawn with what that browser told through its `fst_view` cookie (lib/first-view.ts
// `tellView`).
export type { View };

let drawnFor: View | undefined;

/** On the server (src/prerender.tsx): the view of the page being drawn, for the time it is drawn. */
export function drawFor(view: View | undefined): void {
  drawnFor = view;
}

/** The viewer's view when the page is being drawn on the server for them; undefined in the browser. */
export const viewDrawnFor = (): View | undefined => drawnFor;

// Making a formatter costs far more than using one (a page's dates took milliseconds on a slow phone). On the
// server, one per language, zone and style its visitors use; started afresh should that ever pass a bound.
const FORMATTERS_KEPT = 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let made = formatters.get(key);
  if (!made) {
    if (formatters.size >= FORMATTERS_KEPT) formatters.clear();
    formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  }
  return made;
}

/** A date as the viewer reads it: in their language and time zone (a value that is no date, as it came). */
export function formatDate(date: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  const when = new Date(date);
  if (Number.isNaN(when.getTime())) return String(date);
  return formatter(drawnFor?.locale, { ...options, timeZone: drawnFor?.timeZone }).format(when);
}

/** The hour of the day (0–23) where the viewer is. */
export function hourNow(): number {
  return Number(formatter('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: drawnFor?.timeZone }).format(new Date()));
}

/** The viewer's time zone offset in minutes, as Date's getTimezoneOffset gives it. */
export const tzOffsetMinutes = (): number => drawnFor?.tzOffsetMinutes ?? new Date().getTimezoneOffset();

/** The language and time zone this browser writes dates in, told to the server (lib/first-view.ts). */
export function browserDates(): { locale: string; timeZone: string } {
  const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
  return { locale, timeZone };
}
