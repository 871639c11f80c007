export { EsploraReader } from './esplora-reader';
export type {
  AddressReader,
  AddressReading,
  AddressTransaction,
  DepositReader,
  DepositReading,
  ReaderTiming,
} from './deposit-reading';
export { TronReader } from './tron-reader';
export { WatchedReader, type ReaderHealth } from './reader-health';
