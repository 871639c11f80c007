import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  OPEN_ORDER_BLOCKS_ERASURE,
  OPEN_ORDER_BLOCKS_STAFF_ERASURE,
  type EraseAccountResponse,
} from '../../../shared/api/customers';
import { OPEN_ORDER_STATES } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import {
  chatSessions,
  messages,
  orderEvents,
  orders,
  payoutAccounts,
  pushSubscriptions,
  realtimeEvents,
  users,
  imageReadings,
} from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import { destroyUserSessions, type SessionUser } from '../../platform/sessions';
import type { ObjectStorage } from '../../platform/storage';
import { eraseWhatsappData } from '../whatsapp';

/** What the erased account is called from now on: the records the law keeps stay tied to it. */
export function pseudonymOf(customerId: string): { firstName: string; lastName: string } {
  return { firstName: 'Erased', lastName: `customer ${customerId.slice(0, 8).toUpperCase()}` };
}

/**
 * Erases a customer (NDPA 2023, right to erasure; decision 027): the signed-in customer, or one
 * an admin erases on their request (a WhatsApp customer has no sign-in; decision 037). In one
 * transaction: name, email and picture replaced by a pseudonym, the Google identity unlinked (a
 * new sign-in with it makes a fresh customer), every message text in their chats emptied and
 * its image removed, the chats' realtime events and push subscriptions deleted, payout accounts
 * no order used deleted and the others hidden under the pseudonym. Orders, transactions and
 * audit entries (append-only: what they recorded stays as written) stay, for
 * `retentionYears`. A WhatsApp customer's number goes too (features/whatsapp's
 * eraseWhatsappData). Every session ends at once. Refused while an order is still running.
 * Images leave storage after the commit: a failed removal is logged, the rows no longer name it.
 */
export async function eraseCustomer(options: {
  db: Db;
  storage: ObjectStorage;
  bus: EventBus;
  logger: FastifyBaseLogger;
  customer: Pick<SessionUser, 'id' | 'isAgent' | 'isAdmin'>;
  /** Who erases: the customer themself, or an admin for a customer with no sign-in (WhatsApp). */
  actorId?: string;
  retentionYears: number;
  now?: Date;
}): Promise<EraseAccountResponse> {
  const { db, storage, bus, customer } = options;
  const actorId = options.actorId ?? customer.id;
  if (customer.isAgent || customer.isAdmin) {
    throw new AppError('forbidden', 'Only customer accounts can be erased here');
  }
  const now = options.now ?? new Date();
  const retainedUntil = new Date(now);
  retainedUntil.setUTCFullYear(retainedUntil.getUTCFullYear() + options.retentionYears);

  const { keys, ended, user } = await db.transaction(async (tx) => {
    // Locks the account: a concurrent order or message waits for the erasure, then sees it.
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, customer.id))
      .for('update');
    if (!locked) throw new AppError('not_found', 'Account not found');
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), inArray(orders.state, OPEN_ORDER_STATES)))
      .limit(1);
    if (open)
      throw new AppError(
        'conflict',
        actorId === customer.id ? OPEN_ORDER_BLOCKS_ERASURE : OPEN_ORDER_BLOCKS_STAFF_ERASURE,
      );

    const chatIds = (
      await tx
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.customerId, customer.id))
    ).map((c) => c.id);
    const keys: string[] = [];
    let messagesErased = 0;
    if (chatIds.length > 0) {
      const images = await tx
        .select({ attachment: messages.attachment })
        .from(messages)
        .where(and(inArray(messages.chatSessionId, chatIds), isNotNull(messages.attachment)));
      for (const { attachment } of images) {
        if (!attachment) continue;
        keys.push(attachment.storageKey);
        if (attachment.thumbnailKey) keys.push(attachment.thumbnailKey);
      }
      const erased = await tx
        .update(messages)
        .set({ content: '', attachment: null, imageFingerprint: null, imageSeenBefore: null })
        .where(inArray(messages.chatSessionId, chatIds))
        .returning({ id: messages.id });
      messagesErased = erased.length;
      // What OCR read on their images (amounts, account numbers) goes with the images.
      await tx.delete(imageReadings).where(
        inArray(
          imageReadings.messageId,
          erased.map((m) => m.id),
        ),
      );
      await tx
        .update(orderEvents)
        .set({ note: null })
        .where(
          inArray(
            orderEvents.orderId,
            tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customer.id)),
          ),
        );
    }
    await tx
      .delete(realtimeEvents)
      .where(
        or(
          eq(realtimeEvents.customerId, customer.id),
          chatIds.length > 0 ? inArray(realtimeEvents.chatSessionId, chatIds) : undefined,
        ),
      );
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.id));
    const used = tx
      .select({ id: orders.payoutAccountId })
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), isNotNull(orders.payoutAccountId)));
    await tx
      .delete(payoutAccounts)
      .where(
        and(eq(payoutAccounts.customerId, customer.id), sql`${payoutAccounts.id} not in (${used})`),
      );
    // The accounts orders paid into stay with those orders (what was paid, to which bank
    // account), hidden, their holder's name replaced by the pseudonym.
    const { firstName, lastName } = pseudonymOf(customer.id);
    await tx
      .update(payoutAccounts)
      .set({
        accountName: `${firstName} ${lastName}`,
        deletedAt: sql`coalesce(${payoutAccounts.deletedAt}, ${now})`,
      })
      .where(eq(payoutAccounts.customerId, customer.id));
    const [user] = await tx
      .update(users)
      .set({
        ...pseudonymOf(customer.id),
        email: null,
        profileImageUrl: null,
        oidcIssuer: null,
        oidcSubject: null,
        isActive: false,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, customer.id))
      .returning();
    const ended = await destroyUserSessions({ db: tx, userId: customer.id });
    // Their WhatsApp number, held messages, Meta's deliveries and what was sent to them.
    const whatsapp = await eraseWhatsappData({ tx, customerId: customer.id });
    await writeAudit(tx, {
      actorId,
      action: 'customer.erase',
      entityType: 'user',
      entityId: customer.id,
      after: {
        pseudonym: pseudonymOf(customer.id),
        chats: chatIds.length,
        messagesErased,
        imagesRemoved: keys.length,
        sessionsEnded: ended.length,
        ...(whatsapp ? { whatsapp } : {}),
        retainedUntil: retainedUntil.toISOString(),
      },
    });
    return { keys, ended, user: user! };
  });

  for (const tokenHash of ended) bus.emit('sessionEnded', { tokenHash, userId: customer.id });
  bus.emit('userChanged', user);
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch (error) {
      options.logger.error({ err: error, key }, 'an erased customer’s image is still in storage');
    }
  }
  return { erased: true, retainedUntil: retainedUntil.toISOString() };
}

/**
 * An admin erases a customer on their request (decision 037): a WhatsApp customer has no
 * sign-in to ask from. The same erasure, audited with the admin as its actor. An unknown id is a
 * 404, a staff account a 403.
 */
export async function eraseCustomerForAdmin(options: {
  db: Db;
  storage: ObjectStorage;
  bus: EventBus;
  logger: FastifyBaseLogger;
  admin: SessionUser;
  customerId: string;
  retentionYears: number;
}): Promise<EraseAccountResponse> {
  const [customer] = await options.db
    .select({ id: users.id, isAgent: users.isAgent, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, options.customerId))
    .limit(1);
  if (!customer) throw new AppError('not_found', 'Customer not found');
  return eraseCustomer({ ...options, customer, actorId: options.admin.id });
}
