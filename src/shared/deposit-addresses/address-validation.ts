import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import type { DepositNetwork } from './networks';

/**
 * Mainnet address checks for the desk's address book, checksum included, with the audited
 * encoders of `@scure/base` (base58check over `@noble/hashes`' SHA-256, BIP-173 bech32 and
 * BIP-350 bech32m). Pure: nothing here depends on Node or the DOM.
 */
export const base58check = createBase58check(sha256);

/** The payload of a base58check string (version byte first), or null if it does not decode. */
function base58CheckDecode(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** A mainnet segwit address (bc1...): v0 in bech32 with a 20- or 32-byte program, v1+ in bech32m. */
export function isSegwitAddress(text: string): boolean {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  for (const [encoder, v0] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    const decoded = encoder.decodeUnsafe(lower, 90);
    if (!decoded || decoded.prefix !== 'bc' || decoded.words.length < 1) continue;
    const [version, ...rest] = decoded.words as [number, ...number[]];
    if (version > 16 || (version === 0) !== v0) return false;
    const program = encoder.fromWordsUnsafe(rest);
    if (!program || program.length < 2 || program.length > 40) return false;
    return version !== 0 || program.length === 20 || program.length === 32;
  }
  return false;
}

const BTC_P2PKH_VERSION = 0x00;
const BTC_P2SH_VERSION = 0x05;
const TRON_VERSION = 0x41;

export function isBitcoinAddress(text: string): boolean {
  if (/^(bc|BC)1/.test(text)) return isSegwitAddress(text);
  if (!/^[13]/.test(text) || text.length < 26 || text.length > 35) return false;
  const payload = base58CheckDecode(text);
  return (
    payload !== null &&
    payload.length === 21 &&
    (payload[0] === BTC_P2PKH_VERSION || payload[0] === BTC_P2SH_VERSION)
  );
}

export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const payload = base58CheckDecode(text);
  return payload !== null && payload.length === 21 && payload[0] === TRON_VERSION;
}

export function isValidDepositAddress(network: DepositNetwork, text: string): boolean {
  return network === 'BTC' ? isBitcoinAddress(text) : isTronAddress(text);
}
