import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDeskAddressRequestSchema,
  deskAddressIdParamsSchema,
  deskAddressListSchema,
  deskAddressSchema,
  deskKeyListSchema,
  deskKeySchema,
  updateDeskAddressRequestSchema,
} from '../../../shared/api/desk-addresses';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { addDeskAddress } from './add-desk-address';
import { addDeskKey, deskKeyCsv, listDeskKeys } from './desk-keys';
import { deleteDeskAddress } from './delete-desk-address';
import { listDeskAddresses } from './list-desk-addresses';
import { updateDeskAddress } from './update-desk-address';
import { forRole } from '../../platform/roles';

export const deskAddressesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/desk-addresses',
    forRole('admin', { response: { 200: deskAddressListSchema } }),
    async () => listDeskAddresses({ db }),
  );

  app.post(
    '/api/admin/desk-addresses',
    forRole('admin', {
      body: createDeskAddressRequestSchema,
      response: { 201: z.union([deskAddressSchema, deskKeySchema]) },
    }),
    async (request) => {
      const { network, label, address, extendedPublicKey } = request.body;
      const admin = requireUser(request);
      return extendedPublicKey === undefined
        ? addDeskAddress({ db, admin, input: { network, label, address: address! } })
        : addDeskKey({ db, admin, input: { network, label, extendedPublicKey } });
    },
  );

  app.get(
    '/api/admin/desk-addresses/keys',
    forRole('admin', { response: { 200: deskKeyListSchema } }),
    async () => listDeskKeys(db),
  );

  app.get(
    '/api/admin/desk-addresses/keys/:id/addresses.csv',
    forRole('admin', { params: deskAddressIdParamsSchema }),
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="deposit-addresses-key-${request.params.id}.csv"`,
        )
        .send(await deskKeyCsv(db, request.params.id)),
  );

  app.patch(
    '/api/admin/desk-addresses/:id',
    forRole('admin', {
      params: deskAddressIdParamsSchema,
      body: updateDeskAddressRequestSchema,
      response: { 200: deskAddressSchema },
    }),
    async (request) =>
      updateDeskAddress({
        db,
        admin: requireUser(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/api/admin/desk-addresses/:id',
    forRole('admin', { params: deskAddressIdParamsSchema }),
    async (request, reply) => {
      await deleteDeskAddress({ db, admin: requireUser(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};
