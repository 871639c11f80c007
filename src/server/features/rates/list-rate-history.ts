import { desc, eq, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { rateHistoryEntrySchema, rateHistoryQuerySchema } from '../../../shared/api/rates';
import { dec } from '../../../shared/money';
import { displayName } from '../../../shared/names';
import type { Db } from '../../db/client';
import { exchangeRateHistory, users } from '../../db/schema';
import { pageOf, type Page } from '../../platform/pagination';
import { plain } from './get-usd-to-naira';

/** Every saved rate, newest first, with who saved it. */
export async function listRateHistory(
  options: z.output<typeof rateHistoryQuerySchema> & { db: Db },
): Promise<Page<z.output<typeof rateHistoryEntrySchema>>> {
  const { db, cursor, limit } = options;
  const found = await db
    .select({
      h: exchangeRateHistory,
      u: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(exchangeRateHistory)
    .leftJoin(users, eq(users.id, exchangeRateHistory.changedBy))
    .where(cursor ? lt(exchangeRateHistory.id, cursor) : undefined)
    .orderBy(desc(exchangeRateHistory.id))
    .limit(limit + 1);
  const items = found.map(({ h, u }) => ({
    id: h.id,
    currency: h.currency,
    buyRateUsd: plain(h.buyRateUsd),
    sellRateUsd: plain(h.sellRateUsd),
    buyRateNaira: dec(h.buyRateNaira).toFixed(2),
    sellRateNaira: dec(h.sellRateNaira).toFixed(2),
    spreadPercentage: plain(h.spreadPercentage),
    usdToNaira: plain(h.usdToNaira),
    changedAt: h.changedAt.toISOString(),
    changedBy: u?.id ? { id: u.id, name: displayName(u) } : null,
  }));
  return pageOf(items, limit, (last) => String(last.id));
}
