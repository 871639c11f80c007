import { asc, eq } from 'drizzle-orm';
import { type DemoMessage } from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { demoSession } from './demo-customer';

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
