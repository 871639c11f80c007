import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Message, messageListQuerySchema } from '../../../shared/api/messages';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { pageOf, type Page } from '../../platform/pagination';
import type { SessionUser } from '../../platform/sessions';
import { isAgent } from '../../platform/auth';
import { sessionForParticipant } from '../chat-sessions';
import { toMessage } from './to-message';

/**
 * One chat's messages after a message id, oldest first: its customer's or any agent's. The
 * customer never gets the agents' private notes.
 */
export async function listMessages(
  options: z.output<typeof messageListQuerySchema> & {
    db: Db;
    caller: SessionUser;
    chatSessionId: number;
  },
): Promise<Page<Message>> {
  const { db, caller, chatSessionId, after, limit } = options;
  const session = await sessionForParticipant({ db, caller, chatSessionId });
  const found = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatSessionId, chatSessionId),
        gt(messages.id, after),
        // Private notes are staff's alone.
        isAgent(caller) ? undefined : ne(messages.messageType, 'note'),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit + 1);
  return pageOf(
    found.map((r) => toMessage(r, session.customerId, isAgent(caller))),
    limit,
    (last) => String(last.id),
  );
}
