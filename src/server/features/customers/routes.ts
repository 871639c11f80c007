import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdParamsSchema } from '../../../shared/api/agents';
import { adminUserPageSchema, adminUsersQuerySchema } from '../../../shared/api/reports';
import { customerStatusRequestSchema, customerSummarySchema } from '../../../shared/api/customers';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { listUsers } from '../reports';
import { setCustomerStatus } from './manage-customers';

export const customersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  events: EventLog;
  /** Hears `userChanged`: open sockets and cached sessions learn a status change at once. */
  bus: EventBus;
}> = async (app, { db, events, bus }) => {
  // Agents use these for the chat list (PRODUCT.md: agent calls under /api/admin/).
  app.get(
    '/api/admin/users',
    {
      config: { role: 'agent' },
      schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserPageSchema } },
    },
    async (request) => listUsers({ db, ...request.query }),
  );

  app.patch(
    '/api/admin/users/:id/customer-status',
    {
      config: { role: 'agent' },
      schema: {
        params: userIdParamsSchema,
        body: customerStatusRequestSchema,
        response: { 200: customerSummarySchema },
      },
    },
    async (request) => {
      const { customer, user } = await setCustomerStatus({
        db,
        events,
        actor: requireUser(request),
        customerId: request.params.id,
        status: request.body.status,
      });
      bus.emit('userChanged', user);
      return customer;
    },
  );
};
