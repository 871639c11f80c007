import { and, asc, eq, sql } from 'drizzle-orm';
import type { DeskAddress } from '../../../shared/api/desk-addresses';
import type { DeskNetwork } from '../../../shared/desk-addresses/networks';
import type { Db } from '../../db/client';
import { deskAddressCursors, deskAddresses } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hasActiveKey, nextKeyAddress } from './desk-keys';
import { toDeskAddress } from './to-desk-address';

/** The active addresses of `network`, the next to hand out first. */
function pickOrder(db: Db, network: DeskNetwork) {
  return db
    .select({ id: deskAddresses.id, address: deskAddresses.address })
    .from(deskAddresses)
    .where(and(eq(deskAddresses.network, network), eq(deskAddresses.active, true)))
    .orderBy(sql`${deskAddresses.lastPick} asc nulls first`, asc(deskAddresses.id))
    .limit(1);
}

/**
 * The shared address the next order on `network` would get, handing nothing out (an order's
 * preview shows the amount it would ask for there); null when the network gives each order its
 * own address (an active extended key) or has no active address.
 */
export async function peekSharedAddress(options: {
  db: Db;
  network: DeskNetwork;
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
  network: DeskNetwork;
}): Promise<DepositAddressPick> {
  const { db, network } = options;
  const own = await nextKeyAddress(db, network);
  if (own) return own;
  const shared = await nextSharedAddress(db, network);
  return { address: shared.address, keyId: null, index: null };
}

async function nextSharedAddress(db: Db, network: DeskNetwork): Promise<DeskAddress> {
  return db.transaction(async (tx) => {
    const [cursor] = await tx
      .insert(deskAddressCursors)
      .values({ network, picks: 1 })
      .onConflictDoUpdate({
        target: deskAddressCursors.network,
        set: { picks: sql`${deskAddressCursors.picks} + 1` },
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
      .update(deskAddresses)
      .set({
        lastPick: cursor!.picks,
        timesUsed: sql`${deskAddresses.timesUsed} + 1`,
        lastUsedAt: sql`now()`,
      })
      .where(eq(deskAddresses.id, next.id))
      .returning();
    return toDeskAddress(row!);
  });
}
