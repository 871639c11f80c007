import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatSessionIdParamsSchema } from '../../../shared/api/chat-sessions';
import {
  allMessagesQuerySchema,
  ATTACHMENT_MAX_BYTES,
  CAPTION_MAX_BYTES,
  attachmentParamsSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  receiptsSchema,
  sendMessageRequestSchema,
  updateReceiptsRequestSchema,
} from '../../../shared/api/messages';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { ObjectStorage } from '../../platform/storage';
import { listAllMessages } from './list-all-messages';
import { listMessages } from './list-messages';
import { getReceipts, updateReceipts } from './receipts';
import { openAttachment } from './open-attachment';
import { sendAttachment } from './send-attachment';
import { sendMessage } from './send-message';
import { forRole } from '../../platform/roles';

export interface MessagesRoutesOptions {
  db: Db;
  events: EventLog;
  /** MAX_OPEN_CHATS_PER_AGENT: a customer's message may reopen a chat into round-robin. */
  maxOpenChatsPerAgent: number;
  /** Where images and their thumbnails are kept (STORAGE: disk or s3). */
  storage: ObjectStorage;
}

export const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesOptions> = async (
  app,
  { db, events, storage, maxOpenChatsPerAgent },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: CAPTION_MAX_BYTES,
      parts: 5,
    },
  });

  app.get(
    '/api/chat-sessions/:id/messages',
    forRole('customer', {
      params: chatSessionIdParamsSchema,
      querystring: messageListQuerySchema,
      response: { 200: messagePageSchema },
    }),
    async (request) =>
      listMessages({
        db,
        caller: requireUser(request),
        chatSessionId: request.params.id,
        ...request.query,
      }),
  );

  /**
   * A message (customers and staff) or an agent's private note, which staff see and the
   * customer never does (messages/send-message.ts). A new one answers 201; a retry of a stored
   * one (same client message id) 200.
   */
  const sendRoute = (path: string, role: 'customer' | 'agent', note: boolean) =>
    app.post(
      path,
      forRole(role, {
        params: chatSessionIdParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: messageSchema, 201: messageSchema },
      }),
      async (request, reply) => {
        const { message, created } = await sendMessage({
          db,
          events,
          caller: requireUser(request),
          chatSessionId: request.params.id,
          ...request.body,
          note,
          cap: maxOpenChatsPerAgent,
        });
        return reply.status(created ? 201 : 200).send(message);
      },
    );
  sendRoute('/api/chat-sessions/:id/messages', 'customer', false);
  sendRoute('/api/chat-sessions/:id/notes', 'agent', true);

  // Read receipts: how far each side has received and read the other's messages.
  app.get(
    '/api/chat-sessions/:id/receipts',
    forRole('customer', { params: chatSessionIdParamsSchema, response: { 200: receiptsSchema } }),
    async (request) =>
      getReceipts({ db, caller: requireUser(request), chatSessionId: request.params.id }),
  );

  app.post(
    '/api/chat-sessions/:id/receipts',
    forRole('customer', {
      params: chatSessionIdParamsSchema,
      body: updateReceiptsRequestSchema,
      response: { 200: receiptsSchema },
    }),
    async (request) =>
      updateReceipts({
        db,
        events,
        caller: requireUser(request),
        chatSessionId: request.params.id,
        ...request.body,
      }),
  );

  app.post(
    '/api/chat-sessions/:id/attachments',
    forRole('customer', {
      params: chatSessionIdParamsSchema,
      response: { 200: messageSchema, 201: messageSchema },
    }),
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('bad_request', 'Send the image as multipart/form-data');
      const { message, created } = await sendAttachment({
        request,
        db,
        events,
        caller: requireUser(request),
        chatSessionId: request.params.id,
        storage,
        cap: maxOpenChatsPerAgent,
      });
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  for (const variant of ['full', 'thumbnail'] as const) {
    app.get(
      variant === 'full' ? '/api/attachments/:messageId' : '/api/attachments/:messageId/thumbnail',
      forRole('customer', { params: attachmentParamsSchema }),
      async (request, reply) => {
        const file = await openAttachment({
          db,
          caller: requireUser(request),
          messageId: request.params.messageId,
          storage,
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
    forRole('agent', { querystring: allMessagesQuerySchema, response: { 200: messagePageSchema } }),
    async (request) => listAllMessages({ db, ...request.query }),
  );
};
