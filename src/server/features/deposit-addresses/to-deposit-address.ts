import type { DepositAddress } from '../../../shared/api/deposit-addresses';
import { type depositAddresses } from '../../db/schema';

export type DepositAddressRow = typeof depositAddresses.$inferSelect;

export function toDepositAddress(row: DepositAddressRow): DepositAddress {
  return {
    id: row.id,
    network: row.network,
    address: row.address,
    label: row.label,
    active: row.active,
    timesUsed: row.timesUsed,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
