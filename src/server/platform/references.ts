import { randomInt } from 'node:crypto';

/** Crockford's base32 without look-alikes: easy to read out over the phone. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A short, readable reference such as AC-7F3K2Q9D (PRODUCT.md "Money"), for transactions and
 * orders. Random, so the caller's unique index decides and a collision (1 in 32^8) is retried.
 */
export function newReference(): string {
  let out = 'AC-';
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}
