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

/** A reply that already says the unit after the rate: " per BTC", "/BTC", " / USDT". */
const UNIT_AFTER = /^\s*(?:per\s+|\/\s*)(BTC|USDT)\b/i;

/**
 * The reply with its variables filled. A known variable without a value is explained (MISSING:
 * the composer refuses to send it, see unfilledIn); anything else in braces stays as written,
 * visible, never dropped. A rate followed in the reply by its own unit ("{rate.bitcoin.sell}
 * per BTC") does not say the unit twice.
 */
export function fillVariables(content: string, values: VariableValues): string {
  return content.replace(/\{[a-zA-Z.]+\}/g, (token, offset: number) => {
    if (!(token in values)) return token;
    const variable = token as CannedReplyVariable;
    const value = values[variable];
    if (value === null) return MISSING[variable];
    const unit = UNIT_AFTER.exec(content.slice(offset + token.length))?.[1];
    const suffix = unit ? ` per ${unit.toUpperCase()}` : null;
    return suffix && value.endsWith(suffix) ? value.slice(0, -suffix.length) : value;
  });
}

/** The MISSING explanations still in a text: a reply holding one must not be sent. */
export function unfilledIn(text: string): string[] {
  return Object.values(MISSING).filter((missing) => text.includes(missing));
}
