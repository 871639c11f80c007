import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import {
  chatSessions,
  messages,
  whatsappContacts,
  whatsappDeliveries,
  whatsappHeldMessages,
  whatsappOutbox,
} from '../../db/schema';

/** What an erasure took from the WhatsApp tables: counts only, for the audit entry. */
export interface WhatsappErasure {
  heldMessagesDeleted: number;
  deliveriesRedacted: number;
  deliveriesDeleted: number;
  outboxDeleted: number;
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/**
 * A webhook body without anything of `waId`: their contact entry (number and profile name), their
 * messages and the statuses of messages sent to them. Null when nothing else is left in it.
 */
export function withoutNumber(body: unknown, waId: string): unknown {
  if (typeof body !== 'object' || body === null) return null;
  const entries = list((body as Json).entry).flatMap((entry) => {
    const changes = list(entry.changes).flatMap((change) => {
      const value = (change.value ?? {}) as Json;
      const kept = {
        ...value,
        contacts: list(value.contacts).filter((c) => c.wa_id !== waId),
        messages: list(value.messages).filter((m) => m.from !== waId),
        statuses: list(value.statuses).filter((s) => s.recipient_id !== waId),
      };
      return kept.messages.length + kept.statuses.length === 0 ? [] : [{ ...change, value: kept }];
    });
    return changes.length === 0 ? [] : [{ ...entry, changes }];
  });
  if (entries.length === 0) return null;
  const redacted = { ...(body as Json), entry: entries };
  // Anywhere else the number might still be (a field Meta added): the whole delivery goes.
  return JSON.stringify(redacted).includes(waId) ? null : redacted;
}

/**
 * Part of a customer's erasure (decision 037), in its transaction: their WhatsApp number and
 * everything that holds it or what they wrote. The contact row goes (number, window), with the
 * messages held before a desk was chosen and the outbox rows sent to them (ticks and the channel's
 * own payloads); Meta's stored deliveries keep only what was about other customers (or go, when
 * nothing else was in them); their messages' client ids, which carry Meta's message ids (a wamid
 * encodes the number), are replaced. Null when the customer never wrote from WhatsApp.
 */
export async function eraseWhatsappData(options: {
  tx: Db;
  customerId: string;
}): Promise<WhatsappErasure | null> {
  const { tx, customerId } = options;
  const [contact] = await tx
    .delete(whatsappContacts)
    .where(eq(whatsappContacts.customerId, customerId))
    .returning({ waId: whatsappContacts.waId });
  if (!contact) return null;
  const { waId } = contact;

  const held = await tx
    .delete(whatsappHeldMessages)
    .where(eq(whatsappHeldMessages.customerId, customerId))
    .returning({ wamid: whatsappHeldMessages.wamid });
  const outbox = await tx
    .delete(whatsappOutbox)
    .where(eq(whatsappOutbox.waId, waId))
    .returning({ id: whatsappOutbox.id });
  await tx
    .update(messages)
    .set({ clientMessageId: sql`'erased:' || ${messages.id}` })
    .where(
      and(
        like(messages.clientMessageId, 'wa:%'),
        inArray(
          messages.chatSessionId,
          tx
            .select({ id: chatSessions.id })
            .from(chatSessions)
            .where(eq(chatSessions.customerId, customerId)),
        ),
      ),
    );

  // Deliveries are kept 7 days: a scan of them, for an erasure, is small.
  const mentioning = await rows<{ id: string; body: unknown }>(
    tx,
    sql`select id, body from whatsapp_deliveries
        where body::text like ${`%${waId}%`} for update`,
  );
  let deliveriesRedacted = 0;
  let deliveriesDeleted = 0;
  for (const delivery of mentioning) {
    const body = typeof delivery.body === 'string' ? JSON.parse(delivery.body) : delivery.body;
    const kept = withoutNumber(body, waId);
    if (kept === null) {
      await tx.delete(whatsappDeliveries).where(eq(whatsappDeliveries.id, Number(delivery.id)));
      deliveriesDeleted += 1;
    } else {
      await tx
        .update(whatsappDeliveries)
        .set({
          body: kept,
          lastError: null,
          waIds: sql`array_remove(${whatsappDeliveries.waIds}, ${waId})`,
        })
        .where(eq(whatsappDeliveries.id, Number(delivery.id)));
      deliveriesRedacted += 1;
    }
  }
  return {
    heldMessagesDeleted: held.length,
    deliveriesRedacted,
    deliveriesDeleted,
    outboxDeleted: outbox.length,
  };
}
