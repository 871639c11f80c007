import { sql, type SQL } from 'drizzle-orm';
import { notDemoCustomer } from '../../db/demo-customer';
import type { Transaction } from '../../../shared/api/transactions';
import { displayName } from '../../../shared/names';
import type { z } from 'zod';
import type { adminTransactionsQuerySchema } from '../../../shared/api/reports';
import type { Db } from '../../db/client';
import { encodeCursor, olderThanCursor, pageOf, type Page } from '../../platform/pagination';
import { containsPattern, iso, rows } from '../../db/raw';
import type { transactions } from '../../db/schema';
import { toTransaction } from '../transactions';

/** Every trade newest first, by status, searched by reference or customer; no demo trades. */
export async function listAdminTransactions(
  options: z.output<typeof adminTransactionsQuerySchema> & { db: Db },
): Promise<Page<Transaction & { customerName: string }>> {
  const { db, limit } = options;
  const where: SQL[] = [notDemoCustomer(sql`t.customer_id`)];
  if (options.status) where.push(sql`t.status = ${options.status}`);
  if (options.q) {
    const p = containsPattern(options.q);
    where.push(
      sql`(t.reference ilike ${p} or coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') ilike ${p} or c.email ilike ${p})`,
    );
  }
  const older = olderThanCursor(options.cursor, {
    at: sql`t.created_at`,
    id: sql`t.id`,
    idKind: 'int',
  });
  if (older) where.push(older);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select t.*, c.first_name as c_first, c.last_name as c_last, c.email as c_email
        from transactions t
        join users c on c.id = t.customer_id
        where ${sql.join(where, sql` and `)}
        order by t.created_at desc, t.id desc
        limit ${limit + 1}`,
  );
  const items = found.map((t) => ({
    ...toTransaction({
      id: Number(t.id),
      reference: String(t.reference),
      chatSessionId: Number(t.chat_session_id),
      customerId: String(t.customer_id),
      agentId: String(t.agent_id),
      kind: t.kind,
      currency: t.currency,
      amount: String(t.amount),
      rate: String(t.rate),
      total: String(t.total),
      status: t.status,
      reason: (t.reason as string | null) ?? null,
      manual: t.manual === true,
      idempotencyKey: null,
      requestHash: null,
      createdAt: new Date(iso(t.created_at)),
      updatedAt: new Date(iso(t.updated_at)),
    } as typeof transactions.$inferSelect),
    customerName: displayName({
      firstName: t.c_first as string | null,
      lastName: t.c_last as string | null,
      email: t.c_email as string | null,
    }),
  }));
  return pageOf(items, limit, (last) => encodeCursor(last.createdAt, last.id));
}
