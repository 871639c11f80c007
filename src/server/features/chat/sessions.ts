import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  chatSessionPageSchema,
  type ChatSession,
  type ChatSessionPage,
  type CHAT_LIST_FILTERS,
} from '../../../shared/api/chat-sessions';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import { chatSessions } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import type { ChangeCache } from '../../platform/change-cache';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { containsPattern, rows } from '../../db/raw';
import { decodeCursor, encodeCursor, selectSessions } from './dto';

export async function getSessionRow(db: Db, id: number) {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id)).limit(1);
  return row;
}

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
  const [session] = await selectSessions(db, where, 1);
  if (!session) throw new AppError('not_found', 'Chat session not found');
  return session;
}

export async function loadSession(db: Db, id: number): Promise<ChatSession> {
  const [session] = await selectSessions(db, sql`s.id = ${id}`, 1);
  if (!session) throw new AppError('not_found', 'Chat session not found');
  return session;
}

export interface ListChatSessionsOptions {
  db: Db;
  caller: SessionUser;
  /** Agents see every customer's sessions unless `own` asks for the caller's own. */
  scope: 'own' | 'all' | 'open';
  filter?: (typeof CHAT_LIST_FILTERS)[number];
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * The agents' first page (no search, no cursor) as the response's JSON text, when that is what
 * `options` asks for; otherwise undefined. Every agent sees the same page, so it is read and
 * written once and kept until a chat or a user changes: a crowd of agents opening the list, or
 * reconnecting at once, costs one query.
 */
export function sharedChatSessionsJson(
  options: ListChatSessionsOptions,
  cache: ChangeCache<string>,
): Promise<string> | undefined {
  if (!isAgent(options.caller) || options.scope === 'own' || options.q || options.cursor)
    return undefined;
  const key = `${options.scope}|${options.filter ?? ''}|${options.limit}`;
  return cache.get(key, async () =>
    // What the route's response schema would write (fastify-type-provider-zod encodes, then
    // stringifies).
    JSON.stringify(z.encode(chatSessionPageSchema, await listChatSessions(options))),
  );
}

export async function listChatSessions(options: ListChatSessionsOptions): Promise<ChatSessionPage> {
  const { db, caller, limit } = options;
  const conditions: SQL[] = [];
  if (options.scope === 'own' || !isAgent(caller))
    conditions.push(sql`s.customer_id = ${caller.id}`);
  // The demo customer's chats (DEMO_MODE's test pages) stay out of the real inbox.
  else conditions.push(sql`s.customer_id <> ${DEMO_CUSTOMER_ID}`);
  if (options.scope === 'open') conditions.push(sql`s.status in ('open', 'active')`);
  if (options.filter === 'unread') conditions.push(sql`s.agent_id is null`);
  if (options.filter === 'active') conditions.push(sql`s.status = 'active'`);
  if (options.q) {
    const pattern = containsPattern(options.q);
    conditions.push(
      sql`(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') ilike ${pattern} or c.email ilike ${pattern})`,
    );
  }
  if (options.cursor !== undefined) {
    const cursor = decodeCursor(options.cursor);
    if (!cursor || !/^\d+$/.test(cursor.id)) throw new AppError('bad_request', 'Invalid cursor');
    conditions.push(sql`(s.updated_at, s.id) < (${cursor.at}::timestamptz, ${Number(cursor.id)})`);
  }
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const rows = await selectSessions(db, where, limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  };
}

/** The agent dashboard's Active Chats: every open or active chat, the demo's left out. */
export async function countActiveSessions({ db }: { db: Db }): Promise<{ count: number }> {
  const [row] = await rows<{ count: string | number }>(
    db,
    sql`select count(*) as count from chat_sessions
        where status in ('open', 'active') and customer_id <> ${DEMO_CUSTOMER_ID}`,
  );
  return { count: Number(row?.count ?? 0) };
}

/** A customer opens a Bitcoin or USDT chat; agents see it appear at once. */
export async function createChatSession(options: {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  category: 'bitcoin' | 'usdt';
}): Promise<ChatSession> {
  const { events, caller, category } = options;
  if (caller.customerStatus === 'banned') throw new AppError('forbidden', BANNED_MESSAGE);
  return events.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatSessions)
      .values({ customerId: caller.id, category, status: 'open', priority: 'normal' })
      .returning({ id: chatSessions.id });
    const session = await loadSession(tx, row!.id);
    await events.append(
      tx,
      { type: 'session.created', chatSessionId: session.id, session },
      { customerId: caller.id },
    );
    return session;
  });
}
