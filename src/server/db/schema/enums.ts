import { pgEnum } from 'drizzle-orm/pg-core';
import {
  AGENT_AVAILABILITY_STATES,
  AGENT_TYPES,
  CHAT_CATEGORIES,
  CHAT_PRIORITIES,
  CHAT_STATUSES,
  CUSTOMER_STATUSES,
  MESSAGE_TYPES,
  RATE_CURRENCIES,
  TRANSACTION_CURRENCIES,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
} from '../../../shared/domain';
import { DEPOSIT_NETWORKS } from '../../../shared/deposit-addresses/networks';
import { ORDER_ACTORS, ORDER_STATES } from '../../../shared/orders/states';

export const customerStatusEnum = pgEnum('customer_status', CUSTOMER_STATUSES);
export const agentTypeEnum = pgEnum('agent_type', AGENT_TYPES);
export const chatCategoryEnum = pgEnum('chat_category', CHAT_CATEGORIES);
export const chatStatusEnum = pgEnum('chat_status', CHAT_STATUSES);
export const chatPriorityEnum = pgEnum('chat_priority', CHAT_PRIORITIES);
export const messageTypeEnum = pgEnum('message_type', MESSAGE_TYPES);
export const transactionKindEnum = pgEnum('transaction_kind', TRANSACTION_KINDS);
export const transactionCurrencyEnum = pgEnum('transaction_currency', TRANSACTION_CURRENCIES);
export const transactionStatusEnum = pgEnum('transaction_status', TRANSACTION_STATUSES);
export const rateCurrencyEnum = pgEnum('rate_currency', RATE_CURRENCIES);
export const depositNetworkEnum = pgEnum('desk_network', DEPOSIT_NETWORKS);
export const orderStateEnum = pgEnum('order_state', ORDER_STATES);
export const orderActorEnum = pgEnum('order_actor', ORDER_ACTORS);
export const agentAvailabilityStateEnum = pgEnum(
  'agent_availability_state',
  AGENT_AVAILABILITY_STATES,
);
