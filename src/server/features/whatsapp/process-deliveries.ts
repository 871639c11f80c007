import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  whatsappChangeValueSchema,
  whatsappInboundMessageSchema,
  whatsappStatusSchema,
  whatsappWebhookBodySchema,
} from '../../../shared/api/whatsapp';
import { rows } from '../../db/raw';
import { applyStatus } from './apply-status';
import { receiveMessage, type ReceiveContext } from './receive-message';

/** A delivery that still fails after this many tries is set aside (its error kept). */
const MAX_DELIVERY_ATTEMPTS = 8;

/**
 * A failed delivery is tried again once this many ms times 2^attempts have passed since it
 * arrived (0.5 s, 1 s, 2 s ... about a minute in all): a status that came before the send's
 * answer was recorded finds it on a later try, not eight tries in the same second.
 */
const RETRY_BASE_MS = 250;

/** A status for a message whose send was not recorded yet: the delivery is tried again. */
class StatusTooEarly extends Error {
  constructor(wamid: string) {
    super(`A status arrived for ${wamid}, which no sent message has (yet)`);
    this.name = 'StatusTooEarly';
  }
}

/** The changes of a delivery that concern this phone number. */
export function ourChanges(body: unknown, phoneNumberId: string) {
  const parsed = whatsappWebhookBodySchema.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.entry
    .flatMap((entry) => entry.changes)
    .filter((change) => change.field === 'messages')
    .map((change) => whatsappChangeValueSchema.safeParse(change.value))
    .flatMap((value) =>
      value.success && value.data.metadata.phone_number_id === phoneNumberId ? [value.data] : [],
    );
}

/** One delivery: its messages in order, then its statuses. */
async function processDelivery(
  context: Omit<ReceiveContext, 'now'> & { phoneNumberId: string; now: () => Date },
  body: unknown,
  logger: FastifyBaseLogger,
): Promise<void> {
  for (const value of ourChanges(body, context.phoneNumberId)) {
    const names = new Map(value.contacts?.map((c) => [c.wa_id, c.profile?.name]) ?? []);
    for (const raw of value.messages ?? []) {
      const message = whatsappInboundMessageSchema.safeParse(raw);
      if (!message.success) {
        logger.warn({ issues: message.error.issues }, 'WhatsApp message of an unknown shape');
        continue;
      }
      await receiveMessage({
        ...context,
        now: context.now(),
        message: message.data,
        profileName: names.get(message.data.from),
      });
    }
    for (const raw of value.statuses ?? []) {
      const status = whatsappStatusSchema.safeParse(raw);
      if (!status.success) continue;
      if (!(await applyStatus({ db: context.db, status: status.data })))
        throw new StatusTooEarly(status.data.id);
    }
  }
}

/**
 * The stored deliveries not processed yet, oldest first, one at a time (the caller runs one
 * pass at a time, on one instance: messages keep their order). A delivery that fails is tried
 * again with backoff, up to MAX_DELIVERY_ATTEMPTS; a failure other than an early status ends the
 * pass, but the next pass goes on past it while it waits for its retry.
 */
export async function processDeliveries(
  context: Omit<ReceiveContext, 'now'> & {
    phoneNumberId: string;
    now: () => Date;
    logger: FastifyBaseLogger;
  },
): Promise<number> {
  const { db, logger } = context;
  const pending = await rows<{ id: string; body: unknown; attempts: number }>(
    db,
    sql`select id, body, attempts from whatsapp_deliveries
        where processed_at is null and attempts < ${MAX_DELIVERY_ATTEMPTS}
          and (attempts = 0
               or created_at <= now() - ${RETRY_BASE_MS} * power(2, attempts) * interval '1 ms')
        order by id limit 100`,
  );
  let done = 0;
  for (const delivery of pending) {
    try {
      await processDelivery(context, delivery.body, logger);
      await db.execute(
        sql`update whatsapp_deliveries set processed_at = now(), attempts = attempts + 1,
                                           last_error = null
            where id = ${delivery.id}`,
      );
      done += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!(error instanceof StatusTooEarly))
        logger.warn({ err: error, delivery: delivery.id }, 'WhatsApp delivery failed');
      await db.execute(
        sql`update whatsapp_deliveries set attempts = attempts + 1, last_error = ${reason.slice(0, 500)}
            where id = ${delivery.id}`,
      );
      // Later messages wait behind this one, so their order holds.
      if (!(error instanceof StatusTooEarly)) break;
    }
  }
  return done;
}
