import { z } from 'zod';
import { TRANSACTION_CURRENCIES, TRANSACTION_KINDS, TRANSACTION_STATUSES } from '../domain';
import { isoDateTime, pageSchema, transactionStatusSchema } from './common';
import { positiveDecimal } from './rates';

/**
 * A positive decimal whose negative form gets its own message: "-5" is a sign error, not a
 * missing field or a malformed number.
 */
function positiveAmount(label: string, places: number) {
  return z
    .string()
    .trim()
    .refine((v) => !v.startsWith('-'), { message: `${label} must be positive`, abort: true })
    .pipe(positiveDecimal(label, places));
}

/** Every transaction starts pending (or waiting for approval); completing or failing it is its own step. */
const CREATED_PENDING_MESSAGE =
  'A transaction is created pending (over the approval threshold, pending_approval); complete or fail it afterwards (PATCH /api/transactions/{id}/status)';

export const TRANSACTION_TYPE_LABELS: Record<(typeof TRANSACTION_KINDS)[number], string> = {
  trade: 'Sell',
  refund: 'Refund',
  charge: 'New Charge',
  adjustment: 'Price Adjustment',
};

/**
 * APPROVAL_THRESHOLD_USD's default: a refund, charge or adjustment over $50 is created
 * `pending_approval`, and the form shows the spec's "Approval Required" notice over the server's
 * value (public config; decision 028).
 */
export const APPROVAL_THRESHOLD_USD = '50';

export const transactionSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  chatSessionId: z.number().int(),
  customerId: z.uuid(),
  agentId: z.uuid(),
  type: z.enum(TRANSACTION_KINDS),
  transactionType: z.string(),
  currency: z.enum(TRANSACTION_CURRENCIES),
  /** Crypto amount (8 places) or dollars (2 places). */
  amount: z.string(),
  /** Naira per unit of the currency. */
  rate: z.string(),
  /** Naira, amount x rate rounded half-up to the kobo. */
  total: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  reason: z.string().nullable(),
  /**
   * A trade an agent recorded by hand before trades came only from orders: history only,
   * never in volume. Always false for an order's trade and for refunds, charges, adjustments.
   */
  manual: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Transaction = z.infer<typeof transactionSchema>;

const chatSessionId = z.coerce
  .number()
  .int()
  .positive('Invalid chat session id')
  .max(2_147_483_647);

/** What `POST /api/transactions` says to a trade: it is an order now (issue 29). */
export const TRADES_COME_FROM_ORDERS =
  'Trades come only from orders: send the customer a quote from the chat (Send quote). Refunds, charges and adjustments are recorded here';

/**
 * The spec's Process Transaction form: a refund, charge or adjustment in dollars, converted at
 * the USD-to-naira rate. A trade is never recorded by hand: it is the trade a completed order
 * writes (PRODUCT.md "Orders").
 */
export const createTransactionRequestSchema = z.object({
  chatSessionId,
  customerId: z.uuid().optional(),
  type: z.enum(TRANSACTION_KINDS).exclude(['trade'], {
    error: (issue) =>
      issue.input === 'trade' ? TRADES_COME_FROM_ORDERS : 'Choose refund, charge or adjustment',
  }),
  amount: positiveAmount('Amount', 2),
  status: z.undefined({ error: CREATED_PENDING_MESSAGE }).optional(),
  reason: z.string().trim().min(1, 'Please fill in all required fields').max(1000),
});
export type CreateTransactionRequest = z.input<typeof createTransactionRequestSchema>;

export const transactionStatusRequestSchema = z.object({
  status: transactionStatusSchema.exclude(['pending', 'pending_approval']),
});
/** An admin's rejection of a transaction waiting for approval: the reason is kept and audited. */
export const rejectTransactionRequestSchema = z.object({
  reason: z.string().trim().min(1, 'Give the reason for the rejection').max(1000),
});
export const transactionIdParamsSchema = z.object({
  id: z.coerce.number().int().positive('Invalid transaction id').max(2_147_483_647),
});

export const transactionPageSchema = pageSchema(transactionSchema);
export const customerTransactionsQuerySchema = z.object({
  /** Agents pass the customer whose history they open; customers always get their own. */
  customerId: z.uuid().optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
