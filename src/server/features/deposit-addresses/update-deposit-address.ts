import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DepositAddress,
  updateDepositAddressRequestSchema,
} from '../../../shared/api/deposit-addresses';
import type { Db } from '../../db/client';
import { depositAddresses } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { toDepositAddress } from './to-deposit-address';

/** Turns an address on or off, or renames it. Used addresses stay in the book for the record. */
export async function updateDepositAddress(options: {
  db: Db;
  admin: SessionUser;
  id: number;
  input: z.output<typeof updateDepositAddressRequestSchema>;
}): Promise<DepositAddress> {
  const { db, admin, id, input } = options;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.id, id))
      .for('update');
    if (!before) throw new AppError('not_found', 'Address not found');
    const [row] = await tx
      .update(depositAddresses)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(depositAddresses.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'desk_address.update',
      entityType: 'desk_address',
      entityId: String(id),
      before: { active: before.active, label: before.label },
      after: { active: row!.active, label: row!.label },
    });
    return toDepositAddress(row!);
  });
}
