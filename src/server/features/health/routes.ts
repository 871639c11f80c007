import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/api/health';
import type { Database } from '../../db/client';

const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    {
      config: { role: 'public' },
      schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS).unref(),
          ),
        ]);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
};
