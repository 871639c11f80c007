import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { demoSendMessageRequestSchema, DemoMessage } from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import { sendMessage } from '../messages';
import {
  DEMO_MAX_MESSAGES_PER_SESSION,
  demoCustomer,
  demoSession,
  takeDemoWrite,
} from './demo-customer';

/** The demo customer's message in a demo chat, through the one send-message use case. */
export async function sendDemoMessage(
  options: z.output<typeof demoSendMessageRequestSchema> & {
    db: Db;
    events: EventLog;
    /** The client's address, for the per-address write limit. */
    address: string;
    /** MAX_OPEN_CHATS_PER_AGENT. */
    cap: number;
  },
): Promise<DemoMessage> {
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
    cap: options.cap,
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
