import { and, asc, eq, sql } from 'drizzle-orm';
import type { DepositAddress } from '../../../shared/api/deposit-addresses';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import type { Db } from '../../db/client';
import { depositAddressCursors, depositAddresses } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hasActiveKey, nextKeyAddress } from './deposit-keys';
import { toDepositAddress } from './to-deposit-address';

/** The active addresses of `network`, the next to hand out first. */
function pickOrder(db: Db, network: DepositNetwork) {
  return db
    .select({ id: depositAddresses.id, address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.network, network), eq(depositAddresses.active, true)))
    .orderBy(sql`${depositAddresses.lastPick} asc nulls first`, asc(depositAddresses.id))
    .limit(1);
}

/**
 * The shared address the next order on `network` would get, handing nothing out (an order's
 * preview shows the amount it would ask for there); null when the network gives each order its
 * own address (an active extended key) or has no active address.
 */
export async function peekSharedAddress(options: {
  db: Db;
  network: DepositNetwork;
}): Promise<string | null> {
  if (await hasActiveKey(options.db, options.network)) return null;
  const [next] = await pickOrder(options.db, options.network);
  return next?.address ?? null;
}

/** Where an order's deposit goes: its own derived address (`keyId`, `index`), or a shared one. */
export interface DepositAddressPick {
  address: string;
  keyId: number | null;
  index: number | null;
}

/**
 * The deposit address for the next order on `network`: its own, at the next index of the
 * network's active extended key (decision 030); else round-robin over the active fixed
 * addresses (the one handed out longest ago, never-used first), reused across orders.
 * Concurrent calls take turns on the key's row or the network's cursor row, so each sees the
 * others' picks. Pass the order's transaction as `db` to make the pick part of it.
 */
export async function nextDepositAddress(options: {
  db: Db;
  network: DepositNetwork;
}): Promise<DepositAddressPick> {
  const { db, network } = options;
  const own = await nextKeyAddress(db, network);
  if (own) return own;
  const shared = await nextSharedAddress(db, network);
  return { address: shared.address, keyId: null, index: null };
}

async function nextSharedAddress(db: Db, network: DepositNetwork): Promise<DepositAddress> {
  return db.transaction(async (tx) => {
    const [cursor] = await tx
      .insert(depositAddressCursors)
      .values({ network, picks: 1 })
      .onConflictDoUpdate({
        target: depositAddressCursors.network,
        set: { picks: sql`${depositAddressCursors.picks} + 1` },
      })
      .returning();
    const [next] = await pickOrder(tx, network);
    if (!next) {
      throw new AppError(
        'service_unavailable',
        `The desk has no active ${network} deposit address. Please try again shortly.`,
      );
    }
    const [row] = await tx
      .update(depositAddresses)
      .set({
        lastPick: cursor!.picks,
        timesUsed: sql`${depositAddresses.timesUsed} + 1`,
        lastUsedAt: sql`now()`,
      })
      .where(eq(depositAddresses.id, next.id))
      .returning();
    return toDepositAddress(row!);
  });
}
