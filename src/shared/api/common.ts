import { z } from 'zod';

/** Every error answer of the API. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Decimal values travel as strings so no float ever touches money. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');

export const isoDateTime = z.iso.datetime({ offset: true });
