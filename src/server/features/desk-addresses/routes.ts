import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDeskAddressRequestSchema,
  deskAddressIdParamsSchema,
  deskAddressListSchema,
  deskAddressSchema,
  updateDeskAddressRequestSchema,
} from '../../../shared/api/desk-addresses';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { addDeskAddress } from './add-desk-address';
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
      response: { 201: deskAddressSchema },
    }),
    async (request) => addDeskAddress({ db, admin: requireUser(request), input: request.body }),
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
