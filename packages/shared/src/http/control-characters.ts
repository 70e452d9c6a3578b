// Kept apart from text.ts and its zod import: pages that only check a value (books.rules) then load and
// initialise no schema library.

// C0 controls and DEL; line breaks and tabs only where a field takes several lines.
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL = /[\u0000-\u001F\u007F]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/* eslint-enable no-control-regex */

/** Whether a text holds a control character (tab, line feed and carriage return allowed when multiline). */
export const hasControlCharacters = (value: string, multiline = false) => (multiline ? CONTROL_BUT_LINES : CONTROL).test(value);
