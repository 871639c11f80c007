import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import type { EventLog } from '../../platform/realtime/events';
import { toUser } from '../auth';
import { createAgent } from './create-agent';
import { listAgents } from './list-agents';
import { setAgentActive } from './set-agent-active';
import { setAgentStatus } from './set-agent-status';
import { toAgent } from './to-agent';
import { forRole } from '../../platform/roles';

export interface AgentsRoutesOptions {
  db: Db;
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
  { db, events, bus, maxOpenChatsPerAgent, clock },
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
};
