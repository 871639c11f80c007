export { deskAddressesRoutes } from './routes';
export { nextDepositAddress, peekSharedAddress } from './next-deposit-address';
