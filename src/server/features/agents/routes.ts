import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatusRequestSchema,
  endedSessionsSchema,
  resetLinkSchema,
  resetSecondFactorRequestSchema,
  agentIdParamsSchema,
  agentListSchema,
  agentSchema,
  agentStatusRequestSchema,
  createAgentRequestSchema,
  userIdParamsSchema,
} from '../../../shared/api/agents';
import { userSchema } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventBus } from '../../platform/event-bus';
import type { Config } from '../../config';
import type { EventLog } from '../../platform/realtime/events';
import { issueResetLink, toUser } from '../auth';
import { setAdmin } from './set-admin';
import { endMemberSessions, resetSecondFactor } from './staff-security';
import { createAgent } from './create-agent';
import { listAgents } from './list-agents';
import { setAgentActive } from './set-agent-active';
import { setAgentStatus } from './set-agent-status';
import { toAgent } from './to-agent';
import { forRole } from '../../platform/roles';

export interface AgentsRoutesOptions {
  db: Db;
  config: Config;
  /** A deactivation's changes (availability, released chats) reach staff and customers. */
  events: EventLog;
  /** Hears `userChanged`: cached sessions and live sockets follow deactivations and roles. */
  bus: EventBus;
  /** MAX_OPEN_CHATS_PER_AGENT: a deactivated agent's chats are handed out within it. */
  maxOpenChatsPerAgent: number;
  clock: () => Date;
}

export const agentsRoutes: FastifyPluginAsyncZod<AgentsRoutesOptions> = async (
  app,
  { db, config, events, bus, maxOpenChatsPerAgent, clock },
) => {
  app.get('/api/agents/all', forRole('admin', { response: { 200: agentListSchema } }), async () =>
    listAgents({ db }),
  );

  app.post(
    '/api/agents/create',
    forRole('admin', { body: createAgentRequestSchema, response: { 201: agentSchema } }),
    async (request) =>
      toAgent(await createAgent({ db, input: request.body, actorId: requireUser(request).id })),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/api/agents/:id/${action}`,
      forRole('admin', { params: agentIdParamsSchema, response: { 200: agentSchema } }),
      async (request) =>
        setAgentActive({
          events,
          actor: requireUser(request),
          agentId: request.params.id,
          active,
          bus,
          cap: maxOpenChatsPerAgent,
          now: clock(),
        }),
    );
  }

  app.patch(
    '/api/admin/users/:id/agent-status',
    forRole('admin', {
      params: userIdParamsSchema,
      body: agentStatusRequestSchema,
      response: { 200: userSchema },
    }),
    async (request) =>
      toUser(
        await setAgentStatus({
          db,
          actor: requireUser(request),
          userId: request.params.id,
          bus,
          ...request.body,
        }),
      ),
  );

  app.post(
    '/api/agents/:id/admin',
    forRole('admin', {
      params: agentIdParamsSchema,
      body: adminStatusRequestSchema,
      response: { 200: agentSchema },
    }),
    async (request) =>
      setAdmin({
        db,
        actor: requireUser(request),
        userId: request.params.id,
        isAdmin: request.body.isAdmin,
        bus,
      }),
  );

  app.post(
    '/api/agents/:id/2fa/reset',
    forRole('admin', {
      params: agentIdParamsSchema,
      body: resetSecondFactorRequestSchema,
      response: { 200: agentSchema },
    }),
    async (request) =>
      resetSecondFactor({
        db,
        actor: requireUser(request),
        userId: request.params.id,
        recoveryCode: request.body.recoveryCode,
        bus,
        now: new Date(),
      }),
  );

  app.post(
    '/api/agents/:id/reset-link',
    forRole('admin', { params: agentIdParamsSchema, response: { 200: resetLinkSchema } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const link = await issueResetLink({
        db,
        actor: requireUser(request),
        userId: request.params.id,
        publicUrl: config.publicUrl,
        now: new Date(),
      });
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },
  );

  app.delete(
    '/api/agents/:id/sessions',
    forRole('admin', { params: agentIdParamsSchema, response: { 200: endedSessionsSchema } }),
    async (request) => ({
      ended: await endMemberSessions({
        db,
        actor: requireUser(request),
        userId: request.params.id,
        bus,
      }),
    }),
  );
};
