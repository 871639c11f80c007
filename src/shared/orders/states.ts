import type { RateCurrency } from '../domain';
import type { DepositNetwork } from '../deposit-addresses/networks';

/**
 * An order's life (PRODUCT.md "Orders"): an agent's quote waits for the customer (`quoted`);
 * a customer's own order starts at `awaiting_deposit`. A deposit outside the tolerance is
 * re-quoted at the amount received (`requoted`, waiting for the customer) or goes back
 * (`deposit_returning`, then `refunded` with the return's tx hash; decision 016). A confirmed
 * deposit whose naira total is over PAYOUT_APPROVAL_NAIRA waits for an admin's approval of the
 * payout (`payout_approval`, decision 028) before `deposit_confirmed`. `expired`, `cancelled`,
 * `completed` and `refunded` are final.
 */
export const ORDER_STATES = [
  'quoted',
  'awaiting_deposit',
  'deposit_seen',
  'requoted',
  'deposit_returning',
  'payout_approval',
  'deposit_confirmed',
  'payout_sent',
  'completed',
  'disputed',
  'refunded',
  'expired',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** A chat has at most one order in these states at a time. */
export const OPEN_ORDER_STATES = [
  'quoted',
  'awaiting_deposit',
  'deposit_seen',
  'requoted',
  'deposit_returning',
  'payout_approval',
  'deposit_confirmed',
  'payout_sent',
  'disputed',
] as const satisfies readonly OrderState[];

/** The final states: everything not open. */
export const FINAL_ORDER_STATES = [
  'completed',
  'refunded',
  'expired',
  'cancelled',
] as const satisfies readonly OrderState[];

// Every state is open or final, never both: a new state must be put in one of the two lists.
type Unlisted = Exclude<
  OrderState,
  (typeof OPEN_ORDER_STATES)[number] | (typeof FINAL_ORDER_STATES)[number]
>;
const everyStateListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyStateListed;

/** The rate lock runs out in these states (before a tx hash): the order then expires. */
export const EXPIRING_ORDER_STATES = [
  'quoted',
  'awaiting_deposit',
] as const satisfies readonly OrderState[];

/** Who acted on an order; `system` is the expiry sweep. */
export const ORDER_ACTORS = ['customer', 'agent', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** The network each coin is deposited on. */
export const COIN_NETWORK: Record<RateCurrency, DepositNetwork> = {
  bitcoin: 'BTC',
  usdt: 'USDT-TRC20',
};

/** The smallest unit each coin can be sent in on its network: satoshi; TRC20 USDT's 6 places. */
export const COIN_DECIMALS: Record<RateCurrency, number> = { bitcoin: 8, usdt: 6 };

/** A transaction id on each network: both are 32 bytes in hex (TRON's without 0x). */
const TX_HASH_SHAPES: Record<DepositNetwork, { pattern: RegExp; description: string }> = {
  BTC: { pattern: /^[0-9a-f]{64}$/i, description: 'A Bitcoin transaction id' },
  'USDT-TRC20': { pattern: /^[0-9a-f]{64}$/i, description: 'A TRON transaction hash' },
};

/** Null when `txHash` has the network's shape, else what is wrong, for a 400. */
export function txHashProblem(network: DepositNetwork, txHash: string): string | null {
  const shape = TX_HASH_SHAPES[network];
  return shape.pattern.test(txHash)
    ? null
    : `${shape.description} is 64 hexadecimal characters (0-9, a-f)`;
}

/**
 * What keeps a deposit from confirming by itself, as the watcher records it beside its text:
 * the transaction is not on the chain (`not_found`), pays another address, is short or over
 * beyond the tolerance, was first seen after the lock (`late`), was mined before the order
 * (`old`: at or below the chain's tip when the order was made), lost its confirmations to a
 * reorganised block (`reorg`), pays an address several orders wait on (`unclear`), carries
 * exactly another open order's amount on a shared address (`other_order`), or is a small
 * payment, under DEPOSIT_DUST_PERCENT of the order's amount (`small_payment`), decision 030.
 */
export const DEPOSIT_PROBLEM_KINDS = [
  'not_found',
  'wrong_address',
  'short',
  'over',
  'late',
  'old',
  'reorg',
  'unclear',
  'other_order',
  'small_payment',
] as const;
export type DepositProblemKind = (typeof DEPOSIT_PROBLEM_KINDS)[number];
