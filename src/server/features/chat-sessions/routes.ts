import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeChatCountSchema,
  chatSessionIdParamsSchema,
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
}

export const chatSessionsRoutes: FastifyPluginAsyncZod<ChatSessionsRoutesOptions> = async (
  app,
  { db, events, bus, notifications },
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
  for (const [url, role, scope] of [
    ['/api/chat-sessions', 'customer', 'all'],
    ['/api/chat-sessions/all', 'agent', 'all'],
    ['/api/chat-sessions/active', 'agent', 'open'],
  ] as const) {
    app.get(url, forRole(role, listSchema), async (request, reply) =>
      answerList({ db, caller: requireUser(request), scope, ...request.query }, reply),
    );
  }

  app.get(
    '/api/chat-sessions/active/count',
    forRole('agent', { response: { 200: activeChatCountSchema } }),
    async () => countActiveSessions({ db }),
  );

  app.post(
    '/api/chat-sessions',
    forRole('customer', {
      body: createChatSessionRequestSchema,
      response: { 201: chatSessionSchema },
    }),
    async (request) =>
      createChatSession({ db, events, caller: requireUser(request), ...request.body }),
  );

  app.get(
    '/api/chat-sessions/:id',
    forRole('customer', {
      params: chatSessionIdParamsSchema,
      response: { 200: chatSessionSchema },
    }),
    async (request) => getChatSession({ db, caller: requireUser(request), id: request.params.id }),
  );
};
