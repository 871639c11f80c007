import { createHash } from 'node:crypto';
import { AppError } from './errors';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

/**
 * What an Idempotency-Key is bound to: a hash of the request's parts, the same whatever the
 * order of an object's keys.
 */
export function requestFingerprint(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

/** A repeat under a used Idempotency-Key must be the same request: otherwise 422. */
export function assertSameRequest(stored: string | null, fingerprint: string): void {
  if (stored !== fingerprint) {
    throw new AppError(
      'unprocessable',
      'This Idempotency-Key was already used with a different request',
    );
  }
}
