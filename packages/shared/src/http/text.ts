// Every text a client sends goes through `text()`: control characters (NUL, escape, DEL…) are nothing a person
// types, PostgreSQL refuses NUL outright, and one helper means no route can forget to refuse them.
import { z } from 'zod';
import { VALIDATION } from '../messages.ts';

// C0 controls and DEL; line breaks and tabs only where a field takes several lines.
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROL = /[\u0000-\u001F\u007F]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/* eslint-enable no-control-regex */

/** Whether a text holds a control character (tab, line feed and carriage return allowed when multiline). */
export const hasControlCharacters = (value: string, multiline = false) => (multiline ? CONTROL_BUT_LINES : CONTROL).test(value);

/**
 * A string schema refusing control characters; `multiline` allows tabs and line breaks (descriptions, book
 * text). Whitespace around a value (a pasted tab or line break) is left to the field's own trimming.
 */
export const text = (params?: { error?: string; multiline?: boolean }) =>
  z
    .string(params?.error ? { error: params.error } : undefined)
    .refine((value) => !hasControlCharacters(value.trim(), params?.multiline), { error: VALIDATION.controlCharacters });
