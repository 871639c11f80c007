import type { DeskAddress } from '../../../shared/api/desk-addresses';
import type { DeskNetwork } from '../../../shared/desk-addresses/networks';
import { isValidDeskAddress } from '../../../shared/desk-addresses/address-validation';
import type { Db } from '../../db/client';
import { deskAddresses } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { toDeskAddress } from './to-desk-address';

/** Adds an address to a network's book after checking its format and checksum. */
export async function addDeskAddress(options: {
  db: Db;
  admin: SessionUser;
  input: { network: DeskNetwork; address: string; label: string };
}): Promise<DeskAddress> {
  const { db, admin, input } = options;
  if (!isValidDeskAddress(input.network, input.address)) {
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
