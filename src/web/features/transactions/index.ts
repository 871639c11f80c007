export { TransactionsPanel } from './components/transactions-panel';
export { TransactionCard } from './components/transaction-card';
export { TransactionStatusBadge } from './components/status-badge';
export { useSessionTransactions } from './api/get-session-transactions';
export { useCustomerTransactions } from './api/list-customer-transactions';
export { useLatestSettledTrades } from './api/latest-trades';
export { TradeOutcome } from './components/trade-outcome';
export { transactionKeys } from './api/transaction-keys';
export { ApprovalsList, useApprovalCount } from './components/approvals-list';
