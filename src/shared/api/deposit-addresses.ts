import { z } from 'zod';
import { DEPOSIT_NETWORKS } from '../deposit-addresses/networks';
import { isoDateTime } from './common';

export const depositAddressSchema = z.object({
  id: z.number().int(),
  network: z.enum(DEPOSIT_NETWORKS),
  address: z.string(),
  label: z.string(),
  active: z.boolean(),
  /** How many times it was handed out as a deposit address. */
  timesUsed: z.number().int(),
  lastUsedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;
export const depositAddressListSchema = z.array(depositAddressSchema);

const label = z
  .string()
  .trim()
  .min(1, 'Give the address a label')
  .max(80, 'The label must be at most 80 characters');

/**
 * A fixed address (`address`), shared by the orders it is given to, or an account's extended
 * public key (`extendedPublicKey`: xpub, ypub or zpub; TRON's m/44'/195'/0' xpub), from which
 * each order gets its own address (decision 030). One of the two.
 */
export const createDepositAddressRequestSchema = z
  .object({
    network: z.enum(DEPOSIT_NETWORKS, { error: 'Choose BTC or USDT-TRC20' }),
    address: z.string().trim().min(1, 'Enter the address').max(100).optional(),
    extendedPublicKey: z
      .string()
      .trim()
      .min(1, 'Enter the extended public key')
      .max(200, 'An extended public key is at most 200 characters')
      .optional(),
    label,
  })
  .refine((body) => (body.address === undefined) !== (body.extendedPublicKey === undefined), {
    error: 'Enter the address or the extended public key (one of the two)',
  });
export type CreateDepositAddressRequest = z.input<typeof createDepositAddressRequestSchema>;

/** Past this many unpaid addresses in a row, wallets stop looking (BIP44's gap limit). */
export const GAP_LIMIT = 20;

export const depositKeySchema = z.object({
  id: z.number().int(),
  network: z.enum(DEPOSIT_NETWORKS),
  extendedPublicKey: z.string(),
  label: z.string(),
  /** How its addresses are written: BIP44 P2PKH, BIP49 P2SH-P2WPKH, BIP84 P2WPKH, or TRON. */
  kind: z.enum(['p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'tron']),
  active: z.boolean(),
  /** The next order's index on the external chain: how many addresses were handed out. */
  nextIndex: z.number().int(),
  /** 0/0 to 0/4, for the owner to check against their wallet. */
  firstAddresses: z.array(z.string()),
  /** Handed-out addresses after the last paid one: over GAP_LIMIT, wallets may not see funds. */
  unpaidInARow: z.number().int(),
  createdAt: isoDateTime,
});
export type DepositKey = z.infer<typeof depositKeySchema>;
export const depositKeyListSchema = z.array(depositKeySchema);

export const updateDepositAddressRequestSchema = z
  .object({ active: z.boolean().optional(), label: label.optional() })
  .refine((body) => body.active !== undefined || body.label !== undefined, {
    error: 'Send active or label',
  });
export type UpdateDepositAddressRequest = z.input<typeof updateDepositAddressRequestSchema>;

export const depositAddressIdParamsSchema = z.object({
  id: z.coerce.number().int().positive('Invalid address id').max(2_147_483_647),
});
