import { z } from 'zod';
import { CHAT_CATEGORIES, CHAT_STATUSES, TRANSACTION_STATUSES } from '../domain';
import { ORDER_STATES } from '../orders/states';
import { coinSchema, cursorQueryShape, isoDateTime, pageSchema } from './common';
import { transactionSchema } from './transactions';

const isoDate = z.iso.date();

export const analyticsQuerySchema = z
  .object({
    /** First Lagos day of the range (YYYY-MM-DD); default six days before `to`. */
    from: isoDate.optional(),
    /** Last Lagos day of the range, inclusive; default today in Lagos. */
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: '`from` must not be after `to`',
    path: ['from'],
  });

export const analyticsSchema = z.object({
  range: z.object({ from: isoDate, to: isoDate, timeZone: z.string() }),
  userStats: z.object({
    total: z.number().int(),
    /** Active agents (admins included); deactivated agents are not counted. */
    agents: z.number().int(),
    customers: z.number().int(),
    newThisWeek: z.number().int(),
  }),
  sessionStats: z.object({
    total: z.number().int(),
    active: z.number().int(),
    bitcoin: z.number().int(),
    usdt: z.number().int(),
    activeBitcoin: z.number().int(),
    activeUsdt: z.number().int(),
  }),
  /**
   * Transactions created in the range (every kind in the counts). Volume is naira: the sum of
   * completed trades' totals only; completed refunds, charges and adjustments are beside it.
   */
  transactionStats: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    /** Completed trades: the count behind the volume and its average. */
    completedTrades: z.number().int(),
    totalVolume: z.string(),
    refunds: z.string(),
    charges: z.string(),
    adjustments: z.string(),
  }),
  /** Percent split of the range's sessions; null when there were none. */
  distribution: z.object({ bitcoin: z.string().nullable(), usdt: z.string().nullable() }),
  /** Null where the divisor is zero: the screen shows "-". avgVolume: volume per completed trade. */
  metrics: z.object({
    successRate: z.string().nullable(),
    avgVolume: z.string().nullable(),
    agentUtilization: z.string().nullable(),
  }),
  /**
   * Orders in the range: those created in it, counted by the state they are in now; and the
   * payouts sent in it, with the average time from deposit confirmed to payout sent, in
   * seconds (a decimal string to 2 places; null when no payout was sent).
   */
  orderStats: z.object({
    total: z.number().int(),
    byState: z.record(z.enum(ORDER_STATES), z.number().int()),
    payoutsSent: z.number().int(),
    avgDepositToPayoutSeconds: z.string().nullable(),
  }),
  dailyActivity: z.array(
    z.object({ date: isoDate, sessions: z.number().int(), transactions: z.number().int() }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const adminSessionSchema = z.object({
  id: z.number().int(),
  category: z.enum(CHAT_CATEGORIES),
  status: z.enum(CHAT_STATUSES),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  agent: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  transactionCount: z.number().int(),
  createdAt: isoDateTime,
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

const page = {
  ...cursorQueryShape,
  q: z.string().trim().max(100).optional(),
};

export const adminSessionsQuerySchema = z.object({
  ...page,
  filter: z.enum(['all', 'active', ...coinSchema.options]).default('all'),
});
export const adminTransactionsQuerySchema = z.object({
  ...page,
  status: z.enum(TRANSACTION_STATUSES).optional(),
});

export const adminSessionPageSchema = pageSchema(adminSessionSchema);
export const adminTransactionPageSchema = pageSchema(
  transactionSchema.extend({ customerName: z.string() }),
);

export const exportQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { message: '`from` must not be after `to`', path: ['from'] });
