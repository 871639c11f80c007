import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
});

/** `/api/health/live`: the process is up and answering. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });

const checkSchema = z.enum(['ok', 'failed']);

/** `/api/health/ready`: whether a load balancer should send this instance traffic, and why not. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: checkSchema, storage: checkSchema, listen: checkSchema }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
