import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DeskAddress,
  createDeskAddressRequestSchema,
  updateDeskAddressRequestSchema,
} from '../../../shared/api/desk-addresses';
import { isValidDeskAddress } from '../../../shared/desk-addresses/address-validation';
import type { Db } from '../../db/client';
import { deskAddresses } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

type Row = typeof deskAddresses.$inferSelect;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

export function toDeskAddress(row: Row): DeskAddress {
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

export async function listDeskAddresses(options: { db: Db }): Promise<DeskAddress[]> {
  const rows = await options.db
    .select()
    .from(deskAddresses)
    .orderBy(asc(deskAddresses.network), asc(deskAddresses.id));
  return rows.map(toDeskAddress);
}

/** Adds an address to a network's book after checking its format and checksum. */
export async function addDeskAddress(options: {
  db: Db;
  admin: SessionUser;
  input: z.output<typeof createDeskAddressRequestSchema>;
}): Promise<DeskAddress> {
  const { db, admin, input } = options;
  if (!isValidDeskAddress(input.network, input.address, sha256)) {
    throw new AppError('bad_request', `This is not a valid ${input.network} address`);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deskAddresses)
      .values({ ...input, createdBy: admin.id })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('conflict', `This ${input.network} address is already in the book`);
    const address = toDeskAddress(row);
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'desk_address.add',
      entityType: 'desk_address',
      entityId: String(row.id),
      before: null,
      after: { ...address },
    });
    return address;
  });
}

/** Turns an address on or off, or renames it. Used addresses stay in the book for the record. */
export async function updateDeskAddress(options: {
  db: Db;
  admin: SessionUser;
  id: number;
  input: z.output<typeof updateDeskAddressRequestSchema>;
}): Promise<DeskAddress> {
  const { db, admin, id, input } = options;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(deskAddresses)
      .where(eq(deskAddresses.id, id))
      .for('update');
    if (!before) throw new AppError('not_found', 'Address not found');
    const [row] = await tx
      .update(deskAddresses)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(deskAddresses.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'desk_address.update',
      entityType: 'desk_address',
      entityId: String(id),
      before: { active: before.active, label: before.label },
      after: { active: row!.active, label: row!.label },
    });
    return toDeskAddress(row!);
  });
}

/** Removes a mistyped address that was never handed out; a used one can only be deactivated. */
export async function deleteDeskAddress(options: {
  db: Db;
  admin: SessionUser;
  id: number;
}): Promise<void> {
  const { db, admin, id } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(deskAddresses)
      .where(and(eq(deskAddresses.id, id), eq(deskAddresses.timesUsed, 0)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: deskAddresses.id })
        .from(deskAddresses)
        .where(eq(deskAddresses.id, id));
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
      before: { ...toDeskAddress(row) },
      after: null,
    });
  });
}
