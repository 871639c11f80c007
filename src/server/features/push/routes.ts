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
  /** This instance's own change, heard before the response (others hear the database). */
  subscriptionsChanged: () => void;
}> = async (app, { db, publicKey, extraOrigins, subscriptionsChanged }) => {
  app.get(
    '/api/push/key',
    forRole('public', {
      summary: 'The Web Push key',
      description: 'Anyone: the VAPID public key a browser subscribes with.',
      response: { 200: pushKeySchema },
    }),
    async () => ({
      publicKey,
    }),
  );

  app.post(
    '/api/push/subscriptions',
    forRole('customer', {
      summary: 'Subscribe a browser to Web Push',
      description:
        'A signed-in user subscribes this browser to notifications; the endpoint must be a known push service (400). At most 10 browsers per user. Answers 204.',
      body: pushSubscriptionRequestSchema,
    }),
    async (request, reply) => {
      await saveSubscription({
        db,
        caller: requireUser(request),
        input: request.body,
        extraOrigins,
      });
      subscriptionsChanged();
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/push/subscriptions',
    forRole('customer', {
      summary: 'Unsubscribe a browser',
      description:
        "A signed-in user removes their subscription with that endpoint; anyone else's is left as it is. Answers 204.",
      body: deletePushSubscriptionRequestSchema,
    }),
    async (request, reply) => {
      await deleteSubscription({
        db,
        caller: requireUser(request),
        endpoint: request.body.endpoint,
      });
      subscriptionsChanged();
      return reply.status(204).send();
    },
  );
};
