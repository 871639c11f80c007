import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type WhatsappChangeValue,
  whatsappChangeValueSchema,
  whatsappInboundMessageSchema,
  whatsappStatusSchema,
  whatsappWebhookBodySchema,
} from '../../../shared/api/whatsapp';
import { LivenessKey } from '../../db/liveness-key';
import { rows } from '../../db/raw';
import { applyStatus } from './apply-status';
import { receiveMessage, type ReceiveContext } from './receive-message';

/** A delivery that still fails after this many tries is set aside (its error kept). */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** The advisory-lock space of the instances' liveness keys for deliveries ("ACwa"). */
export const DELIVERY_CLAIMS = 0x41437761;

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

/**
 * The WhatsApp ids whose messages a delivery holds (what its order is kept by). Statuses are
 * left out: they apply in any order (a tick never moves back).
 */
export function sendersOf(changes: readonly WhatsappChangeValue[]): string[] {
  const senders = new Set<string>();
  for (const value of changes)
    for (const raw of value.messages ?? []) {
      const message = whatsappInboundMessageSchema.safeParse(raw);
      if (message.success) senders.add(message.data.from);
    }
  return [...senders];
}

/** What processing deliveries needs: the receiving context (with a clock) and our number. */
export type DeliveryContext = Omit<ReceiveContext, 'now'> & {
  phoneNumberId: string;
  now: () => Date;
};

/** One delivery: its messages in order, then its statuses. */
async function processDelivery(context: DeliveryContext, body: unknown): Promise<void> {
  for (const value of ourChanges(body, context.phoneNumberId)) {
    const names = new Map(value.contacts?.map((c) => [c.wa_id, c.profile?.name]) ?? []);
    for (const raw of value.messages ?? []) {
      const message = whatsappInboundMessageSchema.safeParse(raw);
      if (!message.success) {
        context.logger.warn(
          { issues: message.error.issues },
          'WhatsApp message of an unknown shape',
        );
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

export interface ClaimedDelivery {
  id: string;
  body: unknown;
}

/**
 * In one statement: records the deliveries `done` as processed, and claims for `claimer` up to
 * `limit` more, oldest first, of those due (new, or a failed one whose backoff has passed). A
 * delivery is claimed only when no earlier pending one (in flight, failed and waiting for its
 * retry, or not claimed yet) holds a message of the same customer: each customer's messages keep
 * their order, different customers' are processed side by side. A row claimed by an instance
 * that runs is never claimed again (`for update skip locked` between instances at the same
 * moment); one whose claimer stopped, or of this instance's that is not in flight here (its
 * outcome was not recorded), is free. `attempts` counts every processing, successful or not.
 */
export async function finishAndClaim(options: {
  db: Db;
  claimer: number;
  done: readonly string[];
  inFlight: readonly string[];
  limit: number;
}): Promise<ClaimedDelivery[]> {
  const { db, claimer, limit } = options;
  const done = sql`${`{${options.done.join(',')}}`}::bigint[]`;
  const inFlight = sql`${`{${options.inFlight.join(',')}}`}::bigint[]`;
  const live = LivenessKey.held(DELIVERY_CLAIMS, sql`d.claimed_by`);
  const claimed = await rows<ClaimedDelivery>(
    db,
    sql`with finished as (
          update whatsapp_deliveries
          set processed_at = now(), attempts = attempts + 1, last_error = null,
              claimed_by = null, wa_ids = '{}'
          where id = any(${done})
        ),
        firsts as (
          select w.wa_id, min(p.id) as id
          from whatsapp_deliveries p, unnest(p.wa_ids) as w(wa_id)
          where p.processed_at is null and p.attempts < ${MAX_DELIVERY_ATTEMPTS}
            and p.id <> all(${done})
          group by w.wa_id
        ),
        next as (
          select d.id from whatsapp_deliveries d
          where d.processed_at is null and d.attempts < ${MAX_DELIVERY_ATTEMPTS}
            and d.id <> all(${done})
            and (d.attempts = 0
                 or d.created_at <= now() - ${RETRY_BASE_MS} * power(2, d.attempts) * interval '1 ms')
            and (d.claimed_by is null
                 or (d.claimed_by = ${claimer} and d.id <> all(${inFlight}))
                 or not (${live}))
            and not exists (select 1 from unnest(d.wa_ids) as w(wa_id)
                            join firsts f on f.wa_id = w.wa_id
                            where f.id < d.id)
          order by d.id
          limit ${limit}
          for update of d skip locked
        )
        update whatsapp_deliveries d set claimed_by = ${claimer}
        from next where d.id = next.id
        returning d.id, d.body`,
  );
  return claimed.sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * Processes one claimed delivery. A failure is recorded (the delivery is tried again with backoff
 * up to MAX_DELIVERY_ATTEMPTS, and its customers' later deliveries wait behind it); an early
 * status is expected and not logged. True when it was processed.
 */
export async function processClaimed(
  context: DeliveryContext,
  delivery: ClaimedDelivery,
): Promise<boolean> {
  try {
    await processDelivery(context, delivery.body);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (!(error instanceof StatusTooEarly))
      context.logger.warn({ err: error, delivery: delivery.id }, 'WhatsApp delivery failed');
    await context.db.execute(
      sql`update whatsapp_deliveries
          set attempts = attempts + 1, last_error = ${reason.slice(0, 500)}, claimed_by = null
          where id = ${delivery.id}`,
    );
    return false;
  }
}
