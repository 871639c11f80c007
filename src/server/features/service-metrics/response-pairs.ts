import { sql, type SQL } from 'drizzle-orm';
import { notDemoCustomer } from '../../db/demo-customer';

/**
 * Whether the message `m` (an alias of messages) can be a reply a person wrote: not a private
 * note (staff only), and not an order's payout-proof image (the bank's receipt attached with
 * the payout step, not an answer to the customer). Response times count only these.
 */
export function countsAsReplySql(m: SQL): SQL {
  return sql`${m}.message_type::text <> 'note'
    and not exists (select 1 from orders o where o.payout_proof_message_id = ${m}.id)`;
}

/**
 * Every response in the chats `chats` selects (a query of `id`s), from the messages' own
 * timestamps. The chat's messages, private notes and payout proofs left out, are split into turns by the staff
 * messages: a turn is the customer messages since the previous staff message and the staff
 * message that ends them. A turn with customer messages and its staff message is one response:
 * the wait runs from its first customer message (`waited_from`) to that staff message
 * (`replied_at`, sent by `replied_by`). `ordinal` 1 is the chat's first response; the rest are
 * its next responses. A last turn with customer messages and no staff message yet is the wait
 * still running (`replied_at` null).
 */
export function responseTurnsSql(chats: SQL): SQL {
  return sql`
    select chat_session_id, waited_from, replied_at, replied_by,
           row_number() over (partition by chat_session_id order by turn) as ordinal
    from (
      select chat_session_id, turn,
             min(created_at) filter (where from_customer) as waited_from,
             min(created_at) filter (where not from_customer) as replied_at,
             (array_agg(sender_id order by created_at, id) filter (where not from_customer))[1]
               as replied_by
      from (
        select m.chat_session_id, m.id, m.created_at, m.sender_id,
               m.sender_id = s.customer_id as from_customer,
               count(*) filter (where m.sender_id <> s.customer_id) over (
                 partition by m.chat_session_id order by m.created_at, m.id
                 rows between unbounded preceding and 1 preceding
               ) as turn
        from chat_sessions s
        join messages m on m.chat_session_id = s.id
        where s.id in (${chats}) and ${countsAsReplySql(sql`m`)}
      ) numbered
      group by chat_session_id, turn
    ) turns
    where waited_from is not null`;
}

/**
 * The chats resolved within `within` (a condition on `a.created_at`), once per chat and agent:
 * the lifecycle's `chat.resolved` audit entries, which stay when a chat reopens (its
 * `resolved_at` does not). The agent is the one holding the chat when it was resolved, or the
 * one who resolved it when nobody held it. The demo customer's chats are left out.
 */
export function resolutionsSql(within: SQL): SQL {
  return sql`
    select distinct s.id as chat_session_id,
           coalesce(a.after ->> 'agentId', a.actor_id::text)::uuid as agent_id
    from audit_log a
    join chat_sessions s on s.id = a.entity_id::int
    where a.action = 'chat.resolved' and a.entity_type = 'chat_session' and ${within}
      and ${notDemoCustomer(sql`s.customer_id`)}`;
}

/** Whole seconds from `from` to `to` (timestamptz expressions). */
export function secondsBetween(from: SQL, to: SQL): SQL {
  return sql`round(extract(epoch from (${to} - ${from})))::int`;
}
