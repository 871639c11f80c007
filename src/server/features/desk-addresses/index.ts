export { deskAddressesPlugin } from './plugin';
export { nextDepositAddress } from './next-deposit-address';
