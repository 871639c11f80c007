import { sql, type SQL } from 'drizzle-orm';
import type { AdminSession, AdminUser } from '../../../shared/api/reports';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import type { Transaction } from '../../../shared/api/transactions';
import { displayName } from '../../../shared/names';
import type { Db } from '../../db/client';
import { containsPattern, iso, rows } from '../../db/raw';
import type { transactions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { toTransaction } from '../transactions';

/** Newest-first keyset cursor over (created_at, id). */
function encode(at: string, id: string | number): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

function decode(cursor: string | undefined, idPattern: RegExp): { at: string; id: string } | null {
  if (cursor === undefined) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !idPattern.test(id)) {
    throw new AppError('bad_request', 'Invalid cursor');
  }
  return { at, id };
}

const UUID = /^[0-9a-f-]{36}$/;
const INT = /^\d{1,10}$/;

export async function listUsers(options: {
  db: Db;
  role: 'all' | 'agents' | 'customers';
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}): Promise<{ items: AdminUser[]; nextCursor: string | null }> {
  const { db, role, limit } = options;
  // The demo customer (DEMO_MODE's test pages) is not a real user.
  const where: SQL[] = [sql`u.id <> ${DEMO_CUSTOMER_ID}`];
  if (role === 'agents') where.push(sql`(u.is_agent or u.is_admin)`);
  if (role === 'customers') where.push(sql`not u.is_agent and not u.is_admin`);
  if (options.q) {
    const p = containsPattern(options.q);
    where.push(
      sql`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ilike ${p} or u.email ilike ${p})`,
    );
  }
  const cursor = decode(options.cursor, UUID);
  if (cursor)
    where.push(sql`(u.created_at, u.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
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
  const items = found.slice(0, limit).map((u) => ({
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
  const last = items.at(-1);
  return {
    items,
    nextCursor: found.length > limit && last ? encode(last.createdAt, last.id) : null,
  };
}

export async function listAdminSessions(options: {
  db: Db;
  filter: 'all' | 'active' | 'bitcoin' | 'usdt';
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}): Promise<{ items: AdminSession[]; nextCursor: string | null }> {
  const { db, filter, limit } = options;
  const where: SQL[] = [sql`s.customer_id <> ${DEMO_CUSTOMER_ID}`];
  if (filter === 'active') where.push(sql`s.status in ('open', 'active')`);
  if (filter === 'bitcoin' || filter === 'usdt') where.push(sql`s.category = ${filter}`);
  if (options.q) {
    const p = containsPattern(options.q);
    where.push(
      sql`(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') ilike ${p} or c.email ilike ${p} or s.id::text = ${options.q})`,
    );
  }
  const cursor = decode(options.cursor, INT);
  if (cursor)
    where.push(sql`(s.created_at, s.id) < (${cursor.at}::timestamptz, ${Number(cursor.id)})`);
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
  const items: AdminSession[] = found.slice(0, limit).map((s) => ({
    id: Number(s.id),
    category: s.category as AdminSession['category'],
    status: s.status as AdminSession['status'],
    customer: { id: String(s.c_id), name: name(s.c_first, s.c_last, s.c_email) },
    agent: s.a_id ? { id: String(s.a_id), name: name(s.a_first, s.a_last, s.a_email) } : null,
    transactionCount: Number(s.transaction_count),
    createdAt: iso(s.created_at),
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor: found.length > limit && last ? encode(last.createdAt, last.id) : null,
  };
}

export async function listAdminTransactions(options: {
  db: Db;
  status?: Transaction['status'] | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}): Promise<{ items: (Transaction & { customerName: string })[]; nextCursor: string | null }> {
  const { db, limit } = options;
  const where: SQL[] = [sql`t.customer_id <> ${DEMO_CUSTOMER_ID}`];
  if (options.status) where.push(sql`t.status = ${options.status}`);
  if (options.q) {
    const p = containsPattern(options.q);
    where.push(
      sql`(t.reference ilike ${p} or coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') ilike ${p} or c.email ilike ${p})`,
    );
  }
  const cursor = decode(options.cursor, INT);
  if (cursor)
    where.push(sql`(t.created_at, t.id) < (${cursor.at}::timestamptz, ${Number(cursor.id)})`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select t.*, c.first_name as c_first, c.last_name as c_last, c.email as c_email
        from transactions t
        join users c on c.id = t.customer_id
        where ${sql.join(where, sql` and `)}
        order by t.created_at desc, t.id desc
        limit ${limit + 1}`,
  );
  const items = found.slice(0, limit).map((t) => ({
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
  const last = items.at(-1);
  return {
    items,
    nextCursor: found.length > limit && last ? encode(last.createdAt, last.id) : null,
  };
}
