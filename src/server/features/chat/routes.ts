import multipart from '@fastify/multipart';
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
import {
  allMessagesQuerySchema,
  ATTACHMENT_MAX_BYTES,
  attachmentParamsSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  sendMessageRequestSchema,
} from '../../../shared/api/messages';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { ChangeCache } from '../../platform/change-cache';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import { openAttachment, receiveUpload, removeUpload } from './attachments';
import { listAllMessages, listMessages, sendMessage } from './messages';
import {
  countActiveSessions,
  createChatSession,
  getChatSession,
  listChatSessions,
  sharedChatSessionsJson,
  type ListChatSessionsOptions,
} from './sessions';

export interface ChatRoutesOptions {
  db: Db;
  events: EventLog;
  uploadDir: string;
  /** The agents' first pages of chats, kept until chats or users change (change-cache.ts). */
  sessionLists: ChangeCache<string>;
}

/** Sends JSON text written beforehand, exactly as the route's response schema would write it. */
function sendWritten(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { db, events, uploadDir, sessionLists },
) => {
  await app.register(multipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 8 * 1024, parts: 5 },
  });

  /** An agent's first page comes ready-written from memory; anything else is read. */
  async function answerList(options: ListChatSessionsOptions, reply: FastifyReply) {
    const json = sharedChatSessionsJson(options, sessionLists);
    return json ? sendWritten(reply, await json) : listChatSessions(options);
  }

  const listSchema = {
    querystring: chatSessionListQuerySchema,
    response: { 200: chatSessionPageSchema },
  };

  // A customer's own sessions; an agent's view of everyone's (the spec's chat list).
  app.get(
    '/api/chat-sessions',
    { config: { role: 'customer' }, schema: listSchema },
    async (request, reply) =>
      answerList({ db, caller: requireUser(request), scope: 'all', ...request.query }, reply),
  );
  app.get(
    '/api/chat-sessions/all',
    { config: { role: 'agent' }, schema: listSchema },
    async (request, reply) =>
      answerList({ db, caller: requireUser(request), scope: 'all', ...request.query }, reply),
  );
  app.get(
    '/api/chat-sessions/active',
    { config: { role: 'agent' }, schema: listSchema },
    async (request, reply) =>
      answerList({ db, caller: requireUser(request), scope: 'open', ...request.query }, reply),
  );

  app.get(
    '/api/chat-sessions/active/count',
    { config: { role: 'agent' }, schema: { response: { 200: activeChatCountSchema } } },
    async () => countActiveSessions({ db }),
  );

  app.post(
    '/api/chat-sessions',
    {
      config: { role: 'customer' },
      schema: { body: createChatSessionRequestSchema, response: { 201: chatSessionSchema } },
    },
    async (request, reply) => {
      const session = await createChatSession({
        db,
        events,
        caller: requireUser(request),
        category: request.body.category,
      });
      return reply.status(201).send(session);
    },
  );

  app.get(
    '/api/chat-sessions/:id',
    {
      config: { role: 'customer' },
      schema: { params: chatSessionIdParamsSchema, response: { 200: chatSessionSchema } },
    },
    async (request) => getChatSession({ db, caller: requireUser(request), id: request.params.id }),
  );

  app.get(
    '/api/chat-sessions/:id/messages',
    {
      config: { role: 'customer' },
      schema: {
        params: chatSessionIdParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) =>
      listMessages({
        db,
        caller: requireUser(request),
        chatSessionId: request.params.id,
        ...request.query,
      }),
  );

  app.post(
    '/api/chat-sessions/:id/messages',
    {
      config: { role: 'customer' },
      schema: {
        params: chatSessionIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: messageSchema, 201: messageSchema },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage({
        db,
        events,
        caller: requireUser(request),
        chatSessionId: request.params.id,
        clientMessageId: request.body.clientMessageId,
        content: request.body.content,
      });
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/chat-sessions/:id/attachments',
    {
      config: { role: 'customer' },
      schema: {
        params: chatSessionIdParamsSchema,
        response: { 200: messageSchema, 201: messageSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('bad_request', 'Send the image as multipart/form-data');
      const caller = requireUser(request);
      const { attachment, caption, clientMessageId } = await receiveUpload({
        request,
        db,
        caller,
        chatSessionId: request.params.id,
        uploadDir,
      });
      try {
        const { message, created } = await sendMessage({
          db,
          events,
          caller,
          chatSessionId: request.params.id,
          clientMessageId,
          content: caption,
          attachment,
        });
        if (!created) await removeUpload(uploadDir, attachment);
        return reply.status(created ? 201 : 200).send(message);
      } catch (error) {
        await removeUpload(uploadDir, attachment);
        throw error;
      }
    },
  );

  for (const variant of ['full', 'thumbnail'] as const) {
    app.get(
      variant === 'full' ? '/api/attachments/:messageId' : '/api/attachments/:messageId/thumbnail',
      { config: { role: 'customer' }, schema: { params: attachmentParamsSchema } },
      async (request, reply) => {
        const file = await openAttachment({
          db,
          caller: requireUser(request),
          messageId: request.params.messageId,
          uploadDir,
          variant,
        });
        return reply
          .type(file.mime)
          .header('content-length', file.size)
          .header('content-disposition', `inline; filename="${file.name.replace(/"/g, '')}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=86400')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.stream);
      },
    );
  }

  app.get(
    '/api/messages/all',
    {
      config: { role: 'agent' },
      schema: { querystring: allMessagesQuerySchema, response: { 200: messagePageSchema } },
    },
    async (request) =>
      listAllMessages({ db, cursor: request.query.cursor, limit: request.query.limit }),
  );
};
