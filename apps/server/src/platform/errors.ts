import { SERVER_MESSAGES } from '@fst/shared/messages';

export const ERROR_STATUS = {
  invalid_input: 400,
  // Not enough share tokens for a premium share: the answer names what is needed and available.
  insufficient_tokens: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** A failure the client caused or may act on; the error handler turns it into `{ error, code, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More fields of the answer the screens read (e.g. tokens_needed). */
    readonly details?: Record<string, number | string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string = SERVER_MESSAGES.notFound) => new AppError('not_found', message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', SERVER_MESSAGES.notSignedIn);
/** A 400 naming one field, shaped like the schema errors so the UI shows it under that input. */
export const fieldError = (field: string, message: string, code: ErrorCode = 'invalid_input') => new AppError(code, message, { [field]: [message] });
