import type { z } from 'zod';
import type {
  ChatSession,
  createChatSessionRequestSchema,
} from '../../../shared/api/chat-sessions';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import type { Db } from '../../db/client';
import { chatSessions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { assignWaitingChats } from './assign-chats';
import { loadSession } from './load-session';

/**
 * A customer opens a Bitcoin or USDT chat; agents see it appear at once, and round-robin gives
 * it to an Online agent of its desk when one has room (ADR 016).
 */
export async function createChatSession(
  options: z.output<typeof createChatSessionRequestSchema> & {
    db: Db;
    events: EventLog;
    caller: SessionUser;
    /** MAX_OPEN_CHATS_PER_AGENT. */
    cap: number;
    now: Date;
  },
): Promise<ChatSession> {
  const { events, caller, category } = options;
  if (caller.customerStatus === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
  return events.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatSessions)
      .values({ customerId: caller.id, category, status: 'open', priority: 'normal' })
      .returning({ id: chatSessions.id });
    const session = await loadSession({ db: tx, id: row!.id });
    await events.append(
      tx,
      { type: 'session.created', chatSessionId: session.id, session },
      { customerId: caller.id },
    );
    // Round-robin: to an Online agent of its desk with room, or it waits Unassigned.
    const assigned = await assignWaitingChats({
      tx,
      events,
      cap: options.cap,
      now: options.now,
      categories: [category],
    });
    return assigned > 0 ? loadSession({ db: tx, id: session.id }) : session;
  });
}
