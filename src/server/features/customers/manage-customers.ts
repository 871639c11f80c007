import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CustomerSummary } from '../../../shared/api/chat';
import type { CustomerStatus } from '../../../shared/domain';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';

function toCustomer(row: SessionUser): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    customerStatus: row.customerStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

function pattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Customers (users who are not agents), newest first, with a name or email search. */
export async function listCustomers(options: {
  db: Db;
  q: string | undefined;
  cursor: string | undefined;
  limit: number;
}): Promise<{ items: CustomerSummary[]; nextCursor: string | null }> {
  const { db, q, limit } = options;
  const conditions: (SQL | undefined)[] = [eq(users.isAgent, false), eq(users.isAdmin, false)];
  if (q) {
    const p = pattern(q);
    conditions.push(
      sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${p} or ${users.email} ilike ${p})`,
    );
  }
  if (options.cursor !== undefined) {
    const [at, id] = Buffer.from(options.cursor, 'base64url').toString('utf8').split('|');
    if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) {
      throw new AppError('bad_request', 'Invalid cursor');
    }
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toCustomer);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(`${last.createdAt}|${last.id}`).toString('base64url')
        : null,
  };
}

/** An agent marks a customer Active, Paid, Dispute, Hold or Banned; audited and pushed live. */
export async function setCustomerStatus(options: {
  db: Db;
  events: EventLog;
  actor: SessionUser;
  customerId: string;
  status: CustomerStatus;
}): Promise<{ customer: CustomerSummary; user: SessionUser }> {
  const { events, actor, customerId, status } = options;
  return events.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, customerId)).limit(1);
    if (!before) throw new AppError('not_found', 'Customer not found');
    const [row] = await tx
      .update(users)
      .set({ customerStatus: status, updatedAt: sql`now()` })
      .where(eq(users.id, customerId))
      .returning();
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'customer.status',
      entityType: 'user',
      entityId: customerId,
      before: { customerStatus: before.customerStatus },
      after: { customerStatus: status },
    });
    const customer = toCustomer(row!);
    await events.append(tx, { type: 'customer.updated', customer }, { customerId });
    return { customer, user: row! };
  });
}
