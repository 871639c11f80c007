import { TRANSACTION_TYPE_LABELS, type Transaction } from '../../../shared/api/transactions';
import { dec } from '../../../shared/money';
import { type transactions } from '../../db/schema';

export type TransactionRow = typeof transactions.$inferSelect;

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    reference: row.reference,
    chatSessionId: row.chatSessionId,
    customerId: row.customerId,
    agentId: row.agentId,
    type: row.kind,
    transactionType: TRANSACTION_TYPE_LABELS[row.kind],
    currency: row.currency,
    amount: dec(row.amount).toFixed(row.currency === 'usd' ? 2 : undefined),
    rate: dec(row.rate).toFixed(),
    total: dec(row.total).toFixed(2),
    status: row.status,
    reason: row.reason,
    manual: row.manual,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
