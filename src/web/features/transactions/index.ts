export { TransactionsPanel } from './components/transactions-panel';
export { TransactionCard } from './components/transaction-card';
export { TransactionStatusBadge } from './components/status-badge';
export { RecordTradeForm } from './components/record-trade-form';
export { useSessionTransactions } from './api/get-session-transactions';
export { useCustomerTransactions } from './api/list-customer-transactions';
export { transactionKeys } from './api/transaction-keys';
export { useLiveTransactions } from './lib/use-live-transactions';
