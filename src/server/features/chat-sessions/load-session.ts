import { eq, sql } from 'drizzle-orm';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { Db } from '../../db/client';
import { chatSessions } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { selectSessions } from './select-sessions';

/** The session as the API shows it, whoever asks: for events and for other use cases. */
export async function loadSession(options: { db: Db; id: number }): Promise<ChatSession> {
  const { db, id } = options;
  const [session] = await selectSessions(db, sql`s.id = ${id}`, 1);
  if (!session) throw new AppError('not_found', 'Chat session not found');
  return session;
}

/** The session's row, if the caller may take part in it: its customer, or any agent. */
export async function sessionForParticipant(options: {
  db: Db;
  caller: SessionUser;
  chatSessionId: number;
}) {
  const { db, caller, chatSessionId } = options;
  const [session] = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.id, chatSessionId))
    .limit(1);
  if (!session || (!isAgent(caller) && session.customerId !== caller.id)) {
    throw new AppError('not_found', 'Chat session not found');
  }
  return session;
}
