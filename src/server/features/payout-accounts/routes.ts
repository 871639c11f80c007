import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdParamsSchema } from '../../../shared/api/agents';
import {
  bankListSchema,
  createPayoutAccountRequestSchema,
  payoutAccountIdParamsSchema,
  payoutAccountListSchema,
  payoutAccountSchema,
  staffPayoutAccountListSchema,
} from '../../../shared/api/payout-accounts';
import { BANKS } from '../../../shared/payout-accounts/banks';
import type { NameEnquirySettings } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { addPayoutAccount } from './add-payout-account';
import { deletePayoutAccount } from './delete-payout-account';
import { listCustomerPayoutAccounts } from './list-customer-payout-accounts';
import { listPayoutAccounts } from './list-payout-accounts';
import { forRole } from '../../platform/roles';

const bankList = BANKS.map(({ code, name, shortName, scheme }) => ({
  code,
  name,
  shortName,
  scheme,
}));

export const payoutAccountsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  nameEnquiry: NameEnquirySettings | undefined;
}> = async (app, { db, nameEnquiry }) => {
  app.get(
    '/api/banks',
    forRole('public', {
      summary: 'The banks',
      description:
        'Anyone: the banks a customer can choose for a payout account, with their codes.',
      response: { 200: bankListSchema },
    }),
    async () => bankList,
  );

  app.get(
    '/api/payout-accounts',
    forRole('customer', {
      summary: "One's own payout accounts",
      description: "A signed-in user's own saved bank accounts, oldest first.",
      response: { 200: payoutAccountListSchema },
    }),
    async (request) => listPayoutAccounts({ db, caller: requireUser(request) }),
  );

  // A customer's accounts as the agents' inbox shows them (agent calls live under /api/admin/),
  // with who else saved each one.
  app.get(
    '/api/admin/users/:id/payout-accounts',
    forRole('agent', {
      summary: "A customer's payout accounts",
      description:
        "Agents and admins: one customer's saved accounts, each with the other customers who saved the same bank and number.",
      params: userIdParamsSchema,
      response: { 200: staffPayoutAccountListSchema },
    }),
    async (request) => listCustomerPayoutAccounts({ db, customerId: request.params.id }),
  );

  app.post(
    '/api/payout-accounts',
    forRole('customer', {
      summary: 'Add a payout account',
      description:
        "A customer saves a bank account for payouts; its name comes from the bank's name enquiry when it answers (verified), else as typed. Audited.",
      body: createPayoutAccountRequestSchema,
      response: { 201: payoutAccountSchema },
    }),
    async (request) =>
      addPayoutAccount({
        db,
        caller: requireUser(request),
        input: request.body,
        nameEnquiry,
        logger: request.log,
      }),
  );

  app.delete(
    '/api/payout-accounts/:id',
    forRole('customer', {
      summary: 'Delete a payout account',
      description:
        "A customer removes one of their own accounts from their list (kept hidden so past payouts stay on record); another's is a 404. Answers 204. Audited.",
      params: payoutAccountIdParamsSchema,
    }),
    async (request, reply) => {
      await deletePayoutAccount({ db, caller: requireUser(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};
