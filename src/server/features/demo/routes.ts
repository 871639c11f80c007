import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatSessionIdParamsSchema } from '../../../shared/api/chat-sessions';
import {
  demoCreateSessionRequestSchema,
  demoMessageSchema,
  demoSendMessageRequestSchema,
  demoSessionSchema,
} from '../../../shared/api/demo';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { customerStatusRoute } from '../customers';
import { createDemoSession } from './create-demo-session';
import { listDemoMessages } from './list-demo-messages';
import { listDemoSessions } from './list-demo-sessions';
import { sendDemoMessage } from './send-demo-message';
import { forRole } from '../../platform/roles';

/**
 * The spec's demo calls for /test-customer and /test-agent, registered only in DEMO_MODE.
 * They are public but reach only the fixed demo customer's sessions.
 */
export const demoRoutes: FastifyPluginAsyncZod<{
  db: Db;
  events: EventLog;
  /** Hears `userChanged`: open sockets and cached sessions learn a status change at once. */
  bus: EventBus;
  /** MAX_OPEN_CHATS_PER_AGENT (send-message reopens resolved chats). */
  maxOpenChatsPerAgent: number;
}> = async (app, { db, events, bus, maxOpenChatsPerAgent }) => {
  app.post(
    '/api/test/chat-sessions',
    forRole('public', {
      summary: 'Open a demo chat',
      description:
        'Demo mode only: anyone opens a chat for the fixed demo customer. Limited per address and in size (429).',
      body: demoCreateSessionRequestSchema,
      response: { 201: demoSessionSchema },
    }),
    async (request) => createDemoSession({ db, events, ...request.body, address: request.ip }),
  );

  app.get(
    '/api/test/chat-sessions',
    forRole('public', {
      summary: 'The demo chats',
      description: "Demo mode only: anyone lists the demo customer's chats.",
      response: { 200: z.array(demoSessionSchema) },
    }),
    async () => listDemoSessions({ db }),
  );

  app.get(
    '/api/test/messages/:id',
    forRole('public', {
      summary: "A demo chat's messages",
      description: "Demo mode only: anyone reads a demo chat's messages; any other chat is a 404.",
      params: chatSessionIdParamsSchema,
      response: { 200: z.array(demoMessageSchema) },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listDemoMessages({ db, chatSessionId: request.params.id });
    },
  );

  app.post(
    '/api/test/messages',
    forRole('public', {
      summary: 'Send a demo message',
      description:
        'Demo mode only: anyone sends a message as the demo customer in a demo chat. Limited per address and in size (429).',
      body: demoSendMessageRequestSchema,
      response: { 201: demoMessageSchema },
    }),
    async (request) =>
      sendDemoMessage({
        db,
        events,
        ...request.body,
        address: request.ip,
        cap: maxOpenChatsPerAgent,
      }),
  );

  // The demo agent view's status dropdown: the same change as customer-status, for agents.
  await app.register(customerStatusRoute, { db, events, bus, url: '/api/admin/users/:id/status' });
};
