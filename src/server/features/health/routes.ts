import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
  type ReadinessResponse,
} from '../../../shared/api/health';
import type { Database } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { forRole } from '../../platform/roles';
import type { ObjectStorage } from '../../platform/storage';

/** A load balancer polls every few seconds: a check that hangs must fail, not pile up. */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} timed out`)), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  notifications: Notifications;
  /** The image store: the upload folder takes writes, or the bucket answers. */
  storage: ObjectStorage;
}> = async (app, { database, notifications, storage }) => {
  app.get(
    '/api/health',
    forRole('public', {
      summary: 'Server and database health',
      description:
        'Anyone, for load balancers and probes: whether the database answers within 2 s (else 503).',
      response: { 200: healthResponseSchema, 503: healthResponseSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await withTimeout(database.ping(), 'database ping');
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );

  // No I/O: a process that answers is alive; a restart would not mend a database outage.
  app.get(
    '/api/health/live',
    forRole('public', {
      summary: 'Liveness',
      description:
        'Anyone: the process is up and answering. No I/O, so a database outage never fails it.',
      response: { 200: livenessResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    forRole('public', {
      summary: 'Readiness',
      description:
        'Anyone: whether this instance should get traffic: the database, the image store and the realtime LISTEN connection each answer within 2 s (else 503, the reason only in the log).',
      response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [databaseCheck, storageCheck] = await Promise.allSettled([
        withTimeout(database.ping(), 'database ping'),
        withTimeout(storage.probe(), `${storage.kind} storage probe`),
      ]);
      // An instance that cannot hear other instances' events would serve stale chats.
      const checks: ReadinessResponse['checks'] = {
        database: databaseCheck.status === 'fulfilled' ? 'ok' : 'failed',
        storage: storageCheck.status === 'fulfilled' ? 'ok' : 'failed',
        listen: notifications.live ? 'ok' : 'failed',
      };
      if (databaseCheck.status === 'rejected')
        request.log.warn({ err: databaseCheck.reason }, 'readiness: database unreachable');
      if (storageCheck.status === 'rejected')
        request.log.warn({ err: storageCheck.reason }, `readiness: ${storage.kind} storage failed`);
      if (checks.listen === 'failed') request.log.warn('readiness: LISTEN connection down');
      const ready = Object.values(checks).every((check) => check === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  );
};
