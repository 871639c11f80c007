export { payoutAccountsRoutes } from './routes';
export { toPayoutAccount } from './manage-payout-accounts';
