import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdParamsSchema } from '../../../shared/api/agents';
import { customerStatusRequestSchema, customerSummarySchema } from '../../../shared/api/customers';
import { adminUserPageSchema, adminUsersQuerySchema } from '../../../shared/api/reports';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { listUsers } from '../reports';
import { setCustomerStatus } from './set-customer-status';
import { forRole } from '../../platform/roles';

interface CustomersRoutesOptions {
  db: Db;
  events: EventLog;
  /** Told `userChanged`: open sockets and cached sessions learn a status change at once. */
  bus: EventBus;
}

/**
 * An agent's change of a customer's status at `url`: the agent chat list's dropdown here, the
 * demo agent view's at its own URL (demo/routes.ts).
 */
export const customerStatusRoute: FastifyPluginAsyncZod<
  CustomersRoutesOptions & { url: string }
> = async (app, { db, events, bus, url }) => {
  app.patch(
    url,
    forRole('agent', {
      params: userIdParamsSchema,
      body: customerStatusRequestSchema,
      response: { 200: customerSummarySchema },
    }),
    async (request) =>
      setCustomerStatus({
        db,
        events,
        bus,
        actor: requireUser(request),
        customerId: request.params.id,
        ...request.body,
      }),
  );
};

export const customersRoutes: FastifyPluginAsyncZod<CustomersRoutesOptions> = async (
  app,
  options,
) => {
  // Agents use these for the chat list (PRODUCT.md: agent calls under /api/admin/).
  app.get(
    '/api/admin/users',
    forRole('agent', {
      querystring: adminUsersQuerySchema,
      response: { 200: adminUserPageSchema },
    }),
    async (request) => listUsers({ db: options.db, ...request.query }),
  );

  await app.register(customerStatusRoute, {
    ...options,
    url: '/api/admin/users/:id/customer-status',
  });
};
