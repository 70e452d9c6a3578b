// Idempotency-Key (the header payment APIs use): a POST sent again with the same key, by the same account, to
// the same address gets the first answer instead of being done twice (a retry after an answer lost on a flaky
// connection). The server's side is apps/server/src/platform/idempotency.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
  keyReused: 'This Idempotency-Key was already used for another request',
  inProgress: 'This request is still being handled. Please try again in a moment.',
} as const;
