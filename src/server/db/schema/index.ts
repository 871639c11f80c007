export * from './enums';
export * from './users';
export * from './auth-sessions';
export * from './chat';
export * from './money';
export * from './audit-log';
export * from './payout-accounts';
export * from './desk-addresses';
