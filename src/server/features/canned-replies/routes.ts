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
    forRole('agent', {
      summary: 'The canned replies',
      description:
        "Agents and admins: the team's replies and the caller's own personal ones. A customer gets 403.",
      response: { 200: cannedReplyListSchema },
    }),
    async (request) => listCannedReplies({ db, caller: requireUser(request) }),
  );

  app.post(
    '/api/canned-replies',
    forRole('agent', {
      summary: 'Add a canned reply',
      description:
        'Agents add a personal reply; only admins add team replies (403). A shortcut already in use in that scope is a 409.',
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
      summary: 'Edit a canned reply',
      description:
        "A team reply needs an admin (403); another agent's personal reply is a 404. A shortcut already in use is a 409.",
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
    forRole('agent', {
      summary: 'Delete a canned reply',
      description:
        "A team reply needs an admin (403); another agent's personal reply is a 404. Answers 204.",
      params: cannedReplyIdParamsSchema,
    }),
    async (request, reply) => {
      await deleteCannedReply({ db, caller: requireUser(request), id: request.params.id });
      return reply.status(204).send();
    },
  );
};
