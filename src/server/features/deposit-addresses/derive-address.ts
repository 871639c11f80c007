import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { base58check } from '../../../shared/deposit-addresses/address-validation';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';

/** How a BTC account key's addresses are written: BIP44 P2PKH, BIP49 P2SH-P2WPKH, BIP84 P2WPKH. */
export type AddressKind = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'tron';

/** Mainnet extended public key versions (SLIP-132): what each prefix means. */
const PUBLIC_VERSIONS: Record<number, Exclude<AddressKind, 'tron'>> = {
  0x0488b21e: 'p2pkh', // xpub
  0x049d7cb2: 'p2sh-p2wpkh', // ypub
  0x04b24746: 'p2wpkh', // zpub
};
/** Their private twins (xprv, yprv, zprv): refused, never kept. */
const PRIVATE_VERSIONS = new Set([0x0488ade4, 0x049d7878, 0x04b2430c]);

/** An account-level extended public key, read: its address kind and the key itself. */
export interface AccountKey {
  kind: AddressKind;
  key: HDKey;
}

/**
 * Reads an account's extended public key for `network` (decision 030): `xpub`, `ypub` or
 * `zpub` for BTC (BIP44/49/84, the address kind from the prefix), the `xpub` of m/44'/195'/0'
 * for TRON. Account level only (depth 3), so the addresses are its external chain `0/index`
 * as every wallet derives them. A private key is refused. Returns the problem as a sentence.
 */
export function readAccountKey(
  network: DepositNetwork,
  text: string,
): AccountKey | { problem: string } {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text.trim());
  } catch {
    return { problem: 'This is not an extended public key (its checksum does not match)' };
  }
  if (bytes.length !== 78) return { problem: 'This is not an extended public key' };
  const version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  if (PRIVATE_VERSIONS.has(version)) {
    return {
      problem:
        'This is a private key: never give it to any server. Give the account’s extended public key (xpub, ypub or zpub)',
    };
  }
  const kind = PUBLIC_VERSIONS[version];
  if (!kind) return { problem: 'This is not a mainnet xpub, ypub or zpub' };
  if (network === 'USDT-TRC20' && kind !== 'p2pkh') {
    return { problem: 'For TRON give the xpub of the account key m/44’/195’/0’' };
  }
  const xpubBytes = concatBytes(new Uint8Array([0x04, 0x88, 0xb2, 0x1e]), bytes.subarray(4));
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(base58check.encode(xpubBytes));
  } catch {
    return { problem: 'This is not a valid extended public key' };
  }
  if (key.depth !== 3) {
    return {
      problem: `This key is at depth ${key.depth}: give the account-level key (depth 3, such as m/84’/0’/0’)`,
    };
  }
  return { kind: network === 'USDT-TRC20' ? 'tron' : kind, key };
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

/** The address at `0/index` of an account key: the external chain, as wallets receive on. */
export function deriveAddress(account: AccountKey, index: number): string {
  const child = account.key.deriveChild(0).deriveChild(index);
  const publicKey = child.publicKey!;
  switch (account.kind) {
    case 'p2pkh':
      return base58check.encode(concatBytes(new Uint8Array([0x00]), hash160(publicKey)));
    case 'p2sh-p2wpkh': {
      const redeemScript = concatBytes(new Uint8Array([0x00, 0x14]), hash160(publicKey));
      return base58check.encode(concatBytes(new Uint8Array([0x05]), hash160(redeemScript)));
    }
    case 'p2wpkh':
      return bech32.encode('bc', [0, ...bech32.toWords(hash160(publicKey))]);
    case 'tron': {
      const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
      const account20 = keccak_256(uncompressed.subarray(1)).subarray(-20);
      return base58check.encode(concatBytes(new Uint8Array([0x41]), account20));
    }
  }
}
