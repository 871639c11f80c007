import { orderLimitsText } from '../../../shared/api/orders';
import { dec, formatNaira } from '../../../shared/money';
import { AppError } from '../../platform/errors';

/** What bounds an order: its naira total and its rate lock. */
export interface OrderLimits {
  /** MIN_ORDER_NAIRA, naira. */
  minOrderNaira: string;
  /** MAX_ORDER_NAIRA, naira. */
  maxOrderNaira: string;
  /** QUOTE_TTL_MINUTES. */
  quoteTtlMinutes: number;
}

/** An order's naira total lies within MIN_ORDER_NAIRA and MAX_ORDER_NAIRA, or a 400 saying so. */
export function checkOrderLimits(totalNaira: string, limits: OrderLimits): void {
  if (dec(totalNaira).gte(limits.minOrderNaira) && dec(totalNaira).lte(limits.maxOrderNaira)) {
    return;
  }
  throw new AppError(
    'bad_request',
    `${orderLimitsText(limits.minOrderNaira, limits.maxOrderNaira)} per order: this one would be ${formatNaira(totalNaira)}`,
  );
}
