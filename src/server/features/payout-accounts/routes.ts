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
    forRole('public', { response: { 200: bankListSchema } }),
    async () => bankList,
  );

  app.get(
    '/api/payout-accounts',
    forRole('customer', { response: { 200: payoutAccountListSchema } }),
    async (request) => listPayoutAccounts({ db, caller: requireUser(request) }),
  );

  // A customer's accounts as the agents' desk shows them (agent calls live under /api/admin/),
  // with who else saved each one.
  app.get(
    '/api/admin/users/:id/payout-accounts',
    forRole('agent', {
      params: userIdParamsSchema,
      response: { 200: staffPayoutAccountListSchema },
    }),
    async (request) => listCustomerPayoutAccounts({ db, customerId: request.params.id }),
  );

  app.post(
    '/api/payout-accounts',
    forRole('customer', {
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
    forRole('customer', { params: payoutAccountIdParamsSchema }),
    async (request, reply) => {
      await deletePayoutAccount({ db, caller: requireUser(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};
