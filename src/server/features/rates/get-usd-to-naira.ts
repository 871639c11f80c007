import { eq } from 'drizzle-orm';
import { DEFAULT_USD_TO_NAIRA, dec } from '../../../shared/money';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export const USD_TO_NAIRA_KEY = 'usd_to_naira';

/** Strips trailing zeros numeric columns carry, so "1650.0000" reads "1650". */
export function plain(value: string): string {
  return dec(value).toFixed();
}

/** The USD-to-naira rate agents last saved, or the default before any save. */
export async function getUsdToNaira({ db }: { db: Db }): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, USD_TO_NAIRA_KEY)).limit(1);
  return row ? plain(row.value) : DEFAULT_USD_TO_NAIRA;
}
