import { eq } from 'drizzle-orm';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import type { Db } from '../../db/client';
import { chainTips } from '../../db/schema';

/** A network's latest block as the watcher last read it (decision 030). */
export interface ChainTip {
  height: number;
  /** The block's time (TRON); null for BTC. */
  blockTime: Date | null;
}

/** Keeps the tip the watcher just read for `network`, for the next orders to record. */
export async function recordChainTip(
  db: Db,
  network: DepositNetwork,
  tip: ChainTip,
  now: Date,
): Promise<void> {
  const values = { height: tip.height, blockTime: tip.blockTime, readAt: now };
  await db
    .insert(chainTips)
    .values({ network, ...values })
    .onConflictDoUpdate({ target: chainTips.network, set: values });
}

/** The tip the watcher last read for `network`; null before its first read. */
export async function latestChainTip(db: Db, network: DepositNetwork): Promise<ChainTip | null> {
  const [row] = await db
    .select({ height: chainTips.height, blockTime: chainTips.blockTime })
    .from(chainTips)
    .where(eq(chainTips.network, network))
    .limit(1);
  return row ?? null;
}
