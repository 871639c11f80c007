import { sql, type SQL } from 'drizzle-orm';
import type { AdminSession, adminSessionsQuerySchema } from '../../../shared/api/reports';
import { notDemoCustomer } from '../../db/demo-customer';
import { displayName } from '../../../shared/names';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { encodeCursor, olderThanCursor, pageOf, type Page } from '../../platform/pagination';
import { containsPattern, iso, rows } from '../../db/raw';

/** Every chat newest first, by status or coin, searched by customer or id; no demo chats. */
export async function listAdminSessions(
  options: z.output<typeof adminSessionsQuerySchema> & { db: Db },
): Promise<Page<AdminSession>> {
  const { db, filter, limit } = options;
  const where: SQL[] = [notDemoCustomer(sql`s.customer_id`)];
  if (filter === 'active') where.push(sql`s.status in ('open', 'active')`);
  if (filter === 'bitcoin' || filter === 'usdt') where.push(sql`s.category = ${filter}`);
  if (options.q) {
    const p = containsPattern(options.q);
    where.push(
      sql`(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') ilike ${p} or c.email ilike ${p} or s.id::text = ${options.q})`,
    );
  }
  const older = olderThanCursor(options.cursor, {
    at: sql`s.created_at`,
    id: sql`s.id`,
    idKind: 'int',
  });
  if (older) where.push(older);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select s.id, s.category, s.status, s.created_at,
               c.id as c_id, c.first_name as c_first, c.last_name as c_last, c.email as c_email,
               a.id as a_id, a.first_name as a_first, a.last_name as a_last, a.email as a_email,
               (select count(*) from transactions t where t.chat_session_id = s.id) as transaction_count
        from chat_sessions s
        join users c on c.id = s.customer_id
        left join users a on a.id = s.agent_id
        where ${sql.join(where, sql` and `)}
        order by s.created_at desc, s.id desc
        limit ${limit + 1}`,
  );
  const name = (first: unknown, last: unknown, email: unknown) =>
    displayName({
      firstName: first as string | null,
      lastName: last as string | null,
      email: email as string | null,
    });
  const items: AdminSession[] = found.map((s) => ({
    id: Number(s.id),
    category: s.category as AdminSession['category'],
    status: s.status as AdminSession['status'],
    customer: { id: String(s.c_id), name: name(s.c_first, s.c_last, s.c_email) },
    agent: s.a_id ? { id: String(s.a_id), name: name(s.a_first, s.a_last, s.a_email) } : null,
    transactionCount: Number(s.transaction_count),
    createdAt: iso(s.created_at),
  }));
  return pageOf(items, limit, (last) => encodeCursor(last.createdAt, last.id));
}
