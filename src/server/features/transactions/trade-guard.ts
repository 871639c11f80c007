import type { TradeGuardRefusal } from '../../../shared/api/transactions';
import { deviationPercent, withinGuard } from '../../../shared/market-guard';
import { dec, formatNaira } from '../../../shared/money';
import { AppError } from '../../platform/errors';

/** What a trade's rate is measured against: the desk's own rate first, else the market. */
export interface TradeReference {
  rate: string | null;
  source: TradeGuardRefusal['referenceSource'];
}

export function tradeReference(options: {
  /** The managed naira sell rate per coin; a currency no agent has saved has none. */
  managed: string | null;
  /** Market x USD-to-Naira, naira per coin, from the price feed; null without a price. */
  market: string | null;
}): TradeReference {
  if (options.managed) return { rate: options.managed, source: 'managed' };
  if (options.market) return { rate: options.market, source: 'market' };
  return { rate: null, source: 'none' };
}

/** What the audit keeps of a trade that went past the guard on purpose. */
export interface GuardOverride {
  reason: string;
  deviationPercent: string | null;
  referenceRate: string | null;
  referenceSource: TradeReference['source'];
}

/**
 * PRODUCT.md "Market guard" for trades: a rate further than `guardPercent` from the reference,
 * or any rate when there is no reference, needs the agent's confirmation. Returns what to audit
 * when the confirmation was needed, null when the rate is within the guard; throws the 409 the
 * form turns into its question otherwise.
 */
export function checkTradeRate(options: {
  rate: string;
  reference: TradeReference;
  guardPercent: number;
  confirmation: { reason: string } | undefined;
}): GuardOverride | null {
  const { rate, reference, guardPercent, confirmation } = options;
  if (reference.rate && withinGuard(rate, reference.rate, guardPercent)) return null;
  const deviation = reference.rate ? deviationPercent(rate, reference.rate) : null;
  if (confirmation) {
    return {
      reason: confirmation.reason,
      deviationPercent: deviation,
      referenceRate: reference.rate,
      referenceSource: reference.source,
    };
  }
  const details = {
    confirmationRequired: true,
    deviationPercent: deviation,
    referenceRate: reference.rate,
    referenceSource: reference.source,
  } satisfies Omit<TradeGuardRefusal, 'error'>;
  if (!reference.rate || deviation === null) {
    throw new AppError(
      'conflict',
      'There is no managed rate or market price to check this rate against; confirm it with a reason to record the trade',
      details,
    );
  }
  const direction = dec(deviation).isNegative() ? 'below' : 'above';
  const where = reference.source === 'managed' ? 'our managed rate' : 'the market';
  throw new AppError(
    'conflict',
    `The rate ${formatNaira(rate)} is ${dec(deviation).abs().toFixed(2)} % ${direction} ${where} ${formatNaira(reference.rate)}; confirm it with a reason to record the trade`,
    details,
  );
}

/** MAX_TRADE_NAIRA: one trade's total may not pass it. */
export function checkTradeCap(total: string, maxTradeNaira: string): void {
  if (dec(total).gt(maxTradeNaira)) {
    throw new AppError(
      'bad_request',
      `A trade's total can be at most ${formatNaira(maxTradeNaira)}; this one is ${formatNaira(total)}. Split it into smaller trades.`,
    );
  }
}
