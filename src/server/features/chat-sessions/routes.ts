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
      createChatSession({
        db,
        events,
        caller: requireUser(request),
        cap: maxOpenChatsPerAgent,
        now: clock(),
        ...request.body,
      }),
  );

  // The lifecycle's steps (ADR 016): each answers the chat as the caller now sees it.
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
    forRole('agent', stepSchema(assignChatRequestSchema)),
    (request) => assignChat({ ...context(request), input: request.body }),
  );
  app.post(
    '/api/chat-sessions/:id/transfer',
    forRole('agent', stepSchema(transferChatRequestSchema)),
    (request) => transferChat({ ...context(request), input: request.body }),
  );
  for (const [name, role, run] of [
    ['claim', 'agent', claimChat],
    ['resolve', 'agent', resolveChat],
    ['reopen', 'agent', reopenChat],
    ['take-over', 'admin', takeOverChat],
  ] as const) {
    app.post(
      `/api/chat-sessions/:id/${name}`,
      forRole(role, stepSchema(emptyLifecycleRequestSchema)),
      (request) => run(context(request)),
    );
  }

  app.get(
    '/api/chat-sessions/:id',
    forRole('customer', {
      params: chatSessionIdParamsSchema,
      response: { 200: chatSessionSchema },
    }),
    async (request) => getChatSession({ db, caller: requireUser(request), id: request.params.id }),
  );
};
