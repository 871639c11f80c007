import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depositAddresses } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { toDepositAddress } from './to-deposit-address';

/** Removes a mistyped address that was never handed out; a used one can only be deactivated. */
export async function deleteDepositAddress(options: {
  db: Db;
  admin: SessionUser;
  id: number;
}): Promise<void> {
  const { db, admin, id } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(depositAddresses)
      .where(and(eq(depositAddresses.id, id), eq(depositAddresses.timesUsed, 0)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: depositAddresses.id })
        .from(depositAddresses)
        .where(eq(depositAddresses.id, id));
      if (!exists) throw new AppError('not_found', 'Address not found');
      throw new AppError(
        'conflict',
        'This address has been given to customers; deactivate it instead',
      );
    }
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'desk_address.delete',
      entityType: 'desk_address',
      entityId: String(id),
      before: { ...toDepositAddress(row) },
      after: null,
    });
  });
}
