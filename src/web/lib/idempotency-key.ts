import { useCallback, useState } from 'react';
import { ApiError } from './api-client';

/**
 * A UUID v4. crypto.randomUUID needs a secure context; a plain-HTTP page (a LAN address in
 * development) gets the same format from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per form: made once, sent with every try (a double click, a retry after
 * a lost answer), so the server records the transaction once. A new one after a success (the
 * next transaction), or after the server says the key went with another request (422: the
 * first try did arrive, and the agent has changed the form since).
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  const renewAfter = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 422) renew();
    },
    [renew],
  );
  return { key, renew, renewAfter };
}
