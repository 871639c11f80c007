/** The networks the desk takes deposits on; each has its own address book. */
export const DESK_NETWORKS = ['BTC', 'USDT-TRC20'] as const;
export type DeskNetwork = (typeof DESK_NETWORKS)[number];

export const DESK_NETWORK_LABELS: Record<DeskNetwork, string> = {
  BTC: 'Bitcoin',
  'USDT-TRC20': 'USDT on TRON (TRC20)',
};
