import type { ChatCategory } from '../../../shared/domain';
import { DEMO_AGENT_NAMES } from '../../../shared/api/demo';

export interface CategoryDetails {
  /** The choice card's title. */
  title: string;
  /** The asset's name in sentences ("sell your Bitcoin"). */
  asset: string;
  /** The badge on the choice card and the coin. */
  symbol: 'BTC' | 'USDT' | null;
  /** Who the customer chats with until an agent replies (SPEC: "Agent {name}"). */
  agentName: string;
  /** Under the agent's name in the conversation header. */
  specialty: string;
}

const DETAILS: Record<ChatCategory, CategoryDetails> = {
  bitcoin: {
    title: 'Bitcoin Trading',
    asset: 'Bitcoin',
    symbol: 'BTC',
    agentName: DEMO_AGENT_NAMES.bitcoin,
    specialty: 'Bitcoin Specialist',
  },
  usdt: {
    title: 'USDT Trading',
    asset: 'USDT',
    symbol: 'USDT',
    agentName: DEMO_AGENT_NAMES.usdt,
    specialty: 'USDT Expert',
  },
  payment: {
    title: 'Payment',
    asset: 'crypto',
    symbol: null,
    agentName: 'Agent',
    specialty: 'Payments',
  },
  subscription: {
    title: 'Subscription',
    asset: 'crypto',
    symbol: null,
    agentName: 'Agent',
    specialty: 'Subscriptions',
  },
  general: {
    title: 'General',
    asset: 'crypto',
    symbol: null,
    agentName: 'Agent',
    specialty: 'General Support',
  },
};

export function categoryDetails(category: ChatCategory): CategoryDetails {
  return DETAILS[category];
}

/** The two desks a customer can open a chat with. */
export const TRADE_CATEGORIES = ['bitcoin', 'usdt'] as const;
export type TradeCategory = (typeof TRADE_CATEGORIES)[number];
