// Dates as the viewer reads them: in the browser's own language and time zone.

// Making a formatter costs far more than using one (a page's dates took milliseconds on a slow phone).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/** A date as the viewer reads it: in their language and time zone (a value that is no date, as it came). */
export function formatDate(date: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  const when = new Date(date);
  if (Number.isNaN(when.getTime())) return String(date);
  return formatter(undefined, options).format(when);
}

/** The hour of the day (0–23) where the viewer is. */
export const hourNow = (): number => new Date().getHours();

/** The viewer's time zone offset in minutes, as Date's getTimezoneOffset gives it. */
export const tzOffsetMinutes = (): number => new Date().getTimezoneOffset();
