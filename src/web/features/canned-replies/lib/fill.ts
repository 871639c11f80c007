import type { CannedReplyVariable } from '../../../../shared/api/canned-replies';
import { formatNaira } from '../../../../shared/money';

/** What each variable becomes in this chat; null when there is nothing to put there. */
export type VariableValues = Record<CannedReplyVariable, string | null>;

/** Said in place of a variable this chat has no value for, so the agent sees it before sending. */
export const MISSING: Record<CannedReplyVariable, string> = {
  '{customer.firstName}': '[no first name]',
  '{rate.bitcoin.sell}': '[no BTC rate set]',
  '{rate.usdt.sell}': '[no USDT rate set]',
  '{order.depositAddress}': '[no open order: no deposit address yet]',
};

/** A per-coin naira sell rate as the reply says it: "₦150,000,000.00 per BTC". */
export function perCoin(sellRateNaira: string | null, symbol: 'BTC' | 'USDT'): string | null {
  return sellRateNaira === null ? null : `${formatNaira(sellRateNaira)} per ${symbol}`;
}

/**
 * The reply with its variables filled. A known variable without a value is explained (MISSING);
 * anything else in braces stays as written, visible, never dropped.
 */
export function fillVariables(content: string, values: VariableValues): string {
  return content.replace(/\{[a-zA-Z.]+\}/g, (token) => {
    if (!(token in values)) return token;
    const variable = token as CannedReplyVariable;
    return values[variable] ?? MISSING[variable];
  });
}
