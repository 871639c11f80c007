import { and, eq } from 'drizzle-orm';
import { DEMO_CUSTOMER_ID, type DemoSession } from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import { chatSessions, users } from '../../db/schema';
import { takeAttempt } from '../../platform/attempts';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

/**
 * Anyone may write through the demo's public calls, so the demo keeps to a size: this many chats
 * in all, this many messages in each (the demo's own page shows at most 500), and each address
 * gets MAX_FAILED_ATTEMPTS['demo-write'] writes per 15 minutes.
 */
export const DEMO_MAX_SESSIONS = 1000;
export const DEMO_MAX_MESSAGES_PER_SESSION = 500;
const DEMO_WRITES_LIMITED = 'Too many demo messages from your address. Please wait 15 minutes.';

export async function takeDemoWrite(db: Db, address: string): Promise<void> {
  await takeAttempt(db, [{ scope: 'demo-write', key: address }], DEMO_WRITES_LIMITED);
}

/** The demo's fixed test customer, made on first use. */
export async function demoCustomer(db: Db): Promise<SessionUser> {
  await db
    .insert(users)
    .values({
      id: DEMO_CUSTOMER_ID,
      firstName: 'Test',
      lastName: 'Customer',
      email: 'test.customer@demo.invalid',
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(users).where(eq(users.id, DEMO_CUSTOMER_ID)).limit(1);
  return row!;
}

export function toDemoSession(
  row: typeof chatSessions.$inferSelect,
  customer: SessionUser,
): DemoSession {
  if (row.category !== 'bitcoin' && row.category !== 'usdt') throw new Error('not a demo category');
  return {
    id: row.id,
    customerId: row.customerId,
    agentId: row.agentId,
    category: row.category,
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customer: {
      id: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      customerStatus: customer.customerStatus,
    },
  };
}

export async function demoSession(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, id), eq(chatSessions.customerId, DEMO_CUSTOMER_ID)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Demo chat session not found');
  return row;
}
