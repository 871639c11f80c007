import { z } from 'zod';
import { DESK_NETWORKS } from '../desk-addresses/networks';
import { DEPOSIT_PROBLEM_KINDS, ORDER_ACTORS, ORDER_STATES } from '../orders/states';
import { coinSchema, isoDateTime, pageSchema } from './common';
import { imageSeenBeforeSchema } from './messages';
import { payoutAccountSchema } from './payout-accounts';
import { positiveDecimal } from './rates';

export const orderStateSchema = z.enum(ORDER_STATES);

/** One step of an order's timeline: the state it entered, who moved it, when, and why. */
export const orderEventSchema = z.object({
  state: orderStateSchema,
  actor: z.enum(ORDER_ACTORS),
  /** Null for the system (the expiry sweep). */
  actorId: z.uuid().nullable(),
  at: isoDateTime,
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * An image message of the order's chat that the order points to (the agent's payout proof, the
 * customer's deposit screenshot), with the addresses the attachment route serves it at.
 */
export const orderImageSchema = z.object({
  messageId: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type OrderImage = z.infer<typeof orderImageSchema>;

/**
 * What the server last read on the chain for the order's tx hash (null before a tx hash).
 * `confirmations` null: not read yet ("checking…"). `problem`: why it will not confirm by itself.
 */
export const orderChainSchema = z.object({
  confirmations: z.number().int().nullable(),
  /** Null until the first read; BTC_CONFIRMATIONS or TRC20_CONFIRMATIONS then. */
  confirmationsRequired: z.number().int().nullable(),
  /** Coins that reached the deposit address, in the order's coin. */
  receivedCrypto: z.string().nullable(),
  firstSeenAt: isoDateTime.nullable(),
  problem: z.string().nullable(),
  /** What kind of problem `problem` is; null with no problem. */
  problemKind: z.enum(DEPOSIT_PROBLEM_KINDS).nullable(),
  checkedAt: isoDateTime.nullable(),
  /**
   * Received minus the order's amount, in the order's coin, when it is outside
   * DEPOSIT_TOLERANCE_PERCENT (negative: short); null within it. The agent re-quotes or returns.
   */
  differenceCrypto: z.string().nullable(),
  /** The same difference in naira at the order's rate, to the kobo (negative: short). */
  differenceNaira: z.string().nullable(),
  /**
   * A system-confirmed deposit whose confirmations went back under the threshold (a reorganised
   * block): the payout waits until they are back, or an agent confirms it by hand with a reason.
   */
  payoutHeld: z.boolean(),
  /**
   * An agent confirmed the deposit by hand (or released a held payout), not the chain: with
   * fewer confirmations than required it stays among the desk's deposit problems.
   */
  confirmedByHand: z.boolean(),
});
export type OrderChain = z.infer<typeof orderChainSchema>;

/** Money travels as decimal strings, each named by its unit. */
export const orderSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  chatSessionId: z.number().int(),
  customerId: z.uuid(),
  /** Who the customer is, for the desk's lists (the agents' Orders view). */
  customer: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
  }),
  state: orderStateSchema,
  coin: coinSchema,
  network: z.enum(DESK_NETWORKS),
  /** Coins the customer sends (BTC to 8 places, USDT to 6). */
  amountCrypto: z.string(),
  /** The locked managed sell rate, naira per one coin. */
  rateNaira: z.string(),
  /** Naira paid out: amountCrypto x rateNaira, half-up to the kobo. */
  totalNaira: z.string(),
  /** Null while an agent's quote waits for the customer to accept it. */
  depositAddress: z.string().nullable(),
  /** The rate lock ends here; without a tx hash by then, the order expires. */
  expiresAt: isoDateTime,
  payoutAccount: payoutAccountSchema.nullable(),
  txHash: z.string().nullable(),
  /** Null until a tx hash, or until the watcher has something to say about the address. */
  chain: orderChainSchema.nullable(),
  /** The desk's transaction that sent a refused deposit back (state `refunded`). */
  returnTxHash: z.string().nullable(),
  bankReference: z.string().nullable(),
  /** The agent's image of the bank transfer, sent in the chat; set with the payout. */
  payoutProof: orderImageSchema.nullable(),
  /** The customer's screenshot of the coins sent, if they attached one with the tx hash. */
  depositScreenshot: orderImageSchema.nullable(),
  timeline: z.array(orderEventSchema),
  /**
   * Agents' lists only (GET /api/orders), never a customer: the first image sent in the order's
   * chat since the order began that was seen before elsewhere.
   */
  imageSeenBefore: imageSeenBeforeSchema.optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Order = z.infer<typeof orderSchema>;
export const orderPageSchema = pageSchema(orderSchema);

const id = (label: string) =>
  z.coerce.number().int().positive(`Invalid ${label} id`).max(2_147_483_647);

/**
 * A new order. The customer sends the coin amount (`amount`) or the naira they want
 * (`amountNaira`), never both, and the payout account to be paid into. An agent sends the
 * same without a payout account: a quote the customer accepts (`/accept`).
 */
export const createOrderRequestSchema = z
  .object({
    chatSessionId: id('chat session'),
    coin: coinSchema,
    amount: positiveDecimal('Amount', 8).optional(),
    amountNaira: positiveDecimal('Naira amount', 2).optional(),
    payoutAccountId: id('payout account').optional(),
  })
  .refine((body) => (body.amount === undefined) !== (body.amountNaira === undefined), {
    error: 'Send the amount in crypto (amount) or in naira (amountNaira), one of the two',
    path: ['amount'],
  });
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

export const ordersQuerySchema = z.object({
  state: orderStateSchema.optional(),
  /**
   * `deposit`: open orders whose deposit needs an agent's eye: short or over beyond the
   * tolerance, first seen after the lock, or with an image seen before. Agents only.
   */
  attention: z.enum(['deposit'], { error: 'attention is deposit' }).optional(),
  chatSessionId: id('chat session').optional(),
  /** One customer's orders (the agents' desk side panel); a customer only ever gets their own. */
  customerId: z.uuid('Invalid customer id').optional(),
  /** Opaque: the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const orderIdParamsSchema = z.object({ id: id('order') });

/** The customer takes an agent's quote, naming the account to be paid into. */
export const acceptOrderRequestSchema = z.object({ payoutAccountId: id('payout account') });

/** The id of an image message in the order's chat (sent first, through the attachment route). */
const imageMessageId = (problem: string) =>
  z.number({ error: problem }).int(problem).positive(problem).max(Number.MAX_SAFE_INTEGER, problem);

export const depositRequestSchema = z.object({
  txHash: z
    .string({ error: 'Enter the transaction hash' })
    .trim()
    .min(1, 'Enter the transaction hash')
    .max(100, 'A transaction hash is at most 100 characters'),
  /** Optional: the customer's screenshot of the coins sent, an image they sent in the chat. */
  screenshotMessageId: imageMessageId(
    "The deposit screenshot is the id of an image message you sent in the order's chat",
  ).optional(),
});

export const payoutRequestSchema = z.object({
  bankReference: z
    .string({ error: 'Enter the bank reference' })
    .trim()
    .min(1, 'Enter the bank reference')
    .max(100, 'The bank reference must be at most 100 characters'),
  /** The proof of the transfer: an image message an agent or admin sent in the order's chat. */
  proofMessageId: imageMessageId(
    "Attach the payout proof: the id of an image message staff sent in the order's chat",
  ),
});

const note = (what: string) =>
  z
    .string({ error: `Say ${what}` })
    .trim()
    .min(3, `Say ${what} (at least 3 characters)`)
    .max(1000, 'At most 1,000 characters');

export const disputeRequestSchema = z.object({ note: note('what went wrong') });

/** An admin ends a dispute: the naira was paid (completed) or the coins go back (refunded). */
export const resolveRequestSchema = z.object({
  outcome: z.enum(['completed', 'refunded'], { error: 'The outcome is completed or refunded' }),
  reason: note('why'),
});

/** Either side may cancel before a deposit; the reason, and the body itself, are optional. */
export const cancelRequestSchema = z
  .object({ reason: z.string().trim().max(1000).optional() })
  .nullish();

/**
 * An agent confirms a deposit by hand: why (a chain the reader cannot see), kept in the timeline
 * and the audit log. Required, at least 10 characters, when the chain has not counted the
 * required confirmations or recorded a problem (the server checks it against the order); the
 * body itself is optional otherwise.
 */
export const confirmDepositRequestSchema = z
  .object({ reason: z.string().trim().max(1000, 'At most 1,000 characters').optional() })
  .nullish();

/**
 * An agent lets the payout go ahead while a reorganised block holds it (the chain shows fewer
 * confirmations than needed again): why, for the timeline and the audit.
 */
export const releasePayoutRequestSchema = z.object({ reason: note('why the payout may go ahead') });

/** An agent sends a deposit back rather than re-quote it: why, for the timeline and the audit. */
export const returnDepositRequestSchema = z.object({ reason: note('why it goes back') });

/** The desk's transaction that returned the coins, in the order network's shape. */
export const depositReturnedRequestSchema = z.object({
  returnTxHash: z
    .string({ error: 'Enter the tx hash of the return' })
    .trim()
    .min(1, 'Enter the tx hash of the return')
    .max(100, 'A transaction hash is at most 100 characters'),
});

/** The transitions, each its own endpoint: POST /api/orders/:id/{transition}. */
export const ORDER_TRANSITIONS = [
  'accept',
  'deposit',
  'confirm-deposit',
  'release-payout',
  'requote',
  'accept-requote',
  'decline-requote',
  'return-deposit',
  'returned',
  'payout',
  'received',
  'dispute',
  'resolve',
  'cancel',
] as const;
export type OrderTransition = (typeof ORDER_TRANSITIONS)[number];
