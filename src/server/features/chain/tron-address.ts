import { hexToBytes } from '@noble/hashes/utils.js';
import { base58check } from '../../../shared/deposit-addresses/address-validation';

/**
 * A TRON address as people write it (base58check of 0x41 and the 20-byte account, "T…") from
 * the 20 bytes in hex, as event logs carry it.
 */
export function tronAddressFromHex(hex20: string): string {
  return base58check.encode(hexToBytes(`41${hex20}`));
}
