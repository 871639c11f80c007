export { deskAddressesRoutes } from './routes';
export { nextDepositAddress, peekDepositAddress } from './next-deposit-address';
