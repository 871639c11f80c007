export { payoutAccountsQuery, usePayoutAccounts } from './api/list-payout-accounts';
export { CustomerPayoutAccounts } from './components/customer-payout-accounts';
