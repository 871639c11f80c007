import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDepositAddressRequestSchema,
  depositAddressIdParamsSchema,
  depositAddressListSchema,
  depositAddressSchema,
  depositKeyListSchema,
  depositKeySchema,
  updateDepositAddressRequestSchema,
} from '../../../shared/api/deposit-addresses';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { addDepositAddress } from './add-deposit-address';
import { addDepositKey, depositKeyCsv, listDepositKeys } from './deposit-keys';
import { deleteDepositAddress } from './delete-deposit-address';
import { listDepositAddresses } from './list-deposit-addresses';
import { updateDepositAddress } from './update-deposit-address';
import { forRole } from '../../platform/roles';

export const depositAddressesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/desk-addresses',
    forRole('admin', {
      summary: "The desk's deposit addresses",
      description:
        'Admins: every deposit address, by network then age, with how often it was handed out.',
      response: { 200: depositAddressListSchema },
    }),
    async () => listDepositAddresses({ db }),
  );

  app.post(
    '/api/admin/desk-addresses',
    forRole('admin', {
      summary: 'Add a deposit address or key',
      description:
        'Admins add a deposit address, checked for its network (400), or an extended public key that gives each order its own address. The same address or key twice is a 409. Audited.',
      body: createDepositAddressRequestSchema,
      response: { 201: z.union([depositAddressSchema, depositKeySchema]) },
    }),
    async (request) => {
      const { network, label, address, extendedPublicKey } = request.body;
      const admin = requireUser(request);
      return extendedPublicKey === undefined
        ? addDepositAddress({ db, admin, input: { network, label, address: address! } })
        : addDepositKey({ db, admin, input: { network, label, extendedPublicKey } });
    },
  );

  app.get(
    '/api/admin/desk-addresses/keys',
    forRole('admin', {
      summary: "The desk's extended keys",
      description:
        'Admins: the extended public keys, active first, with their first addresses to check against the wallet and how many handed out in a row went unpaid.',
      response: { 200: depositKeyListSchema },
    }),
    async () => listDepositKeys(db),
  );

  app.get(
    '/api/admin/desk-addresses/keys/:id/addresses.csv',
    forRole('admin', {
      summary: "A key's addresses as CSV",
      description:
        'Admins download, as CSV, each order a key gave an address to, with its state and what the watcher saw arrive.',
      params: depositAddressIdParamsSchema,
    }),
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="deposit-addresses-key-${request.params.id}.csv"`,
        )
        .send(await depositKeyCsv(db, request.params.id)),
  );

  app.patch(
    '/api/admin/desk-addresses/:id',
    forRole('admin', {
      summary: 'Deactivate or relabel an address',
      description:
        'Admins deactivate or relabel a deposit address; an inactive address is never handed out again. Audited.',
      params: depositAddressIdParamsSchema,
      body: updateDepositAddressRequestSchema,
      response: { 200: depositAddressSchema },
    }),
    async (request) =>
      updateDepositAddress({
        db,
        admin: requireUser(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/api/admin/desk-addresses/:id',
    forRole('admin', {
      summary: 'Delete an unused address',
      description:
        'Admins delete an address never handed out (a typo caught in time); a used one is a 409. Answers 204.',
      params: depositAddressIdParamsSchema,
    }),
    async (request, reply) => {
      await deleteDepositAddress({ db, admin: requireUser(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};
