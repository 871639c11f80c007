import type { RateCurrency } from '../../../../shared/domain';

export const RATE_SYMBOLS: Record<RateCurrency, 'BTC' | 'USDT'> = { bitcoin: 'BTC', usdt: 'USDT' };
export const RATE_NAMES: Record<RateCurrency, string> = { bitcoin: 'Bitcoin', usdt: 'USDT' };
