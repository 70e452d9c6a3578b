// Every text a client sends goes through `text()`: control characters (NUL, escape, DEL…) are nothing a person
// types, PostgreSQL refuses NUL outright, and one helper means no route can forget to refuse them.
import { z } from 'zod';
import { VALIDATION } from '../messages.ts';
import { hasControlCharacters } from './control-characters.ts';

/**
 * A string schema refusing control characters; `multiline` allows tabs and line breaks (descriptions, book
 * text). Whitespace around a value (a pasted tab or line break) is left to the field's own trimming.
 */
export const text = (params?: { error?: string; multiline?: boolean }) =>
  z
    .string(params?.error ? { error: params.error } : undefined)
    .refine((value) => !hasControlCharacters(value.trim(), params?.multiline), { error: VALIDATION.controlCharacters });
