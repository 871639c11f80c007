export { payoutAccountsQuery, usePayoutAccounts } from './api/list-payout-accounts';
