import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { demoCreateSessionRequestSchema, DemoSession } from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import { chatSessions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import { loadSession } from '../chat-sessions';
import { DEMO_MAX_SESSIONS, demoCustomer, takeDemoWrite, toDemoSession } from './demo-customer';

/** A chat of the demo customer's, as the demo's own page starts one; agents see it live. */
export async function createDemoSession(
  options: z.output<typeof demoCreateSessionRequestSchema> & {
    db: Db;
    events: EventLog;
    /** The client's address, for the per-address write limit. */
    address: string;
  },
): Promise<DemoSession> {
  const { db, events } = options;
  await takeDemoWrite(db, options.address);
  const customer = await demoCustomer(db);
  const [sessions] = await db
    .select({ n: count() })
    .from(chatSessions)
    .where(eq(chatSessions.customerId, customer.id));
  if ((sessions?.n ?? 0) >= DEMO_MAX_SESSIONS) {
    throw new AppError(
      'too_many_requests',
      `The demo is full: it keeps at most ${DEMO_MAX_SESSIONS} chats.`,
    );
  }
  return events.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatSessions)
      .values({
        customerId: customer.id,
        category: options.category,
        status: options.status,
        priority: options.priority,
      })
      .returning();
    const session = await loadSession({ db: tx, id: row!.id });
    await events.append(
      tx,
      { type: 'session.created', chatSessionId: session.id, session },
      { customerId: customer.id },
    );
    return toDemoSession(row!, customer);
  });
}
