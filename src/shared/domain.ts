/** The product's closed sets of values, shared by the database, the API and the screens. */
export const CUSTOMER_STATUSES = ['active', 'banned', 'paid', 'dispute', 'hold'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const AGENT_TYPES = ['bitcoin', 'usdt', 'general'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export const CHAT_CATEGORIES = ['bitcoin', 'usdt', 'payment', 'subscription', 'general'] as const;
export type ChatCategory = (typeof CHAT_CATEGORIES)[number];

/**
 * A chat's lifecycle (ADR 018): `open` waits unassigned, `active` is assigned to an agent
 * (`agent_id` set), `closed` is resolved (archived; the customer writing reopens it).
 */
export const CHAT_STATUSES = ['open', 'active', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** An agent's availability (ADR 018): only Online agents are given new chats. */
export const AGENT_AVAILABILITY_STATES = ['online', 'break', 'offline'] as const;
export type AgentAvailabilityState = (typeof AGENT_AVAILABILITY_STATES)[number];

export const CHAT_PRIORITIES = ['low', 'normal', 'medium', 'high'] as const;
export type ChatPriority = (typeof CHAT_PRIORITIES)[number];

/**
 * note: an agent's private note, shown to staff only; never a customer's message, never a reply
 * (not a first response, does not reopen or touch the chat). document (a PDF) and audio come
 * from WhatsApp customers (decision 037); the web's own uploads are images.
 */
export const MESSAGE_TYPES = ['text', 'image', 'note', 'document', 'audio'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** trade: a customer sells crypto; the rest are the spec's Process Transaction types. */
export const TRANSACTION_KINDS = ['trade', 'refund', 'charge', 'adjustment'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const TRANSACTION_CURRENCIES = ['bitcoin', 'usdt', 'usd'] as const;
export type TransactionCurrency = (typeof TRANSACTION_CURRENCIES)[number];

/** `pending_approval`: over APPROVAL_THRESHOLD_USD, waiting for an admin other than its creator. */
export const TRANSACTION_STATUSES = ['pending_approval', 'pending', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const RATE_CURRENCIES = ['bitcoin', 'usdt'] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];
export const RATE_SYMBOLS: Record<RateCurrency, 'BTC' | 'USDT'> = { bitcoin: 'BTC', usdt: 'USDT' };
