import { and, asc, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { DepositKey } from '../../../shared/api/deposit-addresses';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import { formatCryptoAmount } from '../../../shared/money';
import type { Db } from '../../db/client';
import { depositExtendedKeys, orders } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { deriveAddress, readAccountKey, type AccountKey } from './derive-address';

type KeyRow = typeof depositExtendedKeys.$inferSelect;

/** A stored key, read again (it was checked when added). */
function accountOf(row: Pick<KeyRow, 'id' | 'network' | 'extendedPublicKey'>): AccountKey {
  const account = readAccountKey(row.network, row.extendedPublicKey);
  if ('problem' in account) throw new Error(`deposit key ${row.id}: ${account.problem}`);
  return account;
}

async function toDepositKey(db: Db, row: KeyRow): Promise<DepositKey> {
  const account = accountOf(row);
  const [paid] = await db
    .select({ last: max(orders.depositAddressIndex) })
    .from(orders)
    .where(and(eq(orders.depositKeyId, row.id), isNotNull(orders.depositSeenAt)));
  const lastPaid = paid?.last ?? -1;
  return {
    id: row.id,
    network: row.network,
    extendedPublicKey: row.extendedPublicKey,
    label: row.label,
    kind: account.kind,
    active: row.active,
    nextIndex: row.nextIndex,
    firstAddresses: [0, 1, 2, 3, 4].map((i) => deriveAddress(account, i)),
    unpaidInARow: row.nextIndex - (lastPaid + 1),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Adds a network's account extended public key after reading it (a private key, another
 * network's form or a key that is not account-level is a 400); it becomes the network's key
 * for new orders, the one before it stays with the orders it gave addresses to. Audited.
 */
export async function addDepositKey(options: {
  db: Db;
  admin: SessionUser;
  input: { network: DepositNetwork; extendedPublicKey: string; label: string };
}): Promise<DepositKey> {
  const { db, admin, input } = options;
  const account = readAccountKey(input.network, input.extendedPublicKey);
  if ('problem' in account) throw new AppError('bad_request', account.problem);
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(depositExtendedKeys)
      .set({ active: false, updatedAt: sql`now()` })
      .where(
        and(eq(depositExtendedKeys.network, input.network), eq(depositExtendedKeys.active, true)),
      )
      .returning({ id: depositExtendedKeys.id });
    const [row] = await tx
      .insert(depositExtendedKeys)
      .values({ ...input, createdBy: admin.id })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError('conflict', `This ${input.network} extended public key is already added`);
    }
    const key = await toDepositKey(tx, row);
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'desk_key.add',
      entityType: 'desk_key',
      entityId: String(row.id),
      before: retired.length > 0 ? { activeKeyId: retired[0]!.id } : null,
      after: { ...key },
    });
    return key;
  });
}

/** Every key, the active ones first, each with its first five addresses and its unpaid run. */
export async function listDepositKeys(db: Db): Promise<DepositKey[]> {
  const rows = await db
    .select()
    .from(depositExtendedKeys)
    .orderBy(desc(depositExtendedKeys.active), asc(depositExtendedKeys.id));
  return Promise.all(rows.map((row) => toDepositKey(db, row)));
}

/**
 * The address at `0/index` of a key whose row the order's transaction took `index` from
 * (`nextDepositAddress`): the row lock gives each order its own index.
 */
export function keyAddressAt(
  key: Pick<KeyRow, 'id' | 'network' | 'extendedPublicKey'>,
  index: number,
): string {
  return deriveAddress(accountOf(key), index);
}

/** Whether `network` gives each order its own address (it has an active key). */
export async function hasActiveKey(db: Db, network: DepositNetwork): Promise<boolean> {
  const [row] = await db
    .select({ id: depositExtendedKeys.id })
    .from(depositExtendedKeys)
    .where(and(eq(depositExtendedKeys.network, network), eq(depositExtendedKeys.active, true)))
    .limit(1);
  return row !== undefined;
}

const csvField = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * Each address the key handed out, with its order and what the chain showed arriving, as CSV
 * for the owner's wallet to sweep from: index, path, address, order, state, amount, received.
 */
export async function depositKeyCsv(db: Db, id: number): Promise<string> {
  const [key] = await db.select().from(depositExtendedKeys).where(eq(depositExtendedKeys.id, id));
  if (!key) throw new AppError('not_found', 'No such extended public key');
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.depositKeyId, id))
    .orderBy(asc(orders.depositAddressIndex));
  const lines = rows.map((o) =>
    [
      String(o.depositAddressIndex),
      `0/${o.depositAddressIndex}`,
      o.depositAddress ?? '',
      o.reference,
      o.state,
      formatCryptoAmount(o.amountCrypto, o.coin),
      o.chainReceivedCrypto === null ? '' : formatCryptoAmount(o.chainReceivedCrypto, o.coin),
    ]
      .map(csvField)
      .join(','),
  );
  return ['index,path,address,order,state,amount,received', ...lines].join('\n') + '\n';
}
