import type {
  ChatCategory,
  ChatPriority,
  ChatStatus,
  CustomerStatus,
  TransactionStatus,
} from '../../shared/domain';

/** How the screens name the domain's values: one place, so every list says the same words. */

export const CATEGORY_LABELS: Record<ChatCategory, string> = {
  bitcoin: 'Bitcoin',
  usdt: 'USDT',
  payment: 'Payment',
  subscription: 'Subscription',
  general: 'General',
};

export const CHAT_STATUS_LABELS: Record<ChatStatus, string> = {
  open: 'Open',
  active: 'Active',
  closed: 'Closed',
};

export const PRIORITY_LABELS: Record<ChatPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  medium: 'Medium',
  high: 'High',
};

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  banned: 'Banned',
  paid: 'Paid',
  dispute: 'Dispute',
  hold: 'Hold',
};

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};
