export { EsploraReader } from './esplora-reader';
export type {
  AddressReader,
  AddressReading,
  AddressTransaction,
  DepositReader,
  DepositReading,
  ReaderTiming,
  TipReading,
} from './deposit-reading';
export { latestChainTip, recordChainTip, type ChainTip } from './chain-tips';
export { TronReader } from './tron-reader';
export { WatchedReader, type ReaderHealth } from './reader-health';
