import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { depositAddressCursors, depositAddresses, depositExtendedKeys } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hasActiveKey, keyAddressAt } from './deposit-keys';

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
 * addresses (the one handed out longest ago, never-used first), reused across orders. Pass the
 * order's transaction as `db`: the first statement takes the key's row or the network's cursor
 * row, and concurrent orders wait there for it to commit, so each sees the others' picks.
 *
 * The lock is held to the caller's commit, so this sends the fewest statements after it: one on
 * a key (the lock's own), two on a shared address. The second, the address's pick, begins after
 * the lock was granted (in READ COMMITTED a statement sees what committed before it began, so a
 * part of the locking statement would not see the previous holder's pick and order). The
 * caller's `readAtShared` (an expression over the picked address) is read in it, as of then, and
 * its `writeAtShared` (more WITH parts, over the address) are written in it: an order written
 * there holds the lock for that statement and the commit only.
 */
export async function nextDepositAddress<T = never>(options: {
  db: Db;
  network: DepositNetwork;
  readAtShared?: (address: SQL) => SQL;
  writeAtShared?: (address: SQL) => SQL;
}): Promise<DepositAddressPick & { atShared?: T }> {
  const { db, network, readAtShared, writeAtShared } = options;
  // The key's next index, or without an active key the cursor's next pick: one takes a lock.
  const [turn] = await rows<{
    key_id: number | null;
    extended_public_key: string | null;
    next_index: number | null;
    // bigint: text from `pg`, a number from PGlite; only sent back.
    picks: string | number | null;
  }>(
    db,
    sql`with k as (
          update ${depositExtendedKeys} set next_index = next_index + 1
          where network = ${network}::desk_network and active
          returning id, extended_public_key, next_index
        ), c as (
          insert into ${depositAddressCursors} (network, picks)
          select ${network}::desk_network, 1 where not exists (select 1 from k)
          on conflict (network) do update set picks = desk_address_cursors.picks + 1
          returning picks
        )
        select k.id as key_id, k.extended_public_key, k.next_index, c.picks
        from (select 1) as one left join k on true left join c on true`,
  );
  if (turn!.key_id !== null) {
    const index = turn!.next_index! - 1;
    const key = { id: turn!.key_id, network, extendedPublicKey: turn!.extended_public_key! };
    return { address: keyAddressAt(key, index), keyId: key.id, index };
  }
  const address = sql`(select address from picked)`;
  const [picked] = await rows<{ address: string; at_shared: T }>(
    db,
    sql`with next as (
          select id from ${depositAddresses} where network = ${network}::desk_network and active
          order by last_pick asc nulls first, id limit 1
        ), picked as (
          update ${depositAddresses}
          set last_pick = ${String(turn!.picks!)}::bigint, times_used = times_used + 1, last_used_at = now()
          where id = (select id from next)
          returning address
        )${writeAtShared ? sql`, ${writeAtShared(address)}` : sql``}
        select picked.address, ${readAtShared?.(address) ?? sql`null`} as at_shared
        from picked`,
  );
  if (!picked) {
    throw new AppError(
      'service_unavailable',
      `The desk has no active ${network} deposit address. Please try again shortly.`,
    );
  }
  return {
    address: picked.address,
    keyId: null,
    index: null,
    ...(readAtShared && { atShared: picked.at_shared }),
  };
}
