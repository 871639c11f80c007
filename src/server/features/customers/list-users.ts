import { sql, type SQL } from 'drizzle-orm';
import type { AdminUser, adminUsersQuerySchema } from '../../../shared/api/customers';
import { notDemoCustomer } from '../../db/demo-customer';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { encodeCursor, olderThanCursor, pageOf, type Page } from '../../platform/pagination';
import { containsPattern, iso, rows } from '../../db/raw';

/** Users newest first, by role, searched by name or email; the demo customer left out. */
export async function listUsers(
  options: z.output<typeof adminUsersQuerySchema> & { db: Db },
): Promise<Page<AdminUser>> {
  const { db, role, limit } = options;
  // The demo customer (DEMO_MODE's test pages) is not a real user.
  const where: SQL[] = [notDemoCustomer(sql`u.id`)];
  if (role === 'agents') where.push(sql`(u.is_agent or u.is_admin)`);
  if (role === 'customers') where.push(sql`not u.is_agent and not u.is_admin`);
  if (options.q) {
    const p = containsPattern(options.q);
    where.push(
      sql`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ilike ${p} or u.email ilike ${p})`,
    );
  }
  const older = olderThanCursor(options.cursor, {
    at: sql`u.created_at`,
    id: sql`u.id`,
    idKind: 'uuid',
  });
  if (older) where.push(older);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select u.*,
          (select count(*) from chat_sessions s where s.customer_id = u.id or s.agent_id = u.id) as session_count,
          (select count(*) from transactions t where t.customer_id = u.id or t.agent_id = u.id) as transaction_count
        from users u
        where ${sql.join(where, sql` and `)}
        order by u.created_at desc, u.id desc
        limit ${limit + 1}`,
  );
  const items = found.map((u) => ({
    id: String(u.id),
    email: (u.email as string | null) ?? null,
    firstName: (u.first_name as string | null) ?? null,
    lastName: (u.last_name as string | null) ?? null,
    profileImageUrl: (u.profile_image_url as string | null) ?? null,
    customerStatus: u.customer_status as AdminUser['customerStatus'],
    isAgent: Boolean(u.is_agent) || Boolean(u.is_admin),
    isAdmin: Boolean(u.is_admin),
    isActive: Boolean(u.is_active),
    sessionCount: Number(u.session_count),
    transactionCount: Number(u.transaction_count),
    createdAt: iso(u.created_at),
  }));
  return pageOf(items, limit, (last) => encodeCursor(last.createdAt, last.id));
}
