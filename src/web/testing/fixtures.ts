import type { Analytics } from '../../shared/api/reports';
import type { User } from '../../shared/api/auth';
import type { ChatSession } from '../../shared/api/chat-sessions';
import type { AdminUser, CustomerSummary } from '../../shared/api/customers';
import type { Message } from '../../shared/api/messages';
import type { Order, OrderEvent, OrderPreview } from '../../shared/api/orders';
import type { PayoutAccount } from '../../shared/api/payout-accounts';
import type { Price } from '../../shared/api/prices';
import type { RatesResponse } from '../../shared/api/rates';
import type { RealtimeEvent } from '../../shared/api/realtime';
import type { Transaction } from '../../shared/api/transactions';
import { ORDER_STATES, type OrderState } from '../../shared/orders/states';

/** What the web tests build their data from: one customer, one agent, one desk. */
export const CUSTOMER_ID = '11111111-1111-4111-8111-1111abcd1234';
export const AGENT_ID = '22222222-2222-4222-8222-222222222222';
export const AT = '2026-11-22T08:00:00.000Z';
/** When the trades of `makeTransaction` were recorded. */
export const TRADE_AT = '2026-11-22T08:21:00.000Z';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: CUSTOMER_ID,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    profileImageUrl: null,
    customerStatus: 'active',
    isAgent: false,
    isAdmin: false,
    agentType: null,
    isActive: true,
    createdAt: AT,
    ...overrides,
  };
}

export const makeAgent = (overrides: Partial<User> = {}): User =>
  makeUser({
    id: AGENT_ID,
    email: 'kemi@example.com',
    firstName: 'Kemi',
    lastName: 'Adeyemi',
    isAgent: true,
    agentType: 'general',
    ...overrides,
  });

/** A customer as the API sends one inside a session. */
export function makeCustomer(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id: CUSTOMER_ID,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Obi',
    profileImageUrl: null,
    customerStatus: 'active',
    createdAt: AT,
    ...overrides,
  };
}

/** Session 7, open, unassigned; the customer's id follows `overrides.customer`. */
export function makeSession(
  overrides: Partial<ChatSession> & { customer?: CustomerSummary } = {},
): ChatSession {
  const customer = overrides.customer ?? makeCustomer();
  return {
    id: 7,
    customerId: customer.id,
    agentId: null,
    category: 'bitcoin',
    status: 'open',
    priority: 'normal',
    createdAt: AT,
    updatedAt: AT,
    lastMessageAt: null,
    assignedAt: null,
    resolvedAt: null,
    waitingSince: null,
    agent: null,
    lastMessage: null,
    orderWaiting: null,
    ...overrides,
    customer,
  };
}

export function makeMessage(overrides: Partial<Message> & { id: number }): Message {
  return {
    chatSessionId: 7,
    senderId: CUSTOMER_ID,
    senderRole: 'customer',
    content: `message ${overrides.id}`,
    messageType: 'text',
    attachment: null,
    clientMessageId: `00000000-0000-4000-8000-${String(overrides.id).padStart(12, '0')}`,
    createdAt: AT,
    ...overrides,
  };
}

/** A trade as the server sends it: 0.05 BTC at ₦157,254,058.50, total half-up to the kobo. */
export function makeTransaction(overrides: Partial<Transaction> & { id: number }): Transaction {
  return {
    reference: `AC-7F3K2Q${String(overrides.id).padStart(2, '0')}`,
    chatSessionId: 7,
    customerId: CUSTOMER_ID,
    agentId: AGENT_ID,
    type: 'trade',
    transactionType: 'Sell',
    currency: 'bitcoin',
    amount: '0.05',
    rate: '157254058.50',
    total: '7862702.93',
    status: 'pending',
    reason: null,
    manual: false,
    createdAt: TRADE_AT,
    updatedAt: TRADE_AT,
    ...overrides,
  };
}

/** The customer's GTBank account, shown as "GTBank 0123451234". */
export function makePayoutAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    id: 3,
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123451234',
    accountName: 'ADA LOVELACE',
    verified: true,
    createdAt: AT,
    ...overrides,
  };
}

/** A timeline step, by the customer at TRADE_AT unless told. */
export function orderStep(state: OrderEvent['state'], overrides: Partial<OrderEvent> = {}) {
  return {
    state,
    actor: 'customer',
    actorId: CUSTOMER_ID,
    at: TRADE_AT,
    note: null,
    ...overrides,
  } satisfies OrderEvent;
}

/**
 * An order in chat 7 as the server sends it: 0.01 BTC at ₦151,320,000.00, ₦1,513,200.00 to
 * GTBank ****1234, its rate locked until 15 minutes after TRADE_AT.
 */
export function makeOrder(overrides: Partial<Order> & { id: number }): Order {
  return {
    reference: `AC-ORD${String(overrides.id).padStart(4, '0')}`,
    chatSessionId: 7,
    customerId: CUSTOMER_ID,
    customer: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' },
    state: 'awaiting_deposit',
    coin: 'bitcoin',
    network: 'BTC',
    amountCrypto: '0.01',
    rateNaira: '151320000.00',
    totalNaira: '1513200.00',
    depositAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    depositAddressIndex: null,
    expiresAt: '2026-11-22T08:36:00.000Z',
    payoutAccount: makePayoutAccount(),
    txHash: null,
    payments: [],
    chain: null,
    returnTxHash: null,
    bankReference: null,
    payoutProof: null,
    depositScreenshot: null,
    timeline: [orderStep('awaiting_deposit')],
    createdAt: TRADE_AT,
    updatedAt: TRADE_AT,
    ...overrides,
  };
}

/** The server's preview of 0.01 BTC (₦1,513,200.00) at makeOrder()'s rate, 5.70 % under TEST_PRICES. */
export function makeOrderPreview(overrides: Partial<OrderPreview> = {}): OrderPreview {
  return {
    coin: 'bitcoin',
    amountCrypto: '0.01000000',
    rateNaira: '151320000.00',
    totalNaira: '1513200.00',
    payoutAccount: makePayoutAccount(),
    lockMinutes: 15,
    marketRateNaira: '160463325.00',
    marketDeviationPercent: '-5.70',
    published: true,
    rateVersion: '151320000.00',
    ...overrides,
  };
}

let nextEventId = 5000;

export function orderUpdated(order: Order): RealtimeEvent {
  return { id: ++nextEventId, type: 'order.updated', chatSessionId: order.chatSessionId, order };
}

export function sessionCreated(session: ChatSession): RealtimeEvent {
  return { id: ++nextEventId, type: 'session.created', chatSessionId: session.id, session };
}

export function messageCreated(
  chatSessionId: number,
  overrides: Partial<Message> = {},
): RealtimeEvent {
  const id = ++nextEventId;
  return {
    id,
    type: 'message.created',
    chatSessionId,
    message: makeMessage({ id, chatSessionId, ...overrides }),
  };
}

/**
 * Two prices as the server sends them: 97,250.50 USD and 1.0002 USD at 1650; the price
 * service says USDT is ₦1,602.50 (the market's USD-to-naira).
 */
export const TEST_PRICES: Price[] = [
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    usd: '97250.5',
    ngn: '160463325.00',
    marketNgn: '155843926.25',
    change24h: '2.35',
    updatedAt: AT,
    stale: false,
  },
  {
    symbol: 'USDT',
    name: 'Tether',
    usd: '1.0002',
    ngn: '1650.33',
    marketNgn: '1602.5',
    change24h: '-0.01',
    updatedAt: AT,
    stale: false,
  },
];

const UNMANAGED = {
  managed: false,
  published: false,
  buyRateUsd: null,
  sellRateUsd: null,
  buyRateNaira: null,
  sellRateNaira: null,
  spreadPercentage: null,
  lastUpdated: null,
} as const;

/** The server's answer before any save: no managed rate, no figures. */
export const UNMANAGED_RATES: RatesResponse = {
  usdToNaira: '1650',
  rates: [
    { currency: 'bitcoin', ...UNMANAGED },
    { currency: 'usdt', ...UNMANAGED },
  ],
};

/** Rates an agent saved, published: Auto Calculate at 97,250.50 USD (2 %) and 1.0002 USD (1 %). */
export const MANAGED_RATES: RatesResponse = {
  usdToNaira: '1650',
  rates: [
    {
      currency: 'bitcoin',
      buyRateUsd: '99195.51',
      sellRateUsd: '95305.49',
      buyRateNaira: '163672591.50',
      sellRateNaira: '157254058.50',
      spreadPercentage: '2',
      lastUpdated: AT,
      managed: true,
      published: true,
    },
    {
      currency: 'usdt',
      buyRateUsd: '1.010202',
      sellRateUsd: '0.990198',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
      spreadPercentage: '1',
      lastUpdated: AT,
      managed: true,
      published: true,
    },
  ],
};

/** A user row of the admin dashboard: the user plus their counts. */
export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const { agentType, ...user } = makeUser({ id: '11111111-1111-4111-8111-111111111111' });
  void agentType; // the admin list has no agent type
  return { ...user, sessionCount: 3, transactionCount: 2, ...overrides };
}

/** The figures of an empty business, 16–22 Nov 2025 in Lagos: every divisor zero. */
export function makeAnalytics(overrides: Partial<Analytics> = {}): Analytics {
  return {
    range: { from: '2025-11-16', to: '2025-11-22', timeZone: 'Africa/Lagos' },
    userStats: { total: 0, agents: 0, customers: 0, newThisWeek: 0 },
    sessionStats: { total: 0, active: 0, bitcoin: 0, usdt: 0, activeBitcoin: 0, activeUsdt: 0 },
    transactionStats: {
      total: 0,
      completed: 0,
      pending: 0,
      failed: 0,
      completedTrades: 0,
      totalVolume: '0.00',
      refunds: '0.00',
      charges: '0.00',
      adjustments: '0.00',
    },
    distribution: { bitcoin: null, usdt: null },
    metrics: { successRate: null, avgVolume: null, agentUtilization: null },
    orderStats: {
      total: 0,
      byState: Object.fromEntries(ORDER_STATES.map((state) => [state, 0])) as Record<
        OrderState,
        number
      >,
      payoutsSent: 0,
      avgDepositToPayoutSeconds: null,
    },
    dailyActivity: Array.from({ length: 7 }, (_, i) => ({
      date: `2025-11-${16 + i}`,
      sessions: 0,
      transactions: 0,
    })),
    ...overrides,
  };
}

/** A promise the test settles when it wants. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
