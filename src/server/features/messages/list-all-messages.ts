import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { allMessagesQuerySchema, Message } from '../../../shared/api/messages';
import type { Db } from '../../db/client';
import { chatSessions, messages } from '../../db/schema';
import { encodeCursor, olderThanCursor, pageOf, type Page } from '../../platform/pagination';
import { toMessage } from './to-message';

/** The spec's GET /api/messages/all for agents (staff only): every message, newest first, paginated. */
export async function listAllMessages(
  options: z.output<typeof allMessagesQuerySchema> & { db: Db },
): Promise<Page<Message>> {
  const { db, limit } = options;
  const found = await db
    .select({ message: messages, customerId: chatSessions.customerId })
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.chatSessionId))
    .where(
      olderThanCursor(options.cursor, {
        at: sql`${messages.createdAt}`,
        id: sql`${messages.id}`,
        idKind: 'int',
      }),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  return pageOf(
    found.map((r) => toMessage(r.message, r.customerId, true)),
    limit,
    (last) => encodeCursor(last.createdAt, last.id),
  );
}
