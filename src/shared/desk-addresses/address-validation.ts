import type { DeskNetwork } from './networks';

/**
 * Mainnet address checks for the desk's address book, checksum included. Pure: base58check
 * needs SHA-256, which the caller passes in (node:crypto on the server), so nothing here
 * depends on Node or the DOM.
 */
export type Sha256 = (data: Uint8Array) => Uint8Array;

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58_ALPHABET].map((c, i) => [c, i]));

/** Base58 to bytes (leading "1"s are zero bytes), or null on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const char of text) {
    let carry = BASE58_INDEX.get(char);
    if (carry === undefined) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/** The payload of a base58check string (version byte first), or null if the checksum fails. */
export function base58CheckDecode(text: string, sha256: Sha256): Uint8Array | null {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  const checksum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (checksum[i] !== bytes[bytes.length - 4 + i]) return null;
  return payload;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** BIP-173's constant for bech32, BIP-350's for bech32m. */
const BECH32_CONST = { bech32: 1, bech32m: 0x2bc830a3 } as const;
export type Bech32Encoding = keyof typeof BECH32_CONST;

function polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ value) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ BECH32_GENERATOR[i]!) >>> 0;
  }
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

/** BIP-173/BIP-350 decoding: the human-readable part, the 5-bit data and which checksum held. */
export function bech32Decode(
  text: string,
): { hrp: string; data: number[]; encoding: Bech32Encoding } | null {
  if (text.length > 90) return null;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 33 || code > 126) return null;
  }
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return null;
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || separator + 7 > lower.length) return null;
  const hrp = lower.slice(0, separator);
  const data: number[] = [];
  for (const char of lower.slice(separator + 1)) {
    const value = BECH32_CHARSET.indexOf(char);
    if (value === -1) return null;
    data.push(value);
  }
  const check = polymod([...hrpExpand(hrp), ...data]);
  const encoding = (Object.keys(BECH32_CONST) as Bech32Encoding[]).find(
    (e) => BECH32_CONST[e] === check,
  );
  if (!encoding) return null;
  return { hrp, data: data.slice(0, -6), encoding };
}

/** Regroups 5-bit values into bytes, refusing leftover padding that is not zero (BIP-173). */
function fiveToEight(data: number[]): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const value of data) {
    acc = (acc << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return null;
  return out;
}

/** A mainnet segwit address (bc1...): v0 in bech32 with a 20- or 32-byte program, v1+ in bech32m. */
export function isSegwitAddress(text: string): boolean {
  const decoded = bech32Decode(text);
  if (!decoded || decoded.hrp !== 'bc' || decoded.data.length < 1) return false;
  const [version, ...rest] = decoded.data as [number, ...number[]];
  if (version > 16) return false;
  const program = fiveToEight(rest);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0) {
    return decoded.encoding === 'bech32' && (program.length === 20 || program.length === 32);
  }
  return decoded.encoding === 'bech32m';
}

const BTC_P2PKH_VERSION = 0x00;
const BTC_P2SH_VERSION = 0x05;
const TRON_VERSION = 0x41;

export function isBitcoinAddress(text: string, sha256: Sha256): boolean {
  if (/^(bc|BC)1/.test(text)) return isSegwitAddress(text);
  if (!/^[13]/.test(text) || text.length < 26 || text.length > 35) return false;
  const payload = base58CheckDecode(text, sha256);
  return (
    payload !== null &&
    payload.length === 21 &&
    (payload[0] === BTC_P2PKH_VERSION || payload[0] === BTC_P2SH_VERSION)
  );
}

export function isTronAddress(text: string, sha256: Sha256): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  const payload = base58CheckDecode(text, sha256);
  return payload !== null && payload.length === 21 && payload[0] === TRON_VERSION;
}

export function isValidDeskAddress(network: DeskNetwork, text: string, sha256: Sha256): boolean {
  return network === 'BTC' ? isBitcoinAddress(text, sha256) : isTronAddress(text, sha256);
}
