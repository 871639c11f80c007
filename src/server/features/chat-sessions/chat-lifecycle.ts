import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  lockedChatMessage,
  type assignChatRequestSchema,
  type ChatSession,
  type transferChatRequestSchema,
} from '../../../shared/api/chat-sessions';
import type { Message } from '../../../shared/api/messages';
import type { ChatCategory, ChatStatus } from '../../../shared/domain';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { isAdmin, isAgent as isAgentUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import {
  assignWaitingChats,
  giveChat,
  lockAssignment,
  recordChange,
  type GiveChat,
} from './assign-chats';
import { getChatSession } from './get-chat-session';

/**
 * The conversation lifecycle's steps (ADR 018): assign, claim, transfer, resolve, reopen and an
 * admin's take-over. Each runs in one transaction that first takes the assignment lock (so it
 * never deadlocks with round-robin, which takes it before any chat row), then locks the chat's
 * row, checks who may act, changes it, audits it and writes its events.
 */
export interface LifecycleContext {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  id: number;
  /** MAX_OPEN_CHATS_PER_AGENT: what round-robin gives an agent at most. */
  cap: number;
  now: Date;
}

export interface LockedChat {
  id: number;
  customer_id: string;
  agent_id: string | null;
  status: ChatStatus;
  category: ChatCategory;
  holder_name: string | null;
}

/** The chat's row, locked until the transaction ends; 404 when there is none. */
export async function lockChat(tx: Db, id: number): Promise<LockedChat> {
  const [chat] = await rows<LockedChat>(
    tx,
    sql`select s.id, s.customer_id, s.agent_id, s.status, s.category,
               nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '')
                 as holder_name
        from chat_sessions s left join users a on a.id = s.agent_id
        where s.id = ${id}
        for update of s`,
  );
  if (!chat) throw new AppError('not_found', 'Chat session not found');
  return chat;
}

/**
 * Whether the chat is locked for the caller: assigned (and not resolved) to another agent.
 * Such a chat is read-only for them, admins included until they take it over.
 */
export function isLockedFor(
  chat: Pick<LockedChat, 'agent_id' | 'status'>,
  caller: SessionUser,
): boolean {
  return chat.status === 'active' && chat.agent_id !== null && chat.agent_id !== caller.id;
}

/** Refuses staff's writes (messages, order steps) in a chat locked to another agent (403). */
export function refuseIfLocked(
  chat: Pick<LockedChat, 'agent_id' | 'status' | 'holder_name'>,
  caller: SessionUser,
): void {
  if (isLockedFor(chat, caller))
    throw new AppError('forbidden', lockedChatMessage(chat.holder_name));
}

/**
 * Refuses an agent's write (an order step, a quote) in a chat locked to another agent.
 * Customers, the chat's own agent and admins pass: admins resolve disputes and supervise the
 * desk's money in any chat (ADR 018); their messages still need a take-over.
 */
export async function refuseStaffInLockedChat(options: {
  db: Db;
  caller: SessionUser;
  chatSessionId: number;
}): Promise<void> {
  const { db, caller, chatSessionId } = options;
  if (!isAgentUser(caller) || isAdmin(caller)) return;
  const [chat] = await rows<LockedChat>(
    db,
    sql`select s.id, s.customer_id, s.agent_id, s.status, s.category,
               nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '')
                 as holder_name
        from chat_sessions s left join users a on a.id = s.agent_id
        where s.id = ${chatSessionId}`,
  );
  refuseStaffInChat(chat, caller);
}

/** `refuseStaffInLockedChat` on a chat the caller read already (with its holder's name). */
export function refuseStaffInChat(
  chat: Pick<LockedChat, 'customer_id' | 'agent_id' | 'status' | 'holder_name'> | undefined,
  caller: SessionUser,
): void {
  if (!isAgentUser(caller) || isAdmin(caller)) return;
  if (chat && chat.customer_id !== caller.id) refuseIfLocked(chat, caller);
}

const RESOLVED = 'This chat is resolved: reopen it first';

/** A staff member who may hold chats: an active agent or admin. */
async function requireStaff(tx: Db, agentId: string): Promise<void> {
  const [agent] = await rows<{ id: string }>(
    tx,
    sql`select id from users where id = ${agentId}::uuid and is_active and (is_agent or is_admin)`,
  );
  if (!agent) throw new AppError('bad_request', 'No such active agent');
}

async function step(
  ctx: LifecycleContext,
  work: (tx: Db, chat: LockedChat) => Promise<void>,
): Promise<ChatSession> {
  await ctx.events.transaction(async (tx) => {
    await lockAssignment(tx);
    await work(tx, await lockChat(tx, ctx.id));
  });
  return getChatSession({ db: ctx.db, caller: ctx.caller, id: ctx.id });
}

/** Room freed for an agent: waiting chats may go to them. */
function refill(tx: Db, ctx: LifecycleContext) {
  return assignWaitingChats({ tx, events: ctx.events, cap: ctx.cap, now: ctx.now });
}

/**
 * The caller gives the chat to another active agent or admin (an assign or a transfer); the
 * agent who held it has room for a waiting chat.
 */
async function handOver(
  tx: Db,
  ctx: LifecycleContext,
  chat: LockedChat,
  to: Pick<GiveChat, 'agentId' | 'action' | 'note'>,
): Promise<void> {
  if (chat.agent_id === to.agentId)
    throw new AppError('conflict', 'The chat is already assigned to this agent');
  await requireStaff(tx, to.agentId);
  await giveChat(tx, ctx.events, {
    chatSessionId: chat.id,
    ...to,
    actorId: ctx.caller.id,
    fromAgentId: chat.agent_id,
    now: ctx.now,
  });
  if (chat.agent_id) await refill(tx, ctx);
}

/** Admin, or the agent holding the chat, gives it to an agent. */
export function assignChat(
  ctx: LifecycleContext & { input: z.output<typeof assignChatRequestSchema> },
): Promise<ChatSession> {
  const { caller, input } = ctx;
  return step(ctx, async (tx, chat) => {
    if (chat.status === 'closed') throw new AppError('conflict', RESOLVED);
    if (!isAdmin(caller) && chat.agent_id !== caller.id)
      throw new AppError(
        'forbidden',
        chat.agent_id === null
          ? 'Only an admin assigns an unassigned chat: claim it to take it'
          : lockedChatMessage(chat.holder_name),
      );
    await handOver(tx, ctx, chat, { agentId: input.agentId, action: 'assigned' });
  });
}

/** An agent takes an unassigned chat. */
export function claimChat(ctx: LifecycleContext): Promise<ChatSession> {
  return step(ctx, async (tx, chat) => {
    if (chat.status === 'closed') throw new AppError('conflict', RESOLVED);
    if (chat.agent_id === ctx.caller.id)
      throw new AppError('conflict', 'The chat is already yours');
    if (chat.agent_id !== null)
      throw new AppError(
        'conflict',
        `This chat is already assigned to ${chat.holder_name ?? 'another agent'}`,
      );
    await giveChat(tx, ctx.events, {
      chatSessionId: chat.id,
      agentId: ctx.caller.id,
      action: 'claimed',
      actorId: ctx.caller.id,
      fromAgentId: null,
      now: ctx.now,
    });
  });
}

/** The holder (or an admin) hands the chat to another agent, with a note for them. */
export function transferChat(
  ctx: LifecycleContext & { input: z.output<typeof transferChatRequestSchema> },
): Promise<ChatSession> {
  const { caller, input } = ctx;
  return step(ctx, async (tx, chat) => {
    if (chat.status === 'closed') throw new AppError('conflict', RESOLVED);
    if (chat.agent_id === null)
      throw new AppError('conflict', 'This chat is unassigned: claim or assign it instead');
    if (chat.agent_id !== caller.id && !isAdmin(caller))
      throw new AppError('forbidden', lockedChatMessage(chat.holder_name));
    await handOver(tx, ctx, chat, {
      agentId: input.agentId,
      action: 'transferred',
      note: input.note,
    });
    await writeTransferNote(tx, ctx, chat.customer_id, input.note);
  });
}

/**
 * The transfer's note, in the conversation as a private note from whoever transferred, so the
 * agent who receives the chat reads it where they work (the audit keeps it too). Staff alone
 * hear of it; it is no reply (the chat's times stay), as any private note.
 */
async function writeTransferNote(
  tx: Db,
  ctx: LifecycleContext,
  customerId: string,
  note: string,
): Promise<void> {
  const clientMessageId = randomUUID();
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into messages (chat_session_id, sender_id, content, message_type,
                              client_message_id, created_at)
        values (${ctx.id}, ${ctx.caller.id}::uuid, ${note}, 'note', ${clientMessageId},
                ${ctx.now.toISOString()}::timestamptz)
        returning id`,
  );
  const message: Message = {
    id: Number(row!.id),
    chatSessionId: ctx.id,
    senderId: ctx.caller.id,
    senderRole: ctx.caller.id === customerId ? 'customer' : 'agent',
    content: note,
    messageType: 'note',
    attachment: null,
    clientMessageId,
    createdAt: ctx.now.toISOString(),
  };
  await ctx.events.append(
    tx,
    { type: 'message.created', chatSessionId: ctx.id, message },
    { customerId: null },
  );
}

/**
 * The holder (or an admin; any agent for an unassigned chat) resolves it: archived, its agent
 * kept; the customer's next message reopens it.
 */
export function resolveChat(ctx: LifecycleContext): Promise<ChatSession> {
  const { caller } = ctx;
  return step(ctx, async (tx, chat) => {
    if (chat.status === 'closed') throw new AppError('conflict', 'This chat is already resolved');
    if (isLockedFor(chat, caller) && !isAdmin(caller))
      throw new AppError('forbidden', lockedChatMessage(chat.holder_name));
    await tx.execute(
      sql`update chat_sessions
          set status = 'closed', resolved_at = ${ctx.now.toISOString()}::timestamptz,
              -- Nobody waits on a resolved chat: the customer's next message starts a new wait.
              waiting_since = null,
              updated_at = greatest(updated_at, ${ctx.now.toISOString()}::timestamptz)
          where id = ${chat.id}`,
    );
    await recordChange(tx, ctx.events, {
      chatSessionId: chat.id,
      action: 'resolved',
      actorId: caller.id,
      fromAgentId: chat.agent_id,
      toAgentId: chat.agent_id,
      note: null,
      now: ctx.now,
    });
    if (chat.agent_id) await refill(tx, ctx);
  });
}

/**
 * Reopens a resolved chat in the caller's transaction (under the assignment lock): back to its
 * agent when they are Online, else waiting Unassigned for round-robin.
 */
export async function reopenLocked(
  tx: Db,
  events: EventLog,
  chat: LockedChat,
  options: { actorId: string | null; cap: number; now: Date },
): Promise<void> {
  const at = options.now.toISOString();
  const [online] = chat.agent_id
    ? await rows<{ agent_id: string }>(
        tx,
        sql`select a.agent_id from agent_availability a join users u on u.id = a.agent_id
            where a.agent_id = ${chat.agent_id}::uuid and a.state = 'online' and u.is_active`,
      )
    : [];
  await tx.execute(
    sql`update chat_sessions
        set status = ${online ? 'active' : 'open'}, resolved_at = null,
            agent_id = ${online ? chat.agent_id : null}::uuid,
            assigned_at = ${online ? at : null}::timestamptz,
            updated_at = greatest(updated_at, ${at}::timestamptz)
        where id = ${chat.id}`,
  );
  await recordChange(tx, events, {
    chatSessionId: chat.id,
    action: 'reopened',
    actorId: options.actorId,
    fromAgentId: chat.agent_id,
    toAgentId: online ? chat.agent_id : null,
    note: null,
    now: options.now,
  });
  if (!online)
    await assignWaitingChats({
      tx,
      events,
      cap: options.cap,
      now: options.now,
      categories: [chat.category],
    });
}

/** Any agent reopens a resolved chat. */
export function reopenChat(ctx: LifecycleContext): Promise<ChatSession> {
  return step(ctx, async (tx, chat) => {
    if (chat.status !== 'closed') throw new AppError('conflict', 'This chat is not resolved');
    await reopenLocked(tx, ctx.events, chat, {
      actorId: ctx.caller.id,
      cap: ctx.cap,
      now: ctx.now,
    });
  });
}

/** An admin takes over a chat locked to another agent; audited as a take-over. */
export function takeOverChat(ctx: LifecycleContext): Promise<ChatSession> {
  const { caller } = ctx;
  return step(ctx, async (tx, chat) => {
    if (!isLockedFor(chat, caller))
      throw new AppError(
        'conflict',
        chat.status === 'closed'
          ? RESOLVED
          : chat.agent_id === caller.id
            ? 'The chat is already yours'
            : 'This chat is unassigned: claim it instead',
      );
    await giveChat(tx, ctx.events, {
      chatSessionId: chat.id,
      agentId: caller.id,
      action: 'taken_over',
      actorId: caller.id,
      fromAgentId: chat.agent_id,
      now: ctx.now,
    });
    await refill(tx, ctx);
  });
}
