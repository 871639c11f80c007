export { payoutAccountsRoutes } from './routes';
export { toPayoutAccount } from './to-payout-account';
