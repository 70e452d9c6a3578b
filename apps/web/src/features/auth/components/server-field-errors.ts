import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Puts the server's per-field messages (`errors: { field: [messages] }`) under the matching inputs
 * and returns every message, in order, for a summary.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string[] {
  if (!(error instanceof ApiError) || !error.errors) return [];
  const messages: string[] = [];
  let focused = false;
  for (const [field, fieldMessages] of Object.entries(error.errors)) {
    if (!Array.isArray(fieldMessages) || fieldMessages.length === 0) continue;
    messages.push(...fieldMessages);
    const known = fields.find((name) => name === field);
    // The first field refused takes the focus: the submit button, disabled while sending, has lost it.
    if (known) setError(known, { type: 'server', message: fieldMessages.join(' ') }, { shouldFocus: !focused });
    focused ||= Boolean(known);
  }
  return messages;
}
