import { desc, eq } from 'drizzle-orm';
import { type DemoSession } from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import { chatSessions } from '../../db/schema';
import { demoCustomer, toDemoSession } from './demo-customer';

/** The demo customer's latest chats, for the demo's pages. */
export async function listDemoSessions({ db }: { db: Db }): Promise<DemoSession[]> {
  const customer = await demoCustomer(db);
  const rows = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.customerId, customer.id))
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(100);
  return rows
    .filter((r) => r.category === 'bitcoin' || r.category === 'usdt')
    .map((r) => toDemoSession(r, customer));
}
