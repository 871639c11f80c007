import type { User } from '../../shared/api/auth';
import type { CannedReply } from '../../shared/api/canned-replies';
import type { DeskStatus } from '../../shared/api/availability';
import type { ChatSession } from '../../shared/api/chat-sessions';
import type { Message, Receipts } from '../../shared/api/messages';
import type { Order } from '../../shared/api/orders';
import type { PayoutAccount } from '../../shared/api/payout-accounts';
import type { Price } from '../../shared/api/prices';
import type { RatesResponse } from '../../shared/api/rates';
import type { Transaction } from '../../shared/api/transactions';
import type { ApiRoutes } from './api-stub';
import { makeSession, makeUser, TEST_PRICES, UNMANAGED_RATES } from './fixtures';

export interface ConversationApi {
  user?: User;
  session?: ChatSession;
  messages?: Message[];
  transactions?: Transaction[];
  orders?: Order[];
  payoutAccounts?: PayoutAccount[];
  rates?: RatesResponse;
  prices?: Price[];
  /** The chat's read receipts (none yet unless told); a POST moves the viewer's side. */
  receipts?: Receipts;
  viewerSide?: 'customer' | 'staff';
  /** The agent's canned replies (none unless told). */
  cannedReplies?: CannedReply[];
  /** The customer's header asks whether the chat's desk is online. */
  deskStatus?: DeskStatus;
}

/**
 * The routes a conversation reads when it opens, for `stubApi`: who is signed in, the chat
 * (session 7 unless told), its messages, transactions and orders and the customer's payout
 * accounts (none unless told), the desk's rates
 * (none managed unless told) and the market prices.
 */
export function conversationRoutes(api: ConversationApi = {}): ApiRoutes {
  const session = api.session ?? makeSession();
  const chat = `/api/chat-sessions/${session.id}`;
  const none = { deliveredId: 0, readId: 0, readAt: null };
  let receipts: Receipts = api.receipts ?? {
    chatSessionId: session.id,
    customer: none,
    staff: none,
  };
  return {
    'GET /api/auth/user': { body: api.user ?? makeUser() },
    [`GET ${chat}`]: { body: session },
    [`GET ${chat}/messages`]: { body: { items: api.messages ?? [], nextCursor: null } },
    [`GET ${chat}/transactions`]: { body: api.transactions ?? [] },
    'GET /api/orders': { body: { items: api.orders ?? [], nextCursor: null } },
    'GET /api/payout-accounts': { body: api.payoutAccounts ?? [] },
    'GET /api/exchange-rates': { body: api.rates ?? UNMANAGED_RATES },
    'GET /api/prices': { body: api.prices ?? TEST_PRICES },
    [`GET ${chat}/receipts`]: { body: receipts },
    'GET /api/canned-replies': { body: api.cannedReplies ?? [] },
    [`POST ${chat}/receipts`]: (call) => {
      const body = call.body as { deliveredId?: number; readId?: number };
      const side = receipts[api.viewerSide ?? 'customer'];
      const readId = Math.max(side.readId, body.readId ?? 0);
      receipts = {
        ...receipts,
        [api.viewerSide ?? 'customer']: {
          deliveredId: Math.max(side.deliveredId, body.deliveredId ?? 0, readId),
          readId,
          readAt: readId > side.readId ? new Date().toISOString() : side.readAt,
        },
      };
      return { body: receipts };
    },
    'GET /api/availability/desks/:desk': ({ params }) => ({
      body: api.deskStatus ?? {
        desk: params.desk,
        online: true,
        onlineAgents: [{ firstName: 'Tunde' }],
        typicalReplyMinutes: 3,
      },
    }),
  };
}
