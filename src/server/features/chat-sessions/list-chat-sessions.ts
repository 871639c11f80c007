import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  chatSessionPageSchema,
  type ChatListFilter,
  type ChatSessionPage,
  type chatSessionListQuerySchema,
} from '../../../shared/api/chat-sessions';
import { notDemoCustomer } from '../../db/demo-customer';
import { orderStatesWaitingOn } from '../../../shared/orders/attention';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/raw';
import { isAgent } from '../../platform/auth';
import type { ChangeCache } from '../../platform/change-cache';
import { encodeCursor, olderThanCursor, pageOf } from '../../platform/pagination';
import type { SessionUser } from '../../platform/sessions';
import { selectSessions } from './select-sessions';

export type ListChatSessionsOptions = Partial<z.output<typeof chatSessionListQuerySchema>> & {
  db: Db;
  caller: SessionUser;
  /** Agents see every customer's sessions unless `own` asks for the caller's own. */
  scope: 'own' | 'all' | 'open';
  limit: number;
};

/**
 * The agents' first page (no search, no cursor) as the response's JSON text, when that is what
 * `options` asks for; otherwise undefined. Every agent sees the same page, so it is read and
 * written once and kept until a chat, an order or a user changes: a crowd of agents opening
 * the list, or reconnecting at once, costs one query. Admins' page is kept apart: a disputed
 * order waits on them, not on agents.
 */
export function sharedChatSessionsJson(
  options: ListChatSessionsOptions & { cache: ChangeCache<string> },
): Promise<string> | undefined {
  if (
    !isAgent(options.caller) ||
    options.scope === 'own' ||
    options.q ||
    options.cursor ||
    options.customerId
  )
    return undefined;
  // Mine and Locked depend on who asks: not the same page for every agent.
  if (options.filter === 'mine' || options.filter === 'locked') return undefined;
  const viewer = options.caller.isAdmin ? 'admin' : 'agent';
  const key = `${viewer}|${options.scope}|${options.filter ?? ''}|${options.limit}`;
  return options.cache.get(key, async () =>
    // What the route's response schema would write (fastify-type-provider-zod encodes, then
    // stringifies).
    JSON.stringify(z.encode(chatSessionPageSchema, await listChatSessions(options))),
  );
}

/**
 * A filter's condition (ADR 018). Each names the status its partial index is built on, so the
 * page is read newest first from that index: never a scan of every chat.
 */
export function listFilterCondition(filter: ChatListFilter, caller: SessionUser): SQL | null {
  switch (filter) {
    case 'all':
      return null;
    case 'unread':
    case 'unassigned':
      return sql`s.status = 'open'`;
    case 'active':
      return sql`s.status = 'active'`;
    case 'mine':
      return sql`s.status = 'active' and s.agent_id = ${caller.id}::uuid`;
    case 'locked':
      return sql`s.status = 'active' and s.agent_id <> ${caller.id}::uuid`;
    case 'archived':
      return sql`s.status = 'closed'`;
  }
}

export async function listChatSessions(options: ListChatSessionsOptions): Promise<ChatSessionPage> {
  const { db, caller, limit } = options;
  const conditions: SQL[] = [];
  if (options.scope === 'own' || !isAgent(caller))
    conditions.push(sql`s.customer_id = ${caller.id}`);
  // The demo customer's chats (DEMO_MODE's test pages) stay out of the real inbox.
  else conditions.push(notDemoCustomer(sql`s.customer_id`));
  if (options.customerId) conditions.push(sql`s.customer_id = ${options.customerId}`);
  if (options.scope === 'open') conditions.push(sql`s.status in ('open', 'active')`);
  const filter = listFilterCondition(options.filter ?? 'all', caller);
  if (filter) conditions.push(filter);
  if (options.q) {
    const pattern = containsPattern(options.q);
    // A WhatsApp number as people type it ("+234 803 111 2222", "0803 111 2222"): its digits,
    // without a local leading 0, within the stored international form.
    const digits = options.q.replace(/\D/g, '').replace(/^0/, '');
    const byNumber =
      digits.length >= 4
        ? sql`or s.customer_id in (select k.customer_id from whatsapp_contacts k
                                   where k.wa_id like ${containsPattern(digits)})`
        : sql``;
    conditions.push(
      sql`(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') ilike ${pattern}
           or c.email ilike ${pattern}
           or s.id in (select o.chat_session_id from orders o where o.reference ilike ${pattern})
           ${byNumber})`,
    );
  }
  const older = olderThanCursor(options.cursor, {
    at: sql`s.updated_at`,
    id: sql`s.id`,
    idKind: 'int',
  });
  if (older) conditions.push(older);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const waiting = orderStatesWaitingOn(caller);
  return pageOf(await selectSessions(db, where, limit + 1, waiting), limit, (last) =>
    encodeCursor(last.updatedAt, last.id),
  );
}
