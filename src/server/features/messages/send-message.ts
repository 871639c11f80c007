import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { lockedChatMessage } from '../../../shared/api/chat-sessions';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import {
  attachmentUrls,
  messageTypeOfMime,
  type Message,
  type sendMessageRequestSchema,
} from '../../../shared/api/messages';
import type { ChatStatus } from '../../../shared/domain';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { messages, type AttachmentMeta, type ImageSeenBefore } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { ALONE } from '../../platform/group-commit';
import type { EventLog, NewEvent, StatementGroup } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { giveChat, isLockedFor, lockAssignment, lockChat, reopenLocked } from '../chat-sessions';
import { queueImageReading } from '../image-readings';
import { responseClockSet } from '../service-metrics';
import { toMessage, type MessageRow } from './to-message';

export interface SendResult {
  message: Message;
  /** False when the client's message id had already been stored: a retry, not a new message. */
  created: boolean;
}

type SendOptions = z.output<typeof sendMessageRequestSchema> & {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  chatSessionId: number;
  attachment?: AttachmentMeta;
  /**
   * An image's fingerprint. The image is queued for reading (features/image-readings) in the
   * message's own statement; whether it repeats an earlier one is told to staff after that.
   */
  image?: { fingerprint: bigint };
  /**
   * A private note (agents only): stored as message type 'note', told to staff alone, and no
   * reply: it neither touches nor assigns the chat (no reopen, no first response).
   */
  note?: boolean;
  /** MAX_OPEN_CHATS_PER_AGENT: a reopened chat may go to round-robin. */
  cap: number;
};

/** The message as it will be stored, before the database gives it its id. */
type Draft = Omit<MessageRow, 'id' | 'createdAt' | 'imageSeenBefore'> & {
  createdAt: Date;
  imageFingerprint: bigint | null;
};

/** A message waiting for its statement (`MESSAGES`), and what its sender may do. */
export interface Queued {
  draft: Draft;
  /** Staff write as agents in the statement (in their own customer chat, see `sendLocked`). */
  staff: boolean;
  note: boolean;
  /** For a customer: may write at all (not a note, not banned). */
  writable: boolean;
  /** The event as both sides will hear of it, its message's id not known yet. */
  event: NewEvent;
}

/** What the rules below need of the chat. */
interface ChatRead {
  customer_id: string;
  agent_id: string | null;
  status: ChatStatus;
  holder_name: string | null;
}

/** The statement's answer for one message: the chat as read, and the message stored now or before. */
interface StatementRow extends ChatRead {
  /** The message's place in its statement. */
  ord: number;
  /** The chat was skipped: another transaction held it (a statement of several messages). */
  busy: boolean;
  /** The new message's id; null when nothing was inserted. */
  id: string | number | null;
  stored_id: string | number | null;
  stored_sender_id: string;
  stored_content: string;
  stored_message_type: Message['messageType'];
  stored_attachment: AttachmentMeta | null;
  stored_client_message_id: string;
  stored_image_seen_before: ImageSeenBefore | null;
  stored_created_at: Date | string;
}

/**
 * Stores a message once per client message id and publishes it to both sides. A message that
 * does not change who holds the chat (nearly all) is one statement, one round trip: it reads the
 * chat, inserts the message when the caller may write it, updates the session's times, writes
 * the event and queues an image's reading, and brings back a retry's stored message; the
 * refusals are worked out from the chat it read. Messages sent while the database is busy share
 * that statement, one per chat (`MESSAGES`, decision 043). An agent's first reply in an
 * unassigned chat (which assigns it) and a customer's message in a resolved one (which reopens
 * it) go through a transaction under the assignment lock instead.
 */
export async function sendMessage(options: SendOptions): Promise<SendResult> {
  const { events, caller, chatSessionId } = options;
  const note = options.note === true;
  const staff = isAgent(caller);
  const queued = queuedMessage(options);
  const { draft } = queued;
  const read = await events.grouped(MESSAGES, queued);
  if (!read) throw notFound();
  const byAgent = refuse(read, caller, note);
  if (read.id !== null) {
    return {
      message: toMessage({ ...draft, id: read.id }, read.customer_id, staff),
      created: true,
    };
  }
  // Stored before the statement began: a retry answers with what was stored.
  if (read.stored_id !== null) {
    return answerStored(
      {
        id: read.stored_id,
        chatSessionId,
        senderId: read.stored_sender_id,
        content: read.stored_content,
        messageType: read.stored_message_type,
        attachment: read.stored_attachment,
        clientMessageId: read.stored_client_message_id,
        imageSeenBefore: read.stored_image_seen_before,
        createdAt: read.stored_created_at,
      },
      read.customer_id,
      caller,
    );
  }
  const changesHolder =
    (byAgent && !note && read.agent_id === null) || (!byAgent && read.status === 'closed');
  if (changesHolder || byAgent !== staff) {
    const sent = await sendLocked(options, draft);
    if (sent) return { message: sent, created: true };
  }
  // Stored by a twin request that committed while this one ran.
  return answerStored(await storedMessage(options), read.customer_id, caller);
}

/** The message as its statement (`MESSAGES`) takes it. */
export function queuedMessage(options: SendOptions): Queued {
  const { caller, chatSessionId, clientMessageId } = options;
  const note = options.note === true;
  const staff = isAgent(caller);
  const draft: Draft = {
    chatSessionId,
    senderId: caller.id,
    content: options.content,
    messageType: note
      ? 'note'
      : options.attachment
        ? messageTypeOfMime(options.attachment.mime)
        : 'text',
    attachment: options.attachment ?? null,
    clientMessageId,
    imageFingerprint: options.image?.fingerprint ?? null,
    createdAt: new Date(),
  };
  return {
    draft,
    staff,
    note,
    // A customer writes no note, and a banned one nothing.
    writable: !note && caller.customerStatus !== 'banned',
    // In the statement the sender's side is known: staff are not the chat's customer there.
    event: told(draft, 0, staff ? '' : caller.id),
  };
}

/** The event of a message stored under `id`, as both sides hear of it. */
function told(draft: Draft, id: string | number, customerId: string): NewEvent {
  return {
    type: 'message.created',
    chatSessionId: draft.chatSessionId,
    message: toMessage({ ...draft, id }, customerId, false),
  };
}

/**
 * The messages' statement as a group (decision 043): messages queued while the database is busy
 * share one statement, at most one per chat, and each gets its own row back.
 */
const MESSAGES: StatementGroup<Queued, StatementRow | undefined> = {
  key: (queued) => queued.draft.chatSessionId,
  async run(items, events, alone) {
    const statement = messagesStatement(items, events, { wait: alone });
    const rows = await events.statement<StatementRow>(statement, (answer) =>
      // An event was written exactly when its message was (a retry writes neither).
      answer.flatMap((row) =>
        row.id === null ? [] : [told(items[row.ord]!.draft, row.id, row.customer_id)],
      ),
    );
    const byOrd = new Map(rows.map((row) => [row.ord, row]));
    return items.map((_, i) => {
      const row = byOrd.get(i);
      // A chat another transaction held: this message goes again alone, and waits for it there.
      if (row?.busy) return ALONE;
      // No such chat.
      return row?.customer_id == null ? undefined : row;
    });
  },
};

/**
 * The message statement, for one message or for several in different chats: the rules and writes
 * of `sendMessage`, row by row. Its plan is kept for the connection's life (decision 039), made
 * from the statistics of the last analyze (on PGlite, every 30 s: db/maintenance.ts), so it must
 * not depend on them: each lookup is a nested loop, one row per message (`offset 0` keeps the
 * planner from joining whole tables), and the retry's lookup runs only when nothing was inserted,
 * so a new message reads no table that grows with every message.
 */
export function messagesStatement(
  items: readonly Queued[],
  events: EventLog,
  /** Whether to wait for a chat another transaction holds, rather than skip it (busy). */
  options: { wait: boolean },
): SQL {
  const queue = items.map(({ draft, staff, note, writable, event }, ord) => {
    const { type: _type, ...payload } = event;
    return {
      ord,
      chat_session_id: draft.chatSessionId,
      sender_id: draft.senderId,
      content: draft.content,
      message_type: draft.messageType,
      attachment: draft.attachment,
      client_message_id: draft.clientMessageId,
      // A bigint: as text, which JSON keeps exactly.
      image_fingerprint: draft.imageFingerprint === null ? null : String(draft.imageFingerprint),
      created_at: draft.createdAt.toISOString(),
      staff,
      note,
      writable,
      payload,
    };
  });
  const byChat = queue.sort((one, other) => one.chat_session_id - other.chat_session_id);
  // What the statement may write: exactly when none of `refuse`'s answers applies and the holder
  // stays; staff write as agents here (an agent in their own customer chat is a customer there:
  // the transaction sorts that out).
  const may = sql`s.status <> 'closed' and case when s.staff
    then s.customer_id <> s.sender_id
         and not (s.status = 'active' and s.agent_id is not null and s.agent_id <> s.sender_id)
         and (s.note or s.agent_id is not null)
    else s.customer_id = s.sender_id and s.writable end`;
  return sql`
    with b as (
      select * from jsonb_to_recordset(${JSON.stringify(byChat)}::jsonb) as b(
        ord integer, chat_session_id integer, sender_id uuid, content text,
        message_type message_type, attachment jsonb, client_message_id text,
        image_fingerprint bigint, created_at timestamptz, staff boolean, note boolean,
        writable boolean, payload jsonb)
      order by chat_session_id
    ),
    s as (
      select b.*, s.customer_id, s.agent_id, s.status, s.holder_name
      -- Each chat is locked before anything is written, in the chats' order. The shared
      -- statement never waits for a chat: one that another transaction holds is skipped (busy,
      -- below) and its message goes again in a statement of its own, which waits. So no
      -- statement holds one chat while it waits for another (no circle of waits with a resolve
      -- that hands waiting chats out, or another instance's statement), and one that waits
      -- holds up only its own chat's messages.
      from b left join lateral (
        ${readChat(sql`b.chat_session_id`)} offset 0
        for no key update of s ${options.wait ? sql`` : sql`skip locked`}
      ) s on true
    ),
    m as (
      insert into messages (chat_session_id, sender_id, content, message_type, attachment,
                            client_message_id, image_fingerprint, created_at)
      select chat_session_id, sender_id, content, message_type, attachment, client_message_id,
             image_fingerprint, created_at
      from s where ${may}
      order by ord
      on conflict (chat_session_id, client_message_id) do nothing
      returning id, chat_session_id
    ),
    sm as (select s.*, m.id from s join m on m.chat_session_id = s.chat_session_id),
    touched as (
      update chat_sessions
      set updated_at = sm.created_at, last_message_at = sm.created_at,
          ${responseClockSet({ byStaff: sql`sm.staff`, at: sql`sm.created_at` })}
      from sm
      -- A note touches nothing of the chat's.
      where chat_sessions.id = any(array(select chat_session_id from sm))
        and chat_sessions.id = sm.chat_session_id and not sm.note
    ),
    r as (${queueImageReading(sql`sm.id`, sql`from sm where sm.image_fingerprint is not null`)}),
    e as (${events.insertFrom({
      type: 'message.created',
      chatSessionId: sql`sm.chat_session_id`,
      // A note reaches staff only: its event names no customer, so no customer's socket gets it.
      customerId: sql`case when sm.note then null else sm.customer_id end`,
      payload: withId(sql`sm.payload`, sql`sm.id`),
      from: sql`from sm`,
      where: sql`true`,
    })})
    select s.ord, s.customer_id, s.agent_id, s.status, s.holder_name, m.id,
           s.customer_id is null and exists (
             select from chat_sessions c where c.id = s.chat_session_id
           ) as busy,
           x.id as stored_id, x.sender_id as stored_sender_id, x.content as stored_content,
           x.message_type as stored_message_type, x.attachment as stored_attachment,
           x.client_message_id as stored_client_message_id,
           x.image_seen_before as stored_image_seen_before, x.created_at as stored_created_at
    from s left join m on m.chat_session_id = s.chat_session_id
         -- A retry's stored message, looked up only when nothing was inserted.
         left join lateral (
           select * from messages x
           where m.id is null and x.chat_session_id = s.chat_session_id
             and x.client_message_id = s.client_message_id
           offset 0
         ) x on true`;
}

/**
 * The refusals, from the chat as read: not the caller's chat, a note by a customer, a banned
 * customer, a chat locked to another agent (ADR 018) or resolved. Returns whether the caller
 * writes as an agent (staff, not in their own customer chat).
 */
function refuse(chat: ChatRead, caller: SessionUser, note: boolean): boolean {
  if (!isAgent(caller) && chat.customer_id !== caller.id) throw notFound();
  const byAgent = isAgent(caller) && chat.customer_id !== caller.id;
  if (note && !byAgent) throw new AppError('forbidden', 'Only agents write private notes');
  if (!byAgent && caller.customerStatus === 'banned')
    throw new AppError('forbidden', BANNED_MESSAGE);
  if (byAgent) {
    if (isLockedFor(chat, caller))
      throw new AppError('forbidden', lockedChatMessage(chat.holder_name));
    if (chat.status === 'closed')
      throw new AppError('conflict', 'This chat is resolved: reopen it to reply');
  }
  return byAgent;
}

function notFound(): AppError {
  return new AppError('not_found', 'Chat session not found');
}

/**
 * A message that changes who holds the chat (an agent's first reply claims it, a customer's
 * message reopens a resolved one), or an agent's in their own customer chat: in a transaction,
 * under the assignment lock, the chat's row locked and the refusals checked again on it.
 * Undefined when the client's message id was stored meanwhile.
 */
async function sendLocked(options: SendOptions, draft: Draft): Promise<Message | undefined> {
  const { events, caller, chatSessionId } = options;
  const note = options.note === true;
  return events.transaction(async (tx) => {
    await lockAssignment(tx);
    const chat = await lockChat(tx, chatSessionId);
    const byAgent = refuse(chat, caller, note);
    const [inserted] = await rows<{ id: string }>(tx, insertMessage(draft, sql``));
    if (!inserted) return undefined;
    const message = toMessage({ ...draft, id: inserted.id }, chat.customer_id, false);
    if (!note) {
      await tx.execute(
        sql`update chat_sessions
            set updated_at = ${draft.createdAt.toISOString()}::timestamptz,
                last_message_at = ${draft.createdAt.toISOString()}::timestamptz,
                ${responseClockSet({ byStaff: byAgent, at: draft.createdAt })}
            where id = ${chatSessionId}`,
      );
    }
    await events.append(
      tx,
      { type: 'message.created', chatSessionId, message },
      { customerId: note ? null : chat.customer_id },
    );
    if (options.image) await tx.execute(queueImageReading(message.id));
    if (byAgent && !note && chat.agent_id === null) {
      await giveChat(tx, events, {
        chatSessionId,
        agentId: caller.id,
        action: 'claimed',
        actorId: caller.id,
        fromAgentId: null,
        now: draft.createdAt,
      });
    } else if (!byAgent && chat.status === 'closed') {
      await reopenLocked(tx, events, chat, {
        actorId: caller.id,
        cap: options.cap,
        now: draft.createdAt,
      });
    }
    return toMessage({ ...draft, id: inserted.id }, chat.customer_id, isAgent(caller));
  });
}

/** The chat's customer, holder and state, with the holder's name for the "locked" answer. */
function readChat(chatSessionId: SQL): SQL {
  return sql`
    select s.customer_id, s.agent_id, s.status,
           nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '')
             as holder_name
    from chat_sessions s left join users a on a.id = s.agent_id
    where s.id = ${chatSessionId}`;
}

/**
 * The message's insert, once per client message id (no row back when it was stored before),
 * once per row of `from` (the statement's gate) or once.
 */
function insertMessage(draft: Draft, from: SQL): SQL {
  return sql`
    insert into messages (chat_session_id, sender_id, content, message_type, attachment,
                          client_message_id, image_fingerprint, created_at)
    select ${draft.chatSessionId}::integer, ${draft.senderId}::uuid, ${draft.content}::text,
           ${draft.messageType}::message_type,
           ${draft.attachment ? JSON.stringify(draft.attachment) : null}::jsonb,
           ${draft.clientMessageId}::text,
           ${draft.imageFingerprint === null ? null : String(draft.imageFingerprint)}::bigint,
           ${draft.createdAt.toISOString()}::timestamptz
    ${from}
    on conflict (chat_session_id, client_message_id) do nothing
    returning id`;
}

/** An id's place in the attachment links (`attachmentUrls`): the text before and after it. */
const ID_MARK = '7301946285';
const LINKS = Object.entries(attachmentUrls(Number(ID_MARK))).map(([key, url]) => {
  const [before = '', after = ''] = url.split(ID_MARK);
  return { key, before, after };
});

/** An event's payload (jsonb) with its message's id, and its attachment's links, from `id`. */
function withId(payload: SQL, id: SQL): SQL {
  const json = sql`jsonb_set(${payload}, '{message,id}', to_jsonb(${id}))`;
  let links = json;
  for (const { key, before, after } of LINKS) {
    links = sql`jsonb_set(${links}, ${`{message,attachment,${key}}`}::text[],
                          to_jsonb(${before}::text || ${id}::text || ${after}::text))`;
  }
  return sql`case when jsonb_typeof(${payload} #> '{message,attachment}') = 'object'
                  then ${links} else ${json} end`;
}

/** The message stored under the caller's client message id in this chat, if any. */
async function storedMessage(options: SendOptions): Promise<MessageRow | undefined> {
  const [existing] = await options.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatSessionId, options.chatSessionId),
        eq(messages.clientMessageId, options.clientMessageId),
      ),
    )
    .limit(1);
  return existing;
}

/** A retry's answer: the stored message, the caller's own; another sender's id is a 409. */
function answerStored(
  stored: MessageRow | undefined,
  customerId: string,
  caller: SessionUser,
): SendResult {
  if (!stored || stored.senderId !== caller.id)
    throw new AppError('conflict', 'This message id is already in use');
  return { message: toMessage(stored, customerId, isAgent(caller)), created: false };
}
