export { useAnalytics } from './api/get-analytics';
export { ADMIN_DASHBOARD_KEY } from './api/keys';
export { LIVE_REFRESH_DELAY_MS } from './lib/live-reports';
export { type SessionFilter, useSessions } from './api/list-sessions';
export {
  type AdminTransaction,
  type TransactionStatusFilter,
  useTransactions,
} from './api/list-transactions';
export {
  formatDay,
  formatRange,
  lagosToday,
  lastSevenDays,
  periodLabel,
  rangeProblem,
  type DateRange,
} from './lib/date-range';
