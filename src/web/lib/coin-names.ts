import type { RateCurrency } from '../../shared/domain';

/** Each coin's name as screens write it. */
export const RATE_NAMES: Record<RateCurrency, string> = { bitcoin: 'Bitcoin', usdt: 'USDT' };
