import { asc } from 'drizzle-orm';
import type { DepositAddress } from '../../../shared/api/deposit-addresses';
import type { Db } from '../../db/client';
import { depositAddresses } from '../../db/schema';
import { toDepositAddress } from './to-deposit-address';

export async function listDepositAddresses(options: { db: Db }): Promise<DepositAddress[]> {
  const rows = await options.db
    .select()
    .from(depositAddresses)
    .orderBy(asc(depositAddresses.network), asc(depositAddresses.id));
  return rows.map(toDepositAddress);
}
