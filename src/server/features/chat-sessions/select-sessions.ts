import { sql, type SQL } from 'drizzle-orm';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { CustomerSummary } from '../../../shared/api/customers';
import type { Message } from '../../../shared/api/messages';
import { ORDER_STATES_WAITING_ON_ADMINS } from '../../../shared/orders/attention';
import type { OrderState } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** One row of the session listing query below. */
interface SessionRow extends Record<string, unknown> {
  id: number;
  customer_id: string;
  agent_id: string | null;
  category: ChatSession['category'];
  status: ChatSession['status'];
  priority: ChatSession['priority'];
  created_at: unknown;
  updated_at: unknown;
  last_message_at: unknown;
  assigned_at: unknown;
  resolved_at: unknown;
  waiting_since: unknown;
  c_email: string | null;
  c_first_name: string | null;
  c_last_name: string | null;
  c_profile_image_url: string | null;
  c_customer_status: CustomerSummary['customerStatus'];
  c_created_at: unknown;
  c_whatsapp_number: string | null;
  a_first_name: string | null;
  a_last_name: string | null;
  lm_id: number | string | null;
  lm_content: string | null;
  lm_message_type: Message['messageType'] | null;
  lm_sender_id: string | null;
  lm_created_at: unknown;
  ow_reference: string | null;
  ow_state: OrderState | null;
}

function toSession(row: SessionRow): ChatSession {
  return {
    id: row.id,
    customerId: row.customer_id,
    agentId: row.agent_id,
    category: row.category,
    status: row.status,
    priority: row.priority,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    lastMessageAt: isoOrNull(row.last_message_at),
    assignedAt: isoOrNull(row.assigned_at),
    resolvedAt: isoOrNull(row.resolved_at),
    waitingSince: isoOrNull(row.waiting_since),
    customer: {
      id: row.customer_id,
      email: row.c_email,
      firstName: row.c_first_name,
      lastName: row.c_last_name,
      profileImageUrl: row.c_profile_image_url,
      customerStatus: row.c_customer_status,
      createdAt: iso(row.c_created_at),
      whatsappNumber: row.c_whatsapp_number,
    },
    agent: row.agent_id
      ? { id: row.agent_id, firstName: row.a_first_name, lastName: row.a_last_name }
      : null,
    lastMessage:
      row.lm_id === null
        ? null
        : {
            id: Number(row.lm_id),
            content: row.lm_content ?? '',
            messageType: row.lm_message_type ?? 'text',
            senderId: row.lm_sender_id!,
            createdAt: iso(row.lm_created_at),
          },
    orderWaiting:
      row.ow_reference === null || row.ow_state === null
        ? null
        : { reference: row.ow_reference, state: row.ow_state },
  };
}

/**
 * Sessions with their customer, agent, latest message (the newest createdAt; never a private
 * note: the same session goes to its customer) and the order
 * waiting on the desk (one of `waiting`'s states; a chat has at most one open order), newest
 * activity first. `where` filters on `s` (session) and `c` (customer). `waiting` is the
 * viewer's (orderStatesWaitingOn); events, read for everyone, carry the admins' states.
 */
export async function selectSessions(
  db: Db,
  where: SQL,
  limit: number,
  waiting: readonly OrderState[] = ORDER_STATES_WAITING_ON_ADMINS,
): Promise<ChatSession[]> {
  const waitingStates = sql.join(
    waiting.map((state) => sql`${state}`),
    sql`, `,
  );
  // The page is chosen first (index on updated_at, id), then joined: the latest-message lookup
  // runs for the page's rows only, whatever the planner knows about the tables.
  const found = await rows<SessionRow>(
    db,
    sql`
    with page as (
      select s.*
      from chat_sessions s
      join users c on c.id = s.customer_id
      where ${where}
      order by s.updated_at desc, s.id desc
      limit ${limit}
    )
    select s.id, s.customer_id, s.agent_id, s.category, s.status, s.priority,
           s.created_at, s.updated_at, s.last_message_at, s.assigned_at, s.resolved_at,
           s.waiting_since,
           c.email as c_email, c.first_name as c_first_name, c.last_name as c_last_name,
           c.profile_image_url as c_profile_image_url, c.customer_status as c_customer_status,
           c.created_at as c_created_at, k.wa_id as c_whatsapp_number,
           a.first_name as a_first_name, a.last_name as a_last_name,
           lm.id as lm_id, lm.content as lm_content, lm.message_type as lm_message_type,
           lm.sender_id as lm_sender_id, lm.created_at as lm_created_at,
           ow.reference as ow_reference, ow.state as ow_state
    from page s
    join users c on c.id = s.customer_id
    left join whatsapp_contacts k on k.customer_id = s.customer_id
    left join users a on a.id = s.agent_id
    left join lateral (
      select m.id, m.content, m.message_type, m.sender_id, m.created_at
      from messages m
      where m.chat_session_id = s.id and m.message_type <> 'note'
      order by m.created_at desc, m.id desc
      limit 1
    ) lm on true
    left join lateral (
      select o.reference, o.state
      from orders o
      where o.chat_session_id = s.id and o.state in (${waitingStates})
      order by o.id desc
      limit 1
    ) ow on true
    order by s.updated_at desc, s.id desc
  `,
  );
  return found.map(toSession);
}
