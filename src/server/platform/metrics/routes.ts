import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forRole } from '../roles';
import { metricsRefusal } from './access';
import type { AppMetrics } from './app-metrics';

/** Where Prometheus looks by default. Outside /api: not part of the API (nor its document). */
export const METRICS_URL = '/metrics';

/**
 * The Prometheus text. `public` as far as sign-in goes: Prometheus has no session; the route
 * checks its own token or the caller's address (access.ts) before anything is read.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{
  metrics: AppMetrics;
  token: string | undefined;
}> = async (app, { metrics, token }) => {
  app.get(METRICS_URL, forRole('public', { hide: true }), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const refusal = metricsRefusal(request, token);
    if (refusal) {
      if (refusal.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.status(refusal.status).send({ error: refusal.error });
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
};
