import { ApiError, errorText } from '../../lib/api-client.ts';

/**
 * Spec section 8: the server's text when it answered with one, the screen's default when it answered
 * without one, and the second default when no answer came at all (network failure; offline, it says so).
 */
export function failureText(error: unknown, texts: { failed: string; network: string }): string {
  if (error instanceof ApiError && !error.isNetworkError) return error.serverMessage ?? texts.failed;
  return errorText(error, texts.network);
}
