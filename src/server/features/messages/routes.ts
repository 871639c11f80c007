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

/** What the OpenAPI document says of an image and of its thumbnail. */
const ATTACHMENT_DOCS = {
  full: {
    summary: 'An image, document or audio sent in a chat',
    description:
      "The chat's customer, or staff: the stored image or audio, served inline in a sandbox, or " +
      "the PDF a WhatsApp customer sent, as a download. Another customer's file is a 404.",
  },
  thumbnail: {
    summary: "An image's thumbnail",
    description:
      "The chat's customer, or staff: the image's WebP thumbnail, at most 480 px wide. Another " +
      "customer's image is a 404.",
  },
};

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
      summary: "A chat's messages",
      description:
        "The chat's customer, or staff: its messages oldest first after a given id. Customers never see private notes; another customer's chat is a 404.",
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
  const sendRoute = (
    path: string,
    role: 'customer' | 'agent',
    note: boolean,
    docs: { summary: string; description: string },
  ) =>
    app.post(
      path,
      forRole(role, {
        ...docs,
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
  sendRoute('/api/chat-sessions/:id/messages', 'customer', false, {
    summary: 'Send a message',
    description:
      "The chat's customer, or staff, send a text message; an agent's first reply in an unassigned " +
      'chat assigns it to them. A retry with the same client message id answers the stored one ' +
      "(200); a banned customer gets 403, another customer's chat 404.",
  });
  sendRoute('/api/chat-sessions/:id/notes', 'agent', true, {
    summary: 'Write a private note',
    description:
      'Agents and admins write a note in the conversation that staff alone ever see; it does not ' +
      'touch, assign or reopen the chat. A customer gets 403.',
  });

  // Read receipts: how far each side has received and read the other's messages.
  app.get(
    '/api/chat-sessions/:id/receipts',
    forRole('customer', {
      summary: "A chat's read receipts",
      description:
        "The chat's customer, or staff: how far each side has received and read the other's messages. Another customer's chat is a 404.",
      params: chatSessionIdParamsSchema,
      response: { 200: receiptsSchema },
    }),
    async (request) =>
      getReceipts({ db, caller: requireUser(request), chatSessionId: request.params.id }),
  );

  app.post(
    '/api/chat-sessions/:id/receipts',
    forRole('customer', {
      summary: 'Mark messages received and read',
      description:
        "The chat's customer, or staff, move their side's received and read marks forward; they never go back. Without either mark: 400.",
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
      summary: 'Send an image',
      description:
        "The chat's customer, or staff, send a JPEG, PNG or WebP image as multipart form data; it is decoded whole and stored re-encoded without metadata. A retry with the same client message id answers the stored one (200); too large is 413, damaged 422, the image store down 503.",
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
      forRole('customer', { ...ATTACHMENT_DOCS[variant], params: attachmentParamsSchema }),
      async (request, reply) => {
        const file = await openAttachment({
          db,
          caller: requireUser(request),
          messageId: request.params.messageId,
          storage,
          variant,
        });
        // A PDF is downloaded, never shown in the app's origin; images and audio play inline.
        const disposition = file.mime === 'application/pdf' ? 'attachment' : 'inline';
        return reply
          .type(file.mime)
          .header('content-length', file.size)
          .header(
            'content-disposition',
            `${disposition}; filename="${file.name.replace(/"/g, '')}"`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=86400')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.stream);
      },
    );
  }

  app.get(
    '/api/messages/all',
    forRole('agent', {
      summary: 'Every message',
      description:
        'Agents and admins: every message in every chat, newest first, private notes included.',
      querystring: allMessagesQuerySchema,
      response: { 200: messagePageSchema },
    }),
    async (request) => listAllMessages({ db, ...request.query }),
  );
};
