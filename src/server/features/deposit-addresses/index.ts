export { depositAddressesPlugin } from './plugin';
export { nextDepositAddress, peekSharedAddress } from './next-deposit-address';
