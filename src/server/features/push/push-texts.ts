import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { Message } from '../../../shared/api/messages';
import { displayName } from '../../../shared/names';
import type { Order } from '../../../shared/api/orders';
import type { PushPayload } from '../../../shared/api/push';
import {
  customerOrderState,
  type CustomerOrderState,
} from '../../../shared/orders/payout-approval';

/** A notification shows a line or two; the chat holds the rest. */
export const PUSH_PREVIEW_CHARS = 100;

/** As the customer sees the state: a payout waiting for approval is no news to them. */
const ORDER_STATE_NEWS: Record<CustomerOrderState, string> = {
  quoted: 'An agent sent you a quote',
  awaiting_deposit: 'Waiting for your deposit',
  deposit_seen: 'Your deposit was seen on the network',
  requoted: 'Your deposit was not the amount ordered: accept the new total or ask for it back',
  deposit_returning: 'Your deposit is being sent back to you',
  deposit_confirmed: 'Your deposit is confirmed; your naira payout is next',
  payout_sent: 'Your naira payout was sent',
  completed: 'Your order is complete',
  disputed: 'Your order is under review',
  refunded: 'Your order was refunded',
  expired: 'Your quote expired',
  cancelled: 'Your order was cancelled',
};

export const chatUrl = (chatSessionId: number) => `/chat/${chatSessionId}`;

/** The start of a text message (whole words where it can), or what kind of message it is. */
export function messagePreview(message: Pick<Message, 'content' | 'messageType'>): string {
  if (message.messageType === 'image') return 'Sent you an image';
  const text = message.content.replace(/\s+/g, ' ').trim();
  if (text.length <= PUSH_PREVIEW_CHARS) return text;
  const cut = text.slice(0, PUSH_PREVIEW_CHARS - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > PUSH_PREVIEW_CHARS / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

export function agentReplyPayload(brandName: string, message: Message): PushPayload {
  return {
    title: `${brandName}: your agent replied`,
    body: messagePreview(message),
    url: chatUrl(message.chatSessionId),
    tag: `chat-${message.chatSessionId}`,
  };
}

export function orderPayload(
  order: Pick<Order, 'reference' | 'state' | 'chatSessionId'>,
): PushPayload {
  return {
    title: `Order ${order.reference}`,
    body: ORDER_STATE_NEWS[customerOrderState(order.state)],
    url: chatUrl(order.chatSessionId),
    tag: `chat-${order.chatSessionId}`,
  };
}

/** Where an agent's click on a new chat's notification lands: the inbox, where it is listed. */
export const AGENT_INBOX_URL = '/agent/chats';

/** As the inbox labels them (web/lib/labels.ts, CATEGORY_LABELS). */
const CATEGORY_NAMES: Record<ChatSession['category'], string> = {
  bitcoin: 'Bitcoin',
  usdt: 'USDT',
  payment: 'Payment',
  subscription: 'Subscription',
  general: 'General',
};

/** The agents' news of a chat a customer just opened (the same title as the in-page alert). */
export function newChatPayload(
  session: Pick<ChatSession, 'id' | 'category' | 'customer'>,
): PushPayload {
  return {
    title: `New chat from ${displayName(session.customer)}`,
    body: `${CATEGORY_NAMES[session.category]} chat`,
    url: AGENT_INBOX_URL,
    tag: `chat-${session.id}`,
  };
}
