import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletePushSubscriptionRequestSchema,
  pushKeySchema,
  pushSubscriptionRequestSchema,
} from '../../../shared/api/push';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { forRole } from '../../platform/roles';
import { deleteSubscription } from './delete-subscription';
import { saveSubscription } from './save-subscription';

export const pushRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicKey: string;
  /** PUSH_SERVICE_ORIGINS: push services allowed besides the browsers' own. */
  extraOrigins: readonly string[];
}> = async (app, { db, publicKey, extraOrigins }) => {
  app.get('/api/push/key', forRole('public', { response: { 200: pushKeySchema } }), async () => ({
    publicKey,
  }));

  app.post(
    '/api/push/subscriptions',
    forRole('customer', { body: pushSubscriptionRequestSchema }),
    async (request, reply) => {
      await saveSubscription({
        db,
        caller: requireUser(request),
        input: request.body,
        extraOrigins,
      });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/push/subscriptions',
    forRole('customer', { body: deletePushSubscriptionRequestSchema }),
    async (request, reply) => {
      await deleteSubscription({
        db,
        caller: requireUser(request),
        endpoint: request.body.endpoint,
      });
      return reply.status(204).send();
    },
  );
};
