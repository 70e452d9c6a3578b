// Dates as the viewer reads them: in the app's language (American English, as every other word on the page)
// and the viewer's time zone. Written out here rather than with Intl: a page's first Intl formatter loads
// ICU's data, 60–120 ms of main thread on this machine, several times that on a phone
// (docs/decisions/022-dates-without-intl.md).

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The styles the app shows: Intl's `dateStyle` (medium "Nov 28, 2026", long "November 28, 2026") and `timeStyle` short ("8:05 PM"). */
export type DateFormat = { dateStyle?: 'medium' | 'long'; timeStyle?: 'short' };

/** A date as the viewer reads it, as `Intl.DateTimeFormat('en-US', format)` writes it (a value that is no date, as it came). */
export function formatDate(date: string | number | Date, format: DateFormat): string {
  const when = new Date(date);
  if (Number.isNaN(when.getTime())) return String(date);
  const month = MONTHS[when.getMonth()] ?? '';
  const day =
    format.dateStyle === 'long'
      ? `${month} ${when.getDate()}, ${when.getFullYear()}`
      : format.dateStyle === 'medium'
        ? `${month.slice(0, 3)} ${when.getDate()}, ${when.getFullYear()}`
        : '';
  if (!format.timeStyle) return day;
  const hours = when.getHours();
  const time = `${hours % 12 || 12}:${String(when.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  if (!day) return time;
  return format.dateStyle === 'long' ? `${day} at ${time}` : `${day}, ${time}`;
}

/** The hour of the day (0–23) where the viewer is. */
export const hourNow = (): number => new Date().getHours();

/** The viewer's time zone offset in minutes, as Date's getTimezoneOffset gives it. */
export const tzOffsetMinutes = (): number => new Date().getTimezoneOffset();
