import type { Order, OrderChain } from '../api/orders';
import { dec, formatCryptoAmount, formatNaira } from '../money';

/** The watcher's words for a transaction the chain does not know. */
export const NOT_FOUND = 'Not found on the chain';

/** An agent's reason for confirming a deposit the chain has not confirmed: at least this long. */
export const HAND_CONFIRM_REASON_MIN = 10;

type Reading = Pick<
  OrderChain,
  | 'confirmations'
  | 'confirmationsRequired'
  | 'problem'
  | 'problemKind'
  | 'differenceCrypto'
  | 'differenceNaira'
>;

/**
 * Whether the chain has not vouched for the deposit: not read yet, fewer confirmations than
 * required, or a problem recorded. Confirming such a deposit by hand needs a reason.
 */
export function chainBelowCount(chain: Reading | null): boolean {
  return (
    chain === null ||
    chain.problem !== null ||
    chain.confirmations === null ||
    chain.confirmationsRequired === null ||
    chain.confirmations < chain.confirmationsRequired
  );
}

/** "Short by 0.00093889 BTC (₦147,263.96)"; null within the tolerance. */
export function differenceText(
  chain: Pick<OrderChain, 'differenceCrypto' | 'differenceNaira'>,
  coin: Order['coin'],
): string | null {
  if (!chain.differenceCrypto || !chain.differenceNaira) return null;
  const short = dec(chain.differenceCrypto).isNegative();
  const crypto = formatCryptoAmount(dec(chain.differenceCrypto).abs().toFixed(), coin);
  const naira = formatNaira(dec(chain.differenceNaira).abs().toFixed(2));
  return `${short ? 'Short' : 'Over'} by ${crypto} (${naira})`;
}

/**
 * What the chain says about a deposit, for people who decide on it: the count first ("Not
 * found on the chain", "Not read on the chain yet", "0 of 2 confirmations"), then the problem
 * if any ("Short by …", or the watcher's own words). The confirm dialog shows it, the 400 that
 * asks for a reason names it and the audit entry keeps it.
 */
export function chainReadingLines(chain: Reading | null, coin: Order['coin']): string[] {
  if (chain === null || chain.confirmations === null || chain.confirmationsRequired === null) {
    return ['Not read on the chain yet'];
  }
  if (chain.problemKind === 'not_found') {
    return chain.problem === null || chain.problem === NOT_FOUND
      ? [NOT_FOUND]
      : [NOT_FOUND, chain.problem];
  }
  const count = `${Math.min(chain.confirmations, chain.confirmationsRequired)} of ${chain.confirmationsRequired} confirmations`;
  if (chain.problem === null) return [count];
  const difference =
    chain.problemKind === 'short' || chain.problemKind === 'over'
      ? differenceText(chain, coin)
      : null;
  return [count, difference ?? chain.problem];
}
