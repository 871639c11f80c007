export { payoutAccountsPlugin } from './plugin';
export { toPayoutAccount } from './to-payout-account';
export { addPayoutAccount } from './add-payout-account';
export { answerPayoutAccount } from './confirm-payout-account';
