import { asc } from 'drizzle-orm';
import type { DeskAddress } from '../../../shared/api/desk-addresses';
import type { Db } from '../../db/client';
import { deskAddresses } from '../../db/schema';
import { toDeskAddress } from './to-desk-address';

export async function listDeskAddresses(options: { db: Db }): Promise<DeskAddress[]> {
  const rows = await options.db
    .select()
    .from(deskAddresses)
    .orderBy(asc(deskAddresses.network), asc(deskAddresses.id));
  return rows.map(toDeskAddress);
}
