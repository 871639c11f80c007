import { eq } from 'drizzle-orm';
import { DEFAULT_USD_TO_NAIRA } from '../../../shared/money';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export const USD_TO_NAIRA_KEY = 'usd_to_naira';

/** The managed USD-to-naira rate, or the spec's 1650 when none has been set. */
export async function getUsdToNaira({ db }: { db: Db }): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, USD_TO_NAIRA_KEY)).limit(1);
  return row?.value ?? DEFAULT_USD_TO_NAIRA;
}
