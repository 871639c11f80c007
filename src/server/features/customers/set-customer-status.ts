import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerSummary, customerStatusRequestSchema } from '../../../shared/api/customers';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
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

/**
 * An agent marks a customer Active, Paid, Dispute, Hold or Banned; audited and pushed live.
 * Open sockets and cached sessions hear of it at once (`userChanged`).
 */
export async function setCustomerStatus(
  options: z.output<typeof customerStatusRequestSchema> & {
    db: Db;
    events: EventLog;
    bus: EventBus;
    actor: SessionUser;
    customerId: string;
  },
): Promise<CustomerSummary> {
  const { events, bus, actor, customerId, status } = options;
  const { customer, user } = await events.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, customerId)).limit(1);
    if (!before) throw new AppError('not_found', 'Customer not found');
    // A staff account has no customer status: "banned" on an agent would mean nothing and
    // would let one agent mark another.
    if (before.isAgent || before.isAdmin) {
      throw new AppError('forbidden', 'Only customer accounts have a customer status');
    }
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
  bus.emit('userChanged', user);
  return customer;
}
