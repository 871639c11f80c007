import { sql } from 'drizzle-orm';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import { orderStatesWaitingOn } from '../../../shared/orders/attention';
import type { Db } from '../../db/client';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { selectSessions } from './select-sessions';

/**
 * The session if the caller may see it: agents see every session, a customer only their own.
 * Anyone else gets the same 404 as for a session that does not exist.
 */
export async function getChatSession(options: {
  db: Db;
  caller: SessionUser;
  id: number;
}): Promise<ChatSession> {
  const { db, caller, id } = options;
  const where = isAgent(caller)
    ? sql`s.id = ${id}`
    : sql`s.id = ${id} and s.customer_id = ${caller.id}`;
  const [session] = await selectSessions(db, where, 1, orderStatesWaitingOn(caller));
  if (!session) throw new AppError('not_found', 'Chat session not found');
  return session;
}
