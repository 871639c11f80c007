/** The networks the desk takes deposits on; each has its own address book. */
export const DEPOSIT_NETWORKS = ['BTC', 'USDT-TRC20'] as const;
export type DepositNetwork = (typeof DEPOSIT_NETWORKS)[number];

export const DEPOSIT_NETWORK_LABELS: Record<DepositNetwork, string> = {
  BTC: 'Bitcoin',
  'USDT-TRC20': 'USDT on TRON (TRC20)',
};
