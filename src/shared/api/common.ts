import { z } from 'zod';
import {
  CHAT_CATEGORIES,
  CUSTOMER_STATUSES,
  RATE_CURRENCIES,
  TRANSACTION_STATUSES,
} from '../domain';

/** Every error answer of the API. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Decimal values travel as strings so no float ever touches money. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');

export const isoDateTime = z.iso.datetime({ offset: true });

/**
 * The domain's closed sets as schemas. A narrower set is derived from these (`.extract`,
 * `.exclude`), never written out again, so a new value in domain.ts reaches every schema.
 */
export const chatCategorySchema = z.enum(CHAT_CATEGORIES);
/** The coins the desk buys: a chat about one of them, a rate, a trade. */
export const coinSchema = z.enum(RATE_CURRENCIES);
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES);
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);

/**
 * The Idempotency-Key of a request that creates or moves money (a trade, an order, an order's
 * step): a repeat under the same key answers what the first did instead of doing it twice.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required' })
    .trim()
    .min(8, 'The Idempotency-Key header must be 8 to 200 characters')
    .max(200, 'The Idempotency-Key header must be 8 to 200 characters'),
});

/** Cursor paging: an opaque cursor from the previous page and a page size. */
export const cursorQueryShape = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
