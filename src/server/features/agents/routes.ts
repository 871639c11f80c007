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

/** What the OpenAPI document says of deactivating and activating a member. */
const ACTIVATION_DOCS = {
  deactivate: {
    summary: 'Deactivate a member',
    description:
      'Admins deactivate an agent or admin: their sessions and live sockets end at once and their ' +
      'open chats are handed out. Not your own account (400), nor the last active admin (409). Audited.',
  },
  activate: {
    summary: 'Activate a member',
    description: 'Admins let a deactivated agent or admin sign in again. Audited.',
  },
};

export const agentsRoutes: FastifyPluginAsyncZod<AgentsRoutesOptions> = async (
  app,
  { db, config, events, bus, maxOpenChatsPerAgent, clock },
) => {
  app.get(
    '/api/agents/all',
    forRole('admin', {
      summary: 'The staff',
      description: 'Admins: every agent and admin, oldest first.',
      response: { 200: agentListSchema },
    }),
    async () => listAgents({ db }),
  );

  app.post(
    '/api/agents/create',
    forRole('admin', {
      summary: 'Create an agent',
      description:
        'Admins create an agent with a password. An email already in use (compared case-insensitively) is a 409. Audited.',
      body: createAgentRequestSchema,
      response: { 201: agentSchema },
    }),
    async (request) =>
      toAgent(await createAgent({ db, input: request.body, actorId: requireUser(request).id })),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/api/agents/:id/${action}`,
      forRole('admin', {
        ...ACTIVATION_DOCS[action],
        params: agentIdParamsSchema,
        response: { 200: agentSchema },
      }),
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
      summary: 'Make or remove an agent',
      description:
        'Admins make a user an agent or remove the role; their open sockets see from then on what the new role may see. Admins are always agents (400). Audited.',
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
      summary: 'Make or remove an admin',
      description:
        'Admins make an active staff member an admin or remove it (they stay an agent). The last active admin cannot be removed (409). Audited.',
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
      summary: "Reset a member's second factor",
      description:
        "Admins turn off a member's second factor: every session of theirs ends and they enrol again at their next sign-in. An admin's own needs their recovery code (400 without it). Audited.",
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
    forRole('admin', {
      summary: 'A one-time password reset link',
      description:
        'Admins issue a one-time link, valid 60 minutes and shown this once, for another member to set a new password. Nothing is emailed. Audited.',
      params: agentIdParamsSchema,
      response: { 200: resetLinkSchema },
    }),
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
    forRole('admin', {
      summary: "End a member's sessions",
      description:
        'Admins end every session of a member, live sockets included, and get how many ended. Audited.',
      params: agentIdParamsSchema,
      response: { 200: endedSessionsSchema },
    }),
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
