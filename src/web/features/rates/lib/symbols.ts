import type { RateCurrency } from '../../../../shared/domain';

export { RATE_SYMBOLS } from '../../../../shared/domain';
export const RATE_NAMES: Record<RateCurrency, string> = { bitcoin: 'Bitcoin', usdt: 'USDT' };
