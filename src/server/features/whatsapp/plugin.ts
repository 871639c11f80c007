import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPayoutAccountRequestSchema,
  payoutAccountSchema,
} from '../../../shared/api/payout-accounts';
import {
  whatsappChatParamsSchema,
  whatsappChatSchema,
  whatsappCustomerParamsSchema,
  whatsappHandshakeQuerySchema,
  whatsappMessageParamsSchema,
} from '../../../shared/api/whatsapp';
import type { WhatsappSettings } from '../../config';
import type { Database } from '../../db/client';
import { LivenessKey } from '../../db/liveness-key';
import { requireUser } from '../../platform/auth';
import { forRole } from '../../platform/roles';
import { addCustomerPayoutAccount } from './customer-payout-account';
import { GraphApi } from './graph-api';
import { DeliveryProcessor } from './delivery-processor';
import { DELIVERY_CLAIMS } from './process-deliveries';
import { pruneDeliveries } from './prune-deliveries';
import { sendOutbox } from './send-outbox';
import { storeDelivery } from './store-delivery';
import { TypingIndicators } from './typing-indicator';
import { getWhatsappChat, retryWhatsappMessage, sendReengageTemplate } from './whatsapp-chat';
import { Worker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The channel's background work; tests wait on it. Absent when the channel is off. */
    whatsapp?: { deliveries: DeliveryProcessor; outbox: Worker; typing: TypingIndicators };
  }
}

/** The channel the outbox trigger notifies at commit (migration 0025). */
const OUTBOX_CHANNEL = 'agentchat_whatsapp_outbox';

/** How often the workers look for work nobody told them of (retries that came due). */
const POLL_MS = 2_000;

/** How often processed deliveries past their retention are deleted. */
const PRUNE_MS = 60 * 60 * 1000;

/** Meta's deliveries are small; a batch of statuses stays well under this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

function sameSecret(given: string | undefined, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/**
 * Meta's webhook. The signature is over the exact bytes Meta sent, so in this scope JSON is not
 * parsed by Fastify: the route checks the signature on the raw body, then parses it.
 */
const webhookRoutes: FastifyPluginAsyncZod<{
  db: Database['db'];
  settings: WhatsappSettings;
  deliveries: DeliveryProcessor;
}> = async (app, { db, settings, deliveries }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/channels/whatsapp/webhook',
    forRole('public', {
      summary: "Meta's webhook handshake",
      description:
        'Meta checks the webhook: the challenge is echoed back when the verify token matches, else 403.',
      querystring: whatsappHandshakeQuerySchema,
      response: { 200: z.string(), 403: z.object({ error: z.string() }) },
    }),
    async (request, reply) => {
      const query = request.query;
      if (
        query['hub.mode'] !== 'subscribe' ||
        !sameSecret(query['hub.verify_token'], settings.verifyToken) ||
        query['hub.challenge'] === undefined
      ) {
        return reply.status(403).send({ error: 'Verification failed' });
      }
      return reply.type('text/plain').send(query['hub.challenge']);
    },
  );

  app.post(
    '/api/channels/whatsapp/webhook',
    forRole('public', {
      summary: "Meta's webhook deliveries",
      description:
        'Meta delivers WhatsApp messages and statuses: a delivery is stored, and processed after the answer, only once its signature holds (else 401); a body that is not a WhatsApp Business Account delivery is a 400.',
      response: { 200: z.object({ received: z.literal(true) }) },
    }),
    async (request) => {
      await storeDelivery({
        db,
        settings,
        raw: request.body,
        signature: request.headers['x-hub-signature-256'],
      });
      deliveries.kick();
      return { received: true as const };
    },
  );
};

/**
 * The WhatsApp Cloud API channel (decision 034): Meta's webhook, the desk's view of a WhatsApp
 * chat, and the two workers (stored deliveries in, the outbox out), started with the app and
 * stopped before the database closes; agents' typing shown on WhatsApp (decision 037). Nothing is registered when the channel is off.
 */
export const whatsappPlugin = fp(
  async (app) => {
    const { config, database, db, events, notifications, storage, clock, bus } = app;
    const settings = config.whatsapp;
    const cap = config.maxOpenChatsPerAgent;
    if (!settings) return;
    const graph = new GraphApi(settings);
    // Every instance processes deliveries, different customers' side by side; what each has
    // claimed carries its liveness key, free again at once if it stops.
    const key = new LivenessKey(database, DELIVERY_CLAIMS, app.log);
    const deliveries = new DeliveryProcessor(
      {
        db,
        events,
        graph,
        storage,
        cap,
        now: clock,
        phoneNumberId: settings.phoneNumberId,
        logger: app.log,
      },
      key,
      POLL_MS,
      app.log,
    );
    const outbox = new Worker(
      'WhatsApp outbox',
      () => sendOutbox({ db, graph, storage, now: clock(), logger: app.log }),
      POLL_MS,
      app.log,
    );
    const typing = new TypingIndicators({ db, graph, logger: app.log, now: clock });
    app.decorate('whatsapp', { deliveries, outbox, typing });
    notifications.on(OUTBOX_CHANNEL, () => outbox.kick());
    // An agent typing in a WhatsApp chat: "typing…" on the customer's phone (best effort).
    const stopTyping = bus.on('staffTyping', ({ chatSessionId, customerId }) => {
      void typing.show(chatSessionId, customerId);
    });
    let pruneTimer: NodeJS.Timeout | undefined;
    // Deliveries stored before a restart are processed at start.
    app.addHook('onReady', async () => {
      deliveries.start();
      outbox.start();
      pruneTimer = setInterval(
        () =>
          void pruneDeliveries({ db, now: clock() }).catch((error: unknown) =>
            app.log.warn({ err: error }, 'WhatsApp delivery prune failed'),
          ),
        PRUNE_MS,
      );
      pruneTimer.unref();
    });
    app.addHook('preClose', async () => {
      stopTyping();
      clearInterval(pruneTimer);
      await deliveries.stop();
      await outbox.stop();
      await key.release();
    });

    await app.register(webhookRoutes, { db, settings, deliveries });

    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/api/channels/whatsapp/chats/:chatSessionId',
      forRole('agent', {
        summary: "A WhatsApp chat's channel state",
        description:
          "Agents and admins: the chat's WhatsApp number, whether its reply window is open, and each sent message's delivery state. A chat not on WhatsApp is a 404.",
        params: whatsappChatParamsSchema,
        response: { 200: whatsappChatSchema },
      }),
      async (request) =>
        getWhatsappChat({ db, settings, chatSessionId: request.params.chatSessionId }),
    );

    api.post(
      '/api/channels/whatsapp/messages/:messageId/retry',
      forRole('agent', {
        summary: 'Send a failed WhatsApp message again',
        description:
          'Agents and admins send again a desk message WhatsApp did not deliver; one sent already is a 409. Answers 204.',
        params: whatsappMessageParamsSchema,
      }),
      async (request, reply) => {
        await retryWhatsappMessage({ db, messageId: request.params.messageId, now: clock() });
        outbox.kick();
        return reply.status(204).send();
      },
    );

    api.post(
      '/api/channels/whatsapp/chats/:chatSessionId/reengage',
      forRole('agent', {
        summary: 'Reach the customer again on WhatsApp',
        description:
          "Agents and admins queue the configured re-engagement template for the chat's customer, after the reply window; without a configured template it is a 409. Answers 204.",
        params: whatsappChatParamsSchema,
      }),
      async (request, reply) => {
        await sendReengageTemplate({ db, settings, chatSessionId: request.params.chatSessionId });
        outbox.kick();
        return reply.status(204).send();
      },
    );

    api.post(
      '/api/channels/whatsapp/customers/:customerId/payout-accounts',
      forRole('agent', {
        summary: 'Add a payout account for a WhatsApp customer',
        description:
          "Agents and admins save a bank account for a customer on WhatsApp, with the same bank list, NUBAN check and name enquiry as a customer's own, audited. It stays pending until the customer confirms it with a button on WhatsApp; no order pays into it before. A customer not on WhatsApp is a 404.",
        params: whatsappCustomerParamsSchema,
        body: createPayoutAccountRequestSchema,
        response: { 201: payoutAccountSchema },
      }),
      async (request) => {
        const account = await addCustomerPayoutAccount({
          db,
          caller: requireUser(request),
          customerId: request.params.customerId,
          input: request.body,
          nameEnquiry: config.nameEnquiry,
          logger: request.log,
        });
        outbox.kick();
        return account;
      },
    );
  },
  { name: 'whatsapp' },
);
