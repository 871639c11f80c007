import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChatSession, ChatSessionPage } from '../../../../shared/api/chat-sessions';
import type { CustomerSummary } from '../../../../shared/api/customers';
import type { Message } from '../../../../shared/api/messages';
import type { Order } from '../../../../shared/api/orders';
import { ORDER_STATES_WAITING_ON_ADMINS } from '../../../../shared/orders/attention';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import { chatSessionKeys } from '../api/keys';
import { AGENT_SESSIONS_KEY, type ChatListFilter } from '../api/list-chat-sessions';

export type SessionPages = InfiniteData<ChatSessionPage, string | undefined>;

/** Which sessions a cached list holds, as the server chose them (so live changes agree). */
export type SessionPredicate = (session: ChatSession) => boolean;

/**
 * The server's list filter (ADR 018): unread and unassigned = waiting (open), active = assigned,
 * mine = assigned to `me`, locked = assigned to another, archived = resolved; q in name or email.
 */
export function listPredicate(
  filter: ChatListFilter,
  q: string,
  me: string | null = null,
): SessionPredicate {
  const needle = q.trim().toLowerCase();
  return (session) => {
    const assigned = session.status === 'active';
    if ((filter === 'unread' || filter === 'unassigned') && session.status !== 'open') return false;
    if (filter === 'active' && !assigned) return false;
    if (filter === 'mine' && !(assigned && session.agentId === me)) return false;
    if (filter === 'locked' && !(assigned && session.agentId !== me)) return false;
    if (filter === 'archived' && session.status !== 'closed') return false;
    if (!needle) return true;
    const { firstName, lastName, email } = session.customer;
    const name = `${firstName ?? ''} ${lastName ?? ''}`.toLowerCase();
    return name.includes(needle) || (email ?? '').toLowerCase().includes(needle);
  };
}

/** `/api/chat-sessions/active`: open or active sessions. */
export const isOpenSession: SessionPredicate = (s) => s.status === 'open' || s.status === 'active';

/** The predicate for a cached list, from its query key. */
export function predicateForKey(key: QueryKey): SessionPredicate | null {
  if (key[0] !== AGENT_SESSIONS_KEY) return null;
  if (key[1] === 'active') return isOpenSession;
  if (key[1] === 'list')
    return listPredicate(
      key[2] as ChatListFilter,
      String(key[3] ?? ''),
      typeof key[4] === 'string' ? key[4] : null,
    );
  return null;
}

export function findSession(data: SessionPages, id: number): ChatSession | undefined {
  for (const page of data.pages) {
    const found = page.items.find((s) => s.id === id);
    if (found) return found;
  }
  return undefined;
}

function withoutSession(data: SessionPages, id: number): SessionPages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((s) => s.id === id)
        ? { ...page, items: page.items.filter((s) => s.id !== id) }
        : page,
    ),
  };
}

/** The session first (the list is newest first), or out of the list if it no longer belongs. */
export function moveToTop(
  data: SessionPages,
  session: ChatSession,
  belongs: SessionPredicate,
): SessionPages {
  const rest = withoutSession(data, session.id);
  if (!belongs(session) || rest.pages.length === 0) return rest;
  const [first, ...others] = rest.pages;
  return { ...rest, pages: [{ ...first!, items: [session, ...first!.items] }, ...others] };
}

/** The session's new state where it is; a session new to this list goes first. */
export function replaceSession(
  data: SessionPages,
  session: ChatSession,
  belongs: SessionPredicate,
): SessionPages {
  if (!findSession(data, session.id)) return moveToTop(data, session, belongs);
  if (!belongs(session)) return withoutSession(data, session.id);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((s) => (s.id === session.id ? session : s)),
    })),
  };
}

/**
 * A new message: its session now has this preview and time, and moves to the top. The
 * customer's message starts a wait unless one runs; staff's ends it, a private note does not
 * (as the server keeps it).
 */
export function withMessage(session: ChatSession, message: Message): ChatSession {
  if (session.lastMessage && session.lastMessage.id >= message.id) return session;
  const fromCustomer = message.senderId === session.customerId;
  return {
    ...session,
    updatedAt: message.createdAt,
    lastMessageAt: message.createdAt,
    waitingSince:
      message.messageType === 'note'
        ? session.waitingSince
        : fromCustomer
          ? (session.waitingSince ?? message.createdAt)
          : null,
    lastMessage: {
      id: message.id,
      content: message.content,
      messageType: message.messageType,
      senderId: message.senderId,
      createdAt: message.createdAt,
    },
  };
}

export function updateCustomer(data: SessionPages, customer: CustomerSummary): SessionPages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((s) => s.customerId === customer.id)
        ? {
            ...page,
            items: page.items.map((s) => (s.customerId === customer.id ? { ...s, customer } : s)),
          }
        : page,
    ),
  };
}

const WAITING: ReadonlySet<string> = new Set(ORDER_STATES_WAITING_ON_ADMINS);

/**
 * An order's step on its chat's row: the order waits on the desk now (the admins' states, as
 * session events carry them; the row leaves out what is not the viewer's), or no longer does.
 */
export function withOrderStep(session: ChatSession, order: Order): ChatSession {
  if (WAITING.has(order.state)) {
    const waiting = session.orderWaiting;
    if (waiting?.reference === order.reference && waiting.state === order.state) return session;
    return { ...session, orderWaiting: { reference: order.reference, state: order.state } };
  }
  if (session.orderWaiting?.reference !== order.reference) return session;
  return { ...session, orderWaiting: null };
}

/** Each list's row of the order's chat, with the order's step; the rows keep their places. */
function updateOrderWaiting(data: SessionPages, order: Order): SessionPages {
  const session = findSession(data, order.chatSessionId);
  if (!session) return data;
  const updated = withOrderStep(session, order);
  if (updated === session) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((s) => (s.id === session.id ? updated : s)),
    })),
  };
}

/**
 * One realtime event applied to one cached list. `missing` names a session that got a message
 * but is not in the list: the caller fetches it and puts it in with `moveToTop`.
 */
export function applyEvent(
  data: SessionPages,
  event: RealtimeEvent,
  belongs: SessionPredicate,
): { data: SessionPages; missing?: number } {
  switch (event.type) {
    case 'session.created':
      return { data: moveToTop(data, event.session, belongs) };
    case 'session.updated':
      return { data: replaceSession(data, event.session, belongs) };
    case 'customer.updated':
      return { data: updateCustomer(data, event.customer) };
    case 'message.created': {
      const session = findSession(data, event.chatSessionId);
      if (!session) return { data, missing: event.chatSessionId };
      return { data: moveToTop(data, withMessage(session, event.message), belongs) };
    }
    case 'order.created':
    case 'order.updated':
      return { data: updateOrderWaiting(data, event.order) };
    default:
      // Events about other things (transactions, ...) leave the lists as they are.
      return { data };
  }
}

function cachedLists(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: [AGENT_SESSIONS_KEY] })
    .flatMap((query) => {
      const belongs = predicateForKey(query.queryKey);
      const data = query.state.data as SessionPages | undefined;
      return belongs && data ? [{ key: query.queryKey, data, belongs }] : [];
    });
}

/**
 * Applies a realtime event to every cached agent list. A message for a session that no list
 * holds yet returns that session's id: the caller fetches it and calls `putSessionFirstInCaches`.
 */
export function applyEventToCaches(
  queryClient: QueryClient,
  event: RealtimeEvent,
): number | undefined {
  const lists = cachedLists(queryClient);
  if (event.type === 'message.created') {
    // Any list that holds the session knows enough to place it in every other list.
    const known = lists
      .map((list) => findSession(list.data, event.chatSessionId))
      .find((s) => s !== undefined);
    if (!known) return lists.length > 0 ? event.chatSessionId : undefined;
    putSessionFirstInCaches(queryClient, withMessage(known, event.message));
    return undefined;
  }
  for (const list of lists) {
    queryClient.setQueryData(list.key, applyEvent(list.data, event, list.belongs).data);
  }
  return undefined;
}

/** A session's new state (a lifecycle step's answer) where it is in every cached list. */
export function replaceSessionInCaches(queryClient: QueryClient, session: ChatSession): void {
  for (const list of cachedLists(queryClient)) {
    queryClient.setQueryData(list.key, replaceSession(list.data, session, list.belongs));
  }
}

/** A session fetched after a live message: first in every list it belongs to. */
export function putSessionFirstInCaches(queryClient: QueryClient, session: ChatSession): void {
  for (const list of cachedLists(queryClient)) {
    queryClient.setQueryData(list.key, moveToTop(list.data, session, list.belongs));
  }
}

export function applyCustomerToCaches(queryClient: QueryClient, customer: CustomerSummary): void {
  for (const list of cachedLists(queryClient)) {
    queryClient.setQueryData(list.key, updateCustomer(list.data, customer));
  }
  // The open chats (their header, the inbox's customer panel) and the customer's own list.
  queryClient.setQueriesData<ChatSession>({ queryKey: [...chatSessionKeys.all, 'detail'] }, (s) =>
    s && s.customerId === customer.id ? { ...s, customer } : s,
  );
  queryClient.setQueryData<ChatSession[]>(chatSessionKeys.customer(customer.id), (list) =>
    list?.map((s) => ({ ...s, customer })),
  );
}
