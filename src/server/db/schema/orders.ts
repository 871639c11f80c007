import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { FINAL_ORDER_STATES, type DepositProblemKind } from '../../../shared/orders/states';
import {
  createdAt,
  decimal8,
  identityId,
  idempotency,
  naira,
  timestamptz,
  updatedAt,
  userRef,
} from './columns';
import { messages } from './chat';
import { tradeRow } from './trade-columns';
import { depositNetworkEnum, orderActorEnum, orderStateEnum, rateCurrencyEnum } from './enums';
import { payoutAccounts } from './payout-accounts';
import { depositExtendedKeys } from './deposit-addresses';

/**
 * Named by the final states, not the open ones: a migration that adds an open state to the enum
 * cannot use it in the same transaction (PostgreSQL's "unsafe use of new enum value").
 */
const finalStates = sql.raw(FINAL_ORDER_STATES.map((s) => `'${s}'`).join(', '));

/**
 * A trade inside a chat (PRODUCT.md "Orders"): the customer sends `amount_crypto` of `coin` to
 * `deposit_address` and is paid `total_naira` at the locked `rate_naira` into the payout account.
 * Each state change is a conditional update (`where state = expected`), so of two concurrent
 * transitions exactly one wins; each is also a row of `order_events`.
 */
export const orders = pgTable(
  'orders',
  {
    ...tradeRow(),
    /** The agent whose quote this was; null for the customer's own order. */
    quotedBy: userRef('quoted_by'),
    coin: rateCurrencyEnum('coin').notNull(),
    network: depositNetworkEnum('network').notNull(),
    amountCrypto: decimal8('amount_crypto').notNull(),
    /** Naira per one coin, locked until `expires_at`. */
    rateNaira: naira('rate_naira').notNull(),
    totalNaira: naira('total_naira').notNull(),
    /** Null until the quote is accepted. */
    depositAddress: text('deposit_address'),
    /**
     * The extended key `deposit_address` was derived from, at `0/deposit_address_index`
     * (decision 030); both null for a fixed (shared) address.
     */
    depositKeyId: integer('deposit_key_id').references(() => depositExtendedKeys.id),
    depositAddressIndex: integer('deposit_address_index'),
    payoutAccountId: integer('payout_account_id').references(() => payoutAccounts.id),
    state: orderStateEnum('state').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    txHash: text('tx_hash'),
    bankReference: text('bank_reference'),
    /** The agent who paid the naira: the agent of the trade transaction completion writes. */
    paidBy: userRef('paid_by'),
    /** The admin who approved a payout over PAYOUT_APPROVAL_NAIRA (decision 028): never its payer. */
    payoutApprovedBy: userRef('payout_approved_by'),
    /** The agent's image of the transfer: an image message staff sent in the order's chat. */
    payoutProofMessageId: bigint('payout_proof_message_id', { mode: 'number' }).references(
      () => messages.id,
    ),
    /** The customer's screenshot of the coins sent: an image message they sent in the chat. */
    depositScreenshotMessageId: bigint('deposit_screenshot_message_id', {
      mode: 'number',
    }).references(() => messages.id),
    /**
     * What the deposit watcher last read on the chain for `tx_hash`: confirmations (null: not
     * read yet, "checking…"), how many count, the coins that reached the deposit address, when
     * the transaction was first seen, and what is wrong with it (wrong address, short, over,
     * late), which keeps the order from confirming by itself.
     */
    chainConfirmations: integer('chain_confirmations'),
    chainConfirmationsRequired: integer('chain_confirmations_required'),
    chainReceivedCrypto: decimal8('chain_received_crypto'),
    chainFirstSeenAt: timestamptz('chain_first_seen_at'),
    chainProblem: text('chain_problem'),
    /** What kind of problem `chain_problem` is (not found, short, ...), for screens and filters. */
    chainProblemKind: text('chain_problem_kind').$type<DepositProblemKind>(),
    chainCheckedAt: timestamptz('chain_checked_at'),
    /**
     * Received minus the order's amount when it is outside DEPOSIT_TOLERANCE_PERCENT (negative:
     * short); null when within it or not read. The agent re-quotes or returns it.
     */
    chainAmountOffCrypto: decimal8('chain_amount_off_crypto'),
    /**
     * The system confirmed the deposit from the chain: the watcher keeps reading it until the
     * payout, and a reorganised block (confirmations back under the threshold) holds the payout.
     * An agent's confirmation by hand turns it off.
     */
    chainWatchConfirmed: boolean('chain_watch_confirmed').notNull().default(false),
    /**
     * The chain's tip when the order was made (decision 030), from `chain_tips`: a transaction in
     * a block at or below this height is older than the order. Null: no tip was read yet.
     */
    chainTipHeight: integer('chain_tip_height'),
    /** The tip block's own time (TRON's are exact); null for BTC or no tip. */
    chainTipAt: timestamptz('chain_tip_at'),
    /** The desk's transaction that sent a refused deposit back (state `refunded`). */
    returnTxHash: text('return_tx_hash'),
    /** A retried create with the same key returns this order. */
    ...idempotency(),
    acceptedAt: timestamptz('accepted_at'),
    depositSeenAt: timestamptz('deposit_seen_at'),
    depositConfirmedAt: timestamptz('deposit_confirmed_at'),
    payoutSentAt: timestamptz('payout_sent_at'),
    completedAt: timestamptz('completed_at'),
    disputedAt: timestamptz('disputed_at'),
    refundedAt: timestamptz('refunded_at'),
    expiredAt: timestamptz('expired_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_reference_uq').on(t.reference),
    // One order per derived address, ever.
    uniqueIndex('orders_deposit_index_uq').on(t.depositKeyId, t.depositAddressIndex),
    // A tx hash settles one order, ever.
    uniqueIndex('orders_tx_hash_uq').on(t.txHash),
    // One image proves one payout.
    uniqueIndex('orders_payout_proof_uq').on(t.payoutProofMessageId),
    // One open order per chat, even when two are created at once.
    uniqueIndex('orders_open_per_chat_uq')
      .on(t.chatSessionId)
      .where(sql`${t.state} not in (${finalStates})`),
    uniqueIndex('orders_idempotency_uq').on(t.customerId, t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.id),
    index('orders_state_idx').on(t.state, t.id),
    index('orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('quoted', 'awaiting_deposit')`),
  ],
);

/**
 * The payments counted for an order with its own derived address (decision 030): every
 * transaction paying that address, not older than the order, each once. The first one is also
 * the order's `tx_hash`; `chain_received_crypto` is their sum. Rewritten by the deposit watcher
 * on each read; `counted_at` is when a payment was first counted (one counted after the order
 * confirmed does not hold it back by its confirmations).
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: identityId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    txHash: text('tx_hash').notNull(),
    /** Coins it sent to the order's address (the order's coin). */
    receivedCrypto: decimal8('received_crypto').notNull(),
    confirmations: integer('confirmations').notNull(),
    /** Its block's time; null while in the mempool. */
    blockTime: timestamptz('block_time'),
    countedAt: timestamptz('counted_at').notNull(),
  },
  // A payment is one order's, ever.
  (t) => [
    uniqueIndex('order_payments_tx_hash_uq').on(t.txHash),
    index('order_payments_order_idx').on(t.orderId),
  ],
);

/**
 * An order's timeline: each state it entered, who moved it and when, append-only. A transition's
 * Idempotency-Key is kept here: the same key on the same order returns the order, not a 409.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: identityId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    state: orderStateEnum('state').notNull(),
    actor: orderActorEnum('actor').notNull(),
    actorId: userRef('actor_id'),
    note: text('note'),
    /** The transition, the caller and the body are what the request hash covers. */
    ...idempotency(),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_events_idempotency_uq').on(t.orderId, t.idempotencyKey),
  ],
);
