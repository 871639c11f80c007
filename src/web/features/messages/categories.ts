import type { ChatCategory } from '../../../shared/domain';

export interface CategoryDetails {
  /** The choice card's title. */
  title: string;
  /** The asset's name in sentences ("sell your Bitcoin"). */
  asset: string;
  /** The badge on the choice card and the coin. */
  symbol: 'BTC' | 'USDT' | null;
  /**
   * Who the customer chats with until an agent replies: the desk, never a made-up agent name
   * (PRODUCT.md: customers see who is online, never invented names).
   */
  desk: string;
  /** Under the agent's name in the conversation header. */
  specialty: string;
}

const DETAILS: Record<ChatCategory, CategoryDetails> = {
  bitcoin: {
    title: 'Bitcoin Trading',
    asset: 'Bitcoin',
    symbol: 'BTC',
    desk: 'Bitcoin desk',
    specialty: 'Bitcoin Specialist',
  },
  usdt: {
    title: 'USDT Trading',
    asset: 'USDT',
    symbol: 'USDT',
    desk: 'USDT desk',
    specialty: 'USDT Expert',
  },
  payment: {
    title: 'Payment',
    asset: 'crypto',
    symbol: null,
    desk: 'Payments desk',
    specialty: 'Payments',
  },
  subscription: {
    title: 'Subscription',
    asset: 'crypto',
    symbol: null,
    desk: 'Subscriptions desk',
    specialty: 'Subscriptions',
  },
  general: {
    title: 'General',
    asset: 'crypto',
    symbol: null,
    desk: 'Support desk',
    specialty: 'General Support',
  },
};

export function categoryDetails(category: ChatCategory): CategoryDetails {
  return DETAILS[category];
}

/** The two desks a customer can open a chat with. */
export const TRADE_CATEGORIES = ['bitcoin', 'usdt'] as const;
export type TradeCategory = (typeof TRADE_CATEGORIES)[number];
