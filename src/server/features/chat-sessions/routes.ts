import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeChatCountSchema,
  assignChatRequestSchema,
  chatSessionIdParamsSchema,
  emptyLifecycleRequestSchema,
  transferChatRequestSchema,
  chatSessionListQuerySchema,
  chatSessionPageSchema,
  chatSessionSchema,
  createChatSessionRequestSchema,
} from '../../../shared/api/chat-sessions';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { requireUser } from '../../platform/auth';
import { ChangeCache } from '../../platform/change-cache';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import {
  assignChat,
  claimChat,
  reopenChat,
  resolveChat,
  takeOverChat,
  transferChat,
  type LifecycleContext,
} from './chat-lifecycle';
import { countActiveSessions } from './count-active-sessions';
import { createChatSession } from './create-chat-session';
import { getChatSession } from './get-chat-session';
import {
  listChatSessions,
  sharedChatSessionsJson,
  type ListChatSessionsOptions,
} from './list-chat-sessions';
import { forRole } from '../../platform/roles';

export interface ChatSessionsRoutesOptions {
  db: Db;
  events: EventLog;
  /** Hears `chatChanged`: this instance's own chat changes. */
  bus: EventBus;
  /** Other instances' changes to chats and users. */
  notifications: Notifications;
  /** MAX_OPEN_CHATS_PER_AGENT. */
  maxOpenChatsPerAgent: number;
  clock: () => Date;
}

export const chatSessionsRoutes: FastifyPluginAsyncZod<ChatSessionsRoutesOptions> = async (
  app,
  { db, events, bus, notifications, maxOpenChatsPerAgent, clock },
) => {
  // The agents' first pages of chats, kept until chats or users change (ADR 006). This
  // instance's own changes clear it at commit, before the hub sends their events.
  const sessionLists = new ChangeCache<string>(notifications, {
    ttlMs: 5_000,
    maxEntries: 100,
  }).clearOn(notifications, ['chats', 'users']);
  bus.on('chatChanged', () => sessionLists.clear());

  /** An agent's first page comes ready-written from memory; anything else is read. */
  async function answerList(options: ListChatSessionsOptions, reply: FastifyReply) {
    const json = sharedChatSessionsJson({ ...options, cache: sessionLists });
    // JSON text written beforehand, exactly as the route's response schema would write it.
    return json
      ? reply.type('application/json; charset=utf-8').send(await json)
      : listChatSessions(options);
  }

  const listSchema = {
    querystring: chatSessionListQuerySchema,
    response: { 200: chatSessionPageSchema },
  };

  // A customer's own sessions; an agent's view of everyone's (the spec's chat list).
  for (const [url, role, scope, summary, description] of [
    [
      '/api/chat-sessions',
      'customer',
      'all',
      'The chats',
      "A customer's own chats, or everyone's for agents and admins (the demo customer's left out), " +
        'most recently updated first, filtered by lifecycle, text or customer.',
    ],
    [
      '/api/chat-sessions/all',
      'agent',
      'all',
      "Everyone's chats",
      'Agents and admins: the same page of chats as /api/chat-sessions.',
    ],
    [
      '/api/chat-sessions/active',
      'agent',
      'open',
      'The open chats',
      'Agents and admins: the chats waiting or assigned, not the resolved ones.',
    ],
  ] as const) {
    app.get(url, forRole(role, { summary, description, ...listSchema }), async (request, reply) =>
      answerList({ db, caller: requireUser(request), scope, ...request.query }, reply),
    );
  }

  app.get(
    '/api/chat-sessions/active/count',
    forRole('agent', {
      summary: 'How many chats are open',
      description: "Agents and admins: the chats open or assigned, the demo customer's left out.",
      response: { 200: activeChatCountSchema },
    }),
    async () => countActiveSessions({ db }),
  );

  app.post(
    '/api/chat-sessions',
    forRole('customer', {
      summary: 'Open a chat',
      description:
        'A customer opens a Bitcoin or USDT trading chat; round-robin gives it to an Online agent of its desk with room, else it waits unassigned. A banned customer gets 403.',
      body: createChatSessionRequestSchema,
      response: { 201: chatSessionSchema },
    }),
    async (request) =>
      createChatSession({
        db,
        events,
        caller: requireUser(request),
        cap: maxOpenChatsPerAgent,
        now: clock(),
        ...request.body,
      }),
  );

  // The lifecycle's steps (ADR 018): each answers the chat as the caller now sees it.
  const context = (request: FastifyRequest & { params: { id: number } }): LifecycleContext => ({
    db,
    events,
    caller: requireUser(request),
    id: request.params.id,
    cap: maxOpenChatsPerAgent,
    now: clock(),
  });
  const stepSchema = <B extends z.ZodType>(body: B) => ({
    params: chatSessionIdParamsSchema,
    body,
    response: { 200: chatSessionSchema },
  });
  app.post(
    '/api/chat-sessions/:id/assign',
    forRole('agent', {
      summary: 'Assign a chat',
      description:
        'An admin, or the agent holding the chat, gives it to another active agent. A chat locked ' +
        'to another agent is read-only (403); a resolved one or a no-op is a 409. Audited.',
      ...stepSchema(assignChatRequestSchema),
    }),
    (request) => assignChat({ ...context(request), input: request.body }),
  );
  app.post(
    '/api/chat-sessions/:id/transfer',
    forRole('agent', {
      summary: 'Transfer a chat with a note',
      description:
        'The agent holding the chat, or an admin, hands it to another agent with a note, also ' +
        'written into the chat as a private note for them. Audited.',
      ...stepSchema(transferChatRequestSchema),
    }),
    (request) => transferChat({ ...context(request), input: request.body }),
  );
  for (const [name, role, run, summary, description] of [
    [
      'claim',
      'agent',
      claimChat,
      'Claim an unassigned chat',
      'Any agent takes an unassigned chat. One already assigned or resolved is a 409. Audited.',
    ],
    [
      'resolve',
      'agent',
      resolveChat,
      'Resolve a chat',
      'The agent holding the chat, an admin, or anyone on an unassigned one archives it. ' +
        'One already resolved is a 409. Audited.',
    ],
    [
      'reopen',
      'agent',
      reopenChat,
      'Reopen a resolved chat',
      'Any agent reopens a resolved chat: back to its agent when they are Online, else it waits ' +
        'for round-robin. One not resolved is a 409. Audited.',
    ],
    [
      'take-over',
      'admin',
      takeOverChat,
      "Take over another agent's chat",
      'Admins take a chat locked to another agent. Audited.',
    ],
  ] as const) {
    app.post(
      `/api/chat-sessions/:id/${name}`,
      forRole(role, { summary, description, ...stepSchema(emptyLifecycleRequestSchema) }),
      (request) => run(context(request)),
    );
  }

  app.get(
    '/api/chat-sessions/:id',
    forRole('customer', {
      summary: 'One chat',
      description:
        "A customer's own chat, or any chat for agents and admins; another customer's is a 404.",
      params: chatSessionIdParamsSchema,
      response: { 200: chatSessionSchema },
    }),
    async (request) => getChatSession({ db, caller: requireUser(request), id: request.params.id }),
  );
};
