export { payoutAccountsPlugin } from './plugin';
export { toPayoutAccount } from './to-payout-account';
