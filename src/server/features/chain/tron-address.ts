import { createHash } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/**
 * A TRON address as people write it (base58check of 0x41 and the 20-byte account, "T…") from
 * the 20 bytes in hex, as event logs carry it.
 */
export function tronAddressFromHex(hex20: string): string {
  const payload = Buffer.from(`41${hex20}`, 'hex');
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}
