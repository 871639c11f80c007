import { dec, formatNaira } from '../../../shared/money';
import { AppError } from '../../platform/errors';

/** MAX_TRADE_NAIRA: one trade's total may not pass it. */
export function checkTradeCap(total: string, maxTradeNaira: string): void {
  if (dec(total).gt(maxTradeNaira)) {
    throw new AppError(
      'bad_request',
      `A trade's total can be at most ${formatNaira(maxTradeNaira)}; this one is ${formatNaira(total)}. Split it into smaller trades.`,
    );
  }
}
