import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { DEMO_CUSTOMER_ID, type DemoMessage, type DemoSession } from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import { chatSessions, messages, users } from '../../db/schema';
import { takeAttempt } from '../../platform/attempts';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { loadSession } from '../chat-sessions';
import { sendMessage } from '../messages';

/**
 * Anyone may write through the demo's public calls, so the demo keeps to a size: this many chats
 * in all, this many messages in each (the demo's own page shows at most 500), and each address
 * gets MAX_FAILED_ATTEMPTS['demo-write'] writes per 15 minutes.
 */
export const DEMO_MAX_SESSIONS = 1000;
export const DEMO_MAX_MESSAGES_PER_SESSION = 500;
const DEMO_WRITES_LIMITED = 'Too many demo messages from your address. Please wait 15 minutes.';

async function takeDemoWrite(db: Db, address: string): Promise<void> {
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

function toDemoSession(row: typeof chatSessions.$inferSelect, customer: SessionUser): DemoSession {
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

export async function createDemoSession(options: {
  db: Db;
  events: EventLog;
  category: 'bitcoin' | 'usdt';
  status: DemoSession['status'];
  priority: DemoSession['priority'];
  /** The client's address, for the per-address write limit. */
  address: string;
}): Promise<DemoSession> {
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
    const session = await loadSession(tx, row!.id);
    await events.append(
      tx,
      { type: 'session.created', chatSessionId: session.id, session },
      { customerId: customer.id },
    );
    return toDemoSession(row!, customer);
  });
}

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

async function demoSession(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, id), eq(chatSessions.customerId, DEMO_CUSTOMER_ID)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Demo chat session not found');
  return row;
}

/** A demo session's messages; sessions of real customers are never reachable here. */
export async function listDemoMessages({
  db,
  chatSessionId,
}: {
  db: Db;
  chatSessionId: number;
}): Promise<DemoMessage[]> {
  await demoSession(db, chatSessionId);
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.chatSessionId, chatSessionId))
    .orderBy(asc(messages.id))
    .limit(500);
  return rows
    .filter((m) => m.messageType === 'text')
    .map((m) => ({
      id: m.id,
      chatSessionId: m.chatSessionId,
      senderId: m.senderId,
      content: m.content,
      messageType: 'text' as const,
      createdAt: m.createdAt.toISOString(),
    }));
}

export async function sendDemoMessage(options: {
  db: Db;
  events: EventLog;
  chatSessionId: number;
  content: string;
  /** The client's address, for the per-address write limit. */
  address: string;
}): Promise<DemoMessage> {
  const { db, events, chatSessionId, content } = options;
  await demoSession(db, chatSessionId);
  await takeDemoWrite(db, options.address);
  const [sent] = await db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.chatSessionId, chatSessionId));
  if ((sent?.n ?? 0) >= DEMO_MAX_MESSAGES_PER_SESSION) {
    throw new AppError(
      'too_many_requests',
      `This demo chat is full: it keeps at most ${DEMO_MAX_MESSAGES_PER_SESSION} messages. Start another.`,
    );
  }
  const customer = await demoCustomer(db);
  const { message } = await sendMessage({
    db,
    events,
    caller: customer,
    chatSessionId,
    clientMessageId: randomUUID(),
    content,
  });
  return {
    id: message.id,
    chatSessionId,
    senderId: message.senderId,
    content: message.content,
    messageType: 'text',
    createdAt: message.createdAt,
  };
}
