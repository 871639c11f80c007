export { deskAddressesRoutes } from './routes';
export { nextDepositAddress } from './next-deposit-address';
