import type { DeskAddress } from '../../../shared/api/desk-addresses';
import { type deskAddresses } from '../../db/schema';

export type DeskAddressRow = typeof deskAddresses.$inferSelect;

export function toDeskAddress(row: DeskAddressRow): DeskAddress {
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
