import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cannedReplyIdParamsSchema,
  cannedReplyListSchema,
  cannedReplySchema,
  createCannedReplyRequestSchema,
  updateCannedReplyRequestSchema,
} from '../../../shared/api/canned-replies';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { forRole } from '../../platform/roles';
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from './canned-replies';

/** Canned replies for agents: the team's (admins manage them) and each agent's own. */
export const cannedRepliesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/canned-replies',
    forRole('agent', { response: { 200: cannedReplyListSchema } }),
    async (request) => listCannedReplies({ db, caller: requireUser(request) }),
  );

  app.post(
    '/api/canned-replies',
    forRole('agent', {
      body: createCannedReplyRequestSchema,
      response: { 201: cannedReplySchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await createCannedReply({ db, caller: requireUser(request), ...request.body })),
  );

  app.patch(
    '/api/canned-replies/:id',
    forRole('agent', {
      params: cannedReplyIdParamsSchema,
      body: updateCannedReplyRequestSchema,
      response: { 200: cannedReplySchema },
    }),
    async (request) =>
      updateCannedReply({
        db,
        caller: requireUser(request),
        id: request.params.id,
        ...request.body,
      }),
  );

  app.delete(
    '/api/canned-replies/:id',
    forRole('agent', { params: cannedReplyIdParamsSchema }),
    async (request, reply) => {
      await deleteCannedReply({ db, caller: requireUser(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};
