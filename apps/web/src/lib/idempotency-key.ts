import { useRef } from 'react';

/**
 * A new Idempotency-Key (packages/shared/src/http/idempotency.ts): random hex. One per thing the user means
 * to do once (a kid added, a gift), kept across their tries of it, so that a try whose answer was lost and
 * is sent again is done once. crypto.randomUUID needs a secure page; getRandomValues does not.
 */
export const newIdempotencyKey = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The header carrying it, for apiRequest. */
export const idempotencyHeader = (key: string | undefined): Record<string, string> | undefined => (key ? { 'Idempotency-Key': key } : undefined);

/**
 * Keys for what a form or a control sends, one per distinct thing sent (by its JSON) and kept while the
 * component lives: trying the same again reuses its key; changing what is sent is a new thing, with a new key.
 */
export function useIdempotencyKeys(): (sent: unknown) => string {
  const keys = useRef(new Map<string, string>());
  return (sent) => {
    const what = JSON.stringify(sent);
    let key = keys.current.get(what);
    if (!key) keys.current.set(what, (key = newIdempotencyKey()));
    return key;
  };
}
