import { z } from 'zod';
import { DESK_NETWORKS } from '../desk-addresses/networks';
import { isoDateTime } from './common';

export const deskAddressSchema = z.object({
  id: z.number().int(),
  network: z.enum(DESK_NETWORKS),
  address: z.string(),
  label: z.string(),
  active: z.boolean(),
  /** How many times it was handed out as a deposit address. */
  timesUsed: z.number().int(),
  lastUsedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type DeskAddress = z.infer<typeof deskAddressSchema>;
export const deskAddressListSchema = z.array(deskAddressSchema);

const label = z
  .string()
  .trim()
  .min(1, 'Give the address a label')
  .max(80, 'The label must be at most 80 characters');

export const createDeskAddressRequestSchema = z.object({
  network: z.enum(DESK_NETWORKS, { error: 'Choose BTC or USDT-TRC20' }),
  address: z.string({ error: 'Enter the address' }).trim().min(1, 'Enter the address').max(100),
  label,
});
export type CreateDeskAddressRequest = z.input<typeof createDeskAddressRequestSchema>;

export const updateDeskAddressRequestSchema = z
  .object({ active: z.boolean().optional(), label: label.optional() })
  .refine((body) => body.active !== undefined || body.label !== undefined, {
    error: 'Send active or label',
  });
export type UpdateDeskAddressRequest = z.input<typeof updateDeskAddressRequestSchema>;

export const deskAddressIdParamsSchema = z.object({
  id: z.coerce.number().int().positive('Invalid address id').max(2_147_483_647),
});
