import type { FastifyInstance } from 'fastify';
import { signWebhook } from './graph-api-server';

/** Meta's POST to the app's webhook: `body` signed with the test app secret (null: unsigned). */
export function postWebhook(
  app: FastifyInstance,
  body: string,
  signature: string | null = signWebhook(body),
) {
  return app.inject({
    method: 'POST',
    url: '/api/channels/whatsapp/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: body,
  });
}

/**
 * Waits for the app's WhatsApp deliveries and outbox to have nothing left to do (a delivery may
 * queue a send, and a send's answer a delivery: three rounds cover what the tests do).
 */
export async function settleWhatsapp(app: FastifyInstance): Promise<void> {
  for (let i = 0; i < 3; i++) {
    app.whatsapp!.deliveries.kick();
    await app.whatsapp!.deliveries.idle();
    app.whatsapp!.outbox.kick();
    await app.whatsapp!.outbox.idle();
  }
}
