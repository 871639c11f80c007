import { z } from 'zod';
import { TRANSACTION_CURRENCIES, TRANSACTION_KINDS, TRANSACTION_STATUSES } from '../domain';
import { guardConfirmationSchema } from '../market-guard';
import {
  coinSchema,
  isoDateTime,
  pageSchema,
  transactionKindSchema,
  transactionStatusSchema,
} from './common';
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

/** Every transaction starts pending; completing or failing it is its own, confirmed step. */
const CREATED_PENDING_MESSAGE =
  'A transaction is created pending; complete or fail it afterwards (PATCH /api/transactions/{id}/status)';

export const TRANSACTION_TYPE_LABELS: Record<(typeof TRANSACTION_KINDS)[number], string> = {
  trade: 'Sell',
  refund: 'Refund',
  charge: 'New Charge',
  adjustment: 'Price Adjustment',
};

/** Transactions over $50 show the spec's "Approval Required" notice; never blocked. */
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
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Transaction = z.infer<typeof transactionSchema>;

const chatSessionId = z.coerce
  .number()
  .int()
  .positive('Invalid chat session id')
  .max(2_147_483_647);

/** The spec's Process Transaction form: a dollar amount, converted at the USD-to-naira rate. */
export const adjustmentRequestSchema = z.object({
  chatSessionId,
  customerId: z.uuid().optional(),
  type: transactionKindSchema.exclude(['trade']),
  amount: positiveAmount('Amount', 2),
  status: z.undefined({ error: CREATED_PENDING_MESSAGE }).optional(),
  reason: z.string().trim().min(1, 'Please fill in all required fields').max(1000),
});

/**
 * A trade recorded from a chat: crypto amount at a naira rate. A rate further than the guard
 * from the managed rate needs `confirmation` (the agent's reason, audited).
 */
export const tradeRequestSchema = z.object({
  chatSessionId,
  customerId: z.uuid().optional(),
  type: z.literal('trade'),
  currency: coinSchema,
  amount: positiveAmount('Amount', 8),
  rate: positiveAmount('Rate', 2),
  status: z.undefined({ error: CREATED_PENDING_MESSAGE }).optional(),
  reason: z.string().trim().max(1000).optional(),
  confirmation: guardConfirmationSchema.optional(),
});

export const createTransactionRequestSchema = z.discriminatedUnion('type', [
  tradeRequestSchema,
  adjustmentRequestSchema,
]);
export type CreateTransactionRequest = z.input<typeof createTransactionRequestSchema>;

/**
 * The 409 a trade rate outside the guard gets, beside `error`: how far the rate is from the
 * reference in percent (null when there is no reference to compare with), the reference and
 * where it came from. The form shows it and asks for a reason.
 */
export const tradeGuardRefusalSchema = z.object({
  error: z.string(),
  confirmationRequired: z.literal(true),
  deviationPercent: z.string().nullable(),
  referenceRate: z.string().nullable(),
  referenceSource: z.enum(['managed', 'market', 'none']),
});
export type TradeGuardRefusal = z.infer<typeof tradeGuardRefusalSchema>;

export const transactionStatusRequestSchema = z.object({
  status: transactionStatusSchema.exclude(['pending']),
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
