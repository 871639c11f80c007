import type { DepositAddress } from '../../../shared/api/deposit-addresses';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import { isValidDepositAddress } from '../../../shared/deposit-addresses/address-validation';
import type { Db } from '../../db/client';
import { depositAddresses } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { toDepositAddress } from './to-deposit-address';

/** Adds an address to a network's book after checking its format and checksum. */
export async function addDepositAddress(options: {
  db: Db;
  admin: SessionUser;
  input: { network: DepositNetwork; address: string; label: string };
}): Promise<DepositAddress> {
  const { db, admin, input } = options;
  if (!isValidDepositAddress(input.network, input.address)) {
    throw new AppError('bad_request', `This is not a valid ${input.network} address`);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(depositAddresses)
      .values({ ...input, createdBy: admin.id })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('conflict', `This ${input.network} address is already in the book`);
    const address = toDepositAddress(row);
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
