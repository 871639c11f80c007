import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether `header` (X-Hub-Signature-256: `sha256=<hex>`) is the HMAC-SHA256 of the exact bytes
 * Meta sent, keyed with the app secret. Compared in constant time.
 */
export function isSignedByMeta(
  raw: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
