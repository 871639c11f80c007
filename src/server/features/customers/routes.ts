import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdParamsSchema } from '../../../shared/api/agents';
import {
  adminUserPageSchema,
  adminUsersQuerySchema,
  customerStatusRequestSchema,
  customerSummarySchema,
  eraseAccountRequestSchema,
  eraseAccountResponseSchema,
} from '../../../shared/api/customers';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { listUsers } from './list-users';
import { clearSessionCookie } from '../../platform/sessions';
import type { ObjectStorage } from '../../platform/storage';
import { eraseCustomer, eraseCustomerForAdmin } from './erase-customer';
import { exportCustomerData } from './export-customer-data';
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
      summary: "Mark a customer's status",
      description:
        "Agents and admins set a customer's status (active, banned, paid, dispute, hold), pushed live. Agents' and admins' accounts have none (403). Audited.",
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

export const customersRoutes: FastifyPluginAsyncZod<
  CustomersRoutesOptions & {
    /** Where the chats' images are: the export reads them, the erasure removes them. */
    storage: ObjectStorage;
    /** How long an erased customer's orders, transactions and audit entries are kept. */
    retentionYears: number;
  }
> = async (app, options) => {
  const { db, storage, bus } = options;

  // The signed-in customer's own data, as one ZIP (decision 027).
  app.get(
    '/api/customer/data-export',
    forRole('customer', {
      summary: "Download one's own data",
      description:
        'A customer downloads, as one ZIP, their profile, chats (without private notes), orders, transactions, payout accounts and chat images. A staff account gets 403.',
    }),
    async (request, reply) => {
      const zip = await exportCustomerData({ db, storage, customer: requireUser(request) });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="agentchat-my-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );

  app.post(
    '/api/customer/erase',
    forRole('customer', {
      summary: "Erase one's own account",
      description:
        'A customer, typing ERASE, erases their personal data, chat texts and images; orders, transactions and audit entries are kept under a pseudonym for RETENTION_YEARS. Refused while an order is open (409).',
      body: eraseAccountRequestSchema,
      response: { 200: eraseAccountResponseSchema },
    }),
    async (request, reply) => {
      const result = await eraseCustomer({
        db,
        storage,
        bus,
        logger: request.log,
        customer: requireUser(request),
        retentionYears: options.retentionYears,
      });
      // The session row is gone already; the browser forgets the cookie too.
      clearSessionCookie(reply, { secure: request.protocol === 'https' });
      return result;
    },
  );

  app.post(
    '/api/admin/users/:id/erase',
    forRole('admin', {
      summary: 'Erase a customer',
      description:
        "Admins, on the customer's request, erase a customer who cannot do it themselves (a WhatsApp customer has no sign-in), typing ERASE: the same erasure as the customer's own, their WhatsApp number, held messages and Meta's deliveries about them included. Audited. Refused while an order is open (409); a staff account is 403, an unknown id 404.",
      params: userIdParamsSchema,
      body: eraseAccountRequestSchema,
      response: { 200: eraseAccountResponseSchema },
    }),
    async (request) =>
      eraseCustomerForAdmin({
        db,
        storage,
        bus,
        logger: request.log,
        admin: requireUser(request),
        customerId: request.params.id,
        retentionYears: options.retentionYears,
      }),
  );

  // Agents use these for the chat list (PRODUCT.md: agent calls under /api/admin/).
  app.get(
    '/api/admin/users',
    forRole('agent', {
      summary: 'The users',
      description:
        'Agents and admins: users newest first, customers by default, searchable by name or email. The demo customer is never listed.',
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
