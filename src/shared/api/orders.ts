import { z } from 'zod';
import { DEPOSIT_NETWORKS } from '../deposit-addresses/networks';
import { RATE_SYMBOLS, type RateCurrency } from '../domain';
import { guardConfirmationSchema } from '../market-guard';
import { dec, formatNaira } from '../money';
import { COIN_DECIMALS, DEPOSIT_PROBLEM_KINDS, ORDER_ACTORS, ORDER_STATES } from '../orders/states';
import { HAND_CONFIRM_REASON_MIN } from '../orders/chain-reading';
import { coinSchema, isoDateTime, pageSchema } from './common';
import { imageSeenBeforeSchema } from './messages';
import { payoutAccountSchema } from './payout-accounts';

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

/** One payment to an order's own address, as the watcher last read it. */
export const orderPaymentSchema = z.object({
  txHash: z.string(),
  /** Coins it sent to the address, in the order's coin. */
  receivedCrypto: z.string(),
  confirmations: z.number().int(),
  /** Its block's time; null while in the mempool. */
  blockTime: isoDateTime.nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** Money travels as decimal strings, each named by its unit. */
export const orderSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  chatSessionId: z.number().int(),
  customerId: z.uuid(),
  /** Who the customer is, for the staff's lists (the agents' Orders view). */
  customer: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
  }),
  state: orderStateSchema,
  coin: coinSchema,
  network: z.enum(DEPOSIT_NETWORKS),
  /** Coins the customer sends (BTC to 8 places, USDT to 6). */
  amountCrypto: z.string(),
  /** The locked managed sell rate, naira per one coin. */
  rateNaira: z.string(),
  /** Naira paid out: amountCrypto x rateNaira, half-up to the kobo. */
  totalNaira: z.string(),
  /** Null while an agent's quote waits for the customer to accept it. */
  depositAddress: z.string().nullable(),
  /**
   * The index `depositAddress` was derived at (0/index of the desk's extended key, decision
   * 030); null for a shared fixed address.
   */
  depositAddressIndex: z.number().int().nullable(),
  /** The rate lock ends here; without a tx hash by then, the order expires. */
  expiresAt: isoDateTime,
  payoutAccount: payoutAccountSchema.nullable(),
  /** The deposit's transaction; with several payments to the order's own address, the first. */
  txHash: z.string().nullable(),
  /**
   * Every payment counted to the order's own derived address (decision 030), first first: they
   * add up to `chain.receivedCrypto`. Empty on a shared address (the one `txHash` is the deposit).
   */
  payments: z.array(orderPaymentSchema),
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
 * What is wrong with an amount typed by a person, one problem at a time in the order they would
 * fix it (a sign before the decimal places), or null. `places`: the most decimal places.
 */
export function amountProblem(value: string, label: string, places: number): string | null {
  if (value === '') return `${label} is required`;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value)) return `${label} must be a number`;
  if (value.startsWith('-') || /^[0.]+$/.test(value)) return `${label} must be more than 0`;
  const [whole = '', fraction = ''] = value.split('.');
  if (whole.replace(/^0+/, '').length > 12) return `${label} is too large`;
  if (fraction.length > places) return `${label} has at most ${places} decimal places`;
  return null;
}

/** A positive amount as a string, checked by `amountProblem` (the coin's places come later). */
const amountString = (label: string, places: number) =>
  z
    .string({ error: `Enter the ${label.toLowerCase()}` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = amountProblem(value, label, places);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A coin amount has the places of its network: BTC 8, USDT (TRC-20) 6. */
export function coinAmountProblem(amount: string, coin: RateCurrency): string | null {
  return amountProblem(amount, `A ${RATE_SYMBOLS[coin]} amount`, COIN_DECIMALS[coin]);
}

/**
 * What a quote is priced from. The customer sends the coin amount (`amount`) or the naira they
 * want (`amountNaira`), never both, and the payout account to be paid into. An agent sends the
 * same without a payout account: a quote the customer accepts (`/accept`).
 */
const quoteFields = {
  chatSessionId: id('chat session'),
  coin: coinSchema,
  amount: amountString('Amount', 8).optional(),
  amountNaira: amountString('Naira amount', 2).optional(),
  payoutAccountId: id('payout account').optional(),
};

type QuoteFields = {
  coin: RateCurrency;
  amount?: string | undefined;
  amountNaira?: string | undefined;
};

/** One of the two amounts, and a coin amount within its network's decimal places. */
function checkAmounts(body: QuoteFields, ctx: z.RefinementCtx): void {
  if ((body.amount === undefined) === (body.amountNaira === undefined)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Send the amount in crypto (amount) or in naira (amountNaira), one of the two',
      path: ['amount'],
    });
    return;
  }
  // A problem the field already reported is not said twice.
  if (body.amount === undefined || amountProblem(body.amount, 'Amount', 8)) return;
  const problem = coinAmountProblem(body.amount, body.coin);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amount'] });
}

/**
 * POST /api/orders/preview: the body of `POST /api/orders` before the lock. The payout account
 * may still be unchosen (the preview then names none).
 */
export const previewOrderRequestSchema = z.object(quoteFields).superRefine(checkAmounts);
export type PreviewOrderRequest = z.input<typeof previewOrderRequestSchema>;

/**
 * A new order: the preview's body with the `rateVersion` the preview answered. The lock takes
 * exactly that rate, or answers 409 `rate_changed` with the new preview. An agent quoting a
 * rate that is not published (outside the market guard) sends `confirmation` with the reason.
 */
export const createOrderRequestSchema = z
  .object({
    ...quoteFields,
    rateVersion: z
      .string({ error: 'Preview the order first: send the rateVersion it answered' })
      .min(1, 'Preview the order first: send the rateVersion it answered')
      .max(64),
    confirmation: guardConfirmationSchema.optional(),
  })
  .superRefine(checkAmounts);
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

/**
 * What a quote would be, from the server, before the lock: every figure the lock will take.
 * `rateVersion` names the managed rate it was priced at; `POST /api/orders` sends it back.
 */
export const orderPreviewSchema = z.object({
  coin: coinSchema,
  /** Coins the customer sends, to the network's places. */
  amountCrypto: z.string(),
  /** The managed sell rate, naira per one coin. */
  rateNaira: z.string(),
  /** Naira paid out: amountCrypto x rateNaira, half-up to the kobo. */
  totalNaira: z.string(),
  /** The account the naira goes to; null when none is chosen yet (and in an agent's quote). */
  payoutAccount: payoutAccountSchema.nullable(),
  /** QUOTE_TTL_MINUTES: how long the lock holds the rate. */
  lockMinutes: z.number().int().positive(),
  /** Market x USD-to-Naira, naira per one coin; null without a market price. */
  marketRateNaira: z.string().nullable(),
  /** The rate's signed distance from the market, percent to 2 places; null without a market. */
  marketDeviationPercent: z.string().nullable(),
  /** Within the market guard: customers may lock it; an agent past it gives a reason. */
  published: z.boolean(),
  rateVersion: z.string(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

/** The 409 of a lock whose rate changed since its preview: the new preview to show. */
export const rateChangedSchema = z.object({
  error: z.string(),
  code: z.literal('rate_changed'),
  preview: orderPreviewSchema,
});
export type RateChanged = z.infer<typeof rateChangedSchema>;

/** The 409 of an agent's quote at a rate outside the market guard without a reason. */
export const quoteGuardSchema = z.object({
  error: z.string(),
  code: z.literal('quote_guard'),
  preview: orderPreviewSchema,
});

/**
 * GET /api/orders/:id/requote-preview: what "Re-quote at received amount" would set (decision
 * 016), before its button: the coins received at the order's locked rate, the account paid into
 * and, for the agent, how far that rate now is from the market. A re-quote has no lock time: the
 * coins are with the desk. `POST /api/orders/:id/requote` sends `requoteVersion` back.
 */
export const requotePreviewSchema = z.object({
  coin: coinSchema,
  /** The coins received: the order's new amount, to the network's places. */
  amountCrypto: z.string(),
  /** The order's locked rate, naira per one coin: a re-quote keeps it. */
  rateNaira: z.string(),
  /** amountCrypto x rateNaira, half-up to the kobo. */
  totalNaira: z.string(),
  /** The order's figures before the re-quote. */
  wasAmountCrypto: z.string(),
  wasTotalNaira: z.string(),
  payoutAccount: payoutAccountSchema.nullable(),
  /** Market x USD-to-Naira now, naira per one coin; null without a market price. */
  marketRateNaira: z.string().nullable(),
  /** The locked rate's signed distance from the market now, percent to 2 places. */
  marketDeviationPercent: z.string().nullable(),
  /** Names the figures previewed: the re-quote sets exactly these or answers 409. */
  requoteVersion: z.string(),
});
export type RequotePreview = z.infer<typeof requotePreviewSchema>;

/** The re-quote: exactly the figures its preview showed. */
export const requoteRequestSchema = z.object({
  requoteVersion: z
    .string({ error: 'Preview the re-quote first: send the requoteVersion it answered' })
    .min(1, 'Preview the re-quote first: send the requoteVersion it answered')
    .max(64),
});

/** The 409 of a re-quote whose received amount changed since its preview: the new preview. */
export const requoteChangedSchema = z.object({
  error: z.string(),
  code: z.literal('requote_changed'),
  preview: requotePreviewSchema,
});

/** The order limits as the form and the refusal say them: "From ₦5,000 to ₦50,000,000". */
export function orderLimitsText(minNaira: string, maxNaira: string): string {
  const naira = (v: string) => formatNaira(v, { whole: dec(v).isInteger() });
  return `From ${naira(minNaira)} to ${naira(maxNaira)}`;
}

export const ordersQuerySchema = z.object({
  state: orderStateSchema.optional(),
  /**
   * `deposit`: open orders whose deposit needs an agent's eye: short or over beyond the
   * tolerance, first seen after the lock, or with an image seen before. Agents only.
   */
  attention: z.enum(['deposit'], { error: 'attention is deposit' }).optional(),
  chatSessionId: id('chat session').optional(),
  /** One customer's orders (the agents' inbox side panel); a customer only ever gets their own. */
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
  /**
   * Why the payout is right although the amount read on the proof is not the order's total (a
   * 409 with `receiptAmount` said both first): the override of the machine's reading, audited.
   */
  receiptAmountReason: z
    .string()
    .trim()
    .min(
      HAND_CONFIRM_REASON_MIN,
      `Say why the payout is right (at least ${HAND_CONFIRM_REASON_MIN} characters)`,
    )
    .max(1000, 'At most 1,000 characters')
    .optional(),
});

/** What the payout's 409 says when the proof's amount is not the order's total. */
export function receiptAmountMismatch(receiptAmount: string, totalNaira: string): string {
  return `The receipt says ${formatNaira(receiptAmount)}; this order pays ${formatNaira(totalNaira)}`;
}

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

/** The least a payout's rejection says, so the desk knows what to tell the customer. */
export const PAYOUT_REJECTION_REASON_MIN = 10;

/**
 * An admin refuses a payout waiting for approval (decision 028): why, for the timeline and the
 * audit; the coins then go back to the customer.
 */
export const rejectPayoutRequestSchema = z.object({
  reason: z
    .string({ error: 'Say why the payout is rejected' })
    .trim()
    .min(
      PAYOUT_REJECTION_REASON_MIN,
      `Say why the payout is rejected (at least ${PAYOUT_REJECTION_REASON_MIN} characters)`,
    )
    .max(1000, 'At most 1,000 characters'),
});

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
  'approve-payout',
  'reject-payout',
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
