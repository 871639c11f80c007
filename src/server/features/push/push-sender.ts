import type https from 'node:https';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../../shared/api/push';
import { customerOrderState } from '../../../shared/orders/payout-approval';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { chatSessions, pushSubscriptions, users } from '../../db/schema';
import { ChangeCache } from '../../platform/change-cache';
import type { EventBus, NewEvent } from '../../platform/event-bus';
import { agentReplyPayload, newChatPayload, orderPayload } from './push-texts';
import type { VapidKeys } from './vapid-keys';

/** How long a push service keeps a notification for a phone that is off, in seconds. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that takes longer than this is given up on (the notification is lost). */
const PUSH_TIMEOUT_MS = 10_000;
/** Orders whose last state was pushed, so an update that changes no state pushes nothing. */
const REMEMBERED_ORDERS = 10_000;
/** Chats whose customer is remembered (a chat's customer never changes). */
const REMEMBERED_CHATS = 10_000;

type Subscription = typeof pushSubscriptions.$inferSelect;

export interface PushSenderOptions {
  db: Db;
  bus: EventBus;
  /** The database's change notifications: the subscriptions kept in memory follow them. */
  notifications: Notifications;
  vapid: VapidKeys & { subject: string };
  brandName: string;
  /**
   * Which of these users have a socket open on any instance (platform/realtime/presence.ts):
   * their page shows the news itself, so they get no push.
   */
  withOpenSockets: (userIds: readonly string[]) => Promise<Set<string>>;
  logger: FastifyBaseLogger;
  /** The https agent push requests go through (tests trust their own push service with it). */
  agent?: https.Agent;
}

/**
 * Sends a customer's browsers a Web Push when an agent replies in their chat or their order
 * changes state while no tab of theirs is open, and every active agent with no tab open one when
 * a customer opens a new chat. It hears this instance's commits on the bus
 * (`eventsCommitted`), after the response's transaction, and never holds a request up: sending
 * runs on its own and failures are logged. Subscriptions the push service says are gone
 * (404/410) are deleted.
 *
 * An agent's reply costs no statement when its customer has no browser subscribed (most have
 * none): each user's subscriptions are kept in memory until the database says
 * `push_subscriptions` changed (a trigger, so every writer and instance is covered; decision
 * 006), and each chat's customer, which never changes, once read.
 */
export class PushSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly pushedOrderStates = new Map<number, string>();
  private readonly chatCustomers = new Map<number, string>();
  private readonly subscriptions: ChangeCache<Subscription[]>;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: PushSenderOptions) {
    this.subscriptions = new ChangeCache<Subscription[]>(options.notifications, {
      ttlMs: 60_000,
      maxEntries: 100_000,
    }).clearOn(options.notifications, ['push']);
    this.unsubscribe = options.bus.on('eventsCommitted', ({ events }) => {
      for (const event of events) this.track(this.handle(event));
    });
  }

  stop(): void {
    this.unsubscribe();
  }

  /** This instance saved or removed a subscription: forget the kept ones now, not at the notification. */
  subscriptionsChanged(): void {
    this.subscriptions.clear();
  }

  /** Resolves once every push started so far has been sent or given up (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'push: sending a notification failed'),
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async handle(event: NewEvent): Promise<void> {
    if (
      event.type === 'message.created' &&
      event.message.senderRole === 'agent' &&
      // A private note is no reply: the customer never hears of it.
      event.message.messageType !== 'note'
    ) {
      const customerId = await this.customerOf(event.chatSessionId);
      if (customerId) {
        await this.notify(customerId, agentReplyPayload(this.options.brandName, event.message));
      }
    } else if (event.type === 'session.created') {
      await this.notifyAgents(newChatPayload(event.session));
    } else if (event.type === 'order.created' || event.type === 'order.updated') {
      const { order } = event;
      // The customer hears of the state they see: an approved payout is not news twice.
      const state = customerOrderState(order.state);
      if (this.pushedOrderStates.get(order.id) === state) return;
      this.pushedOrderStates.delete(order.id);
      this.pushedOrderStates.set(order.id, state);
      if (this.pushedOrderStates.size > REMEMBERED_ORDERS) {
        this.pushedOrderStates.delete(this.pushedOrderStates.keys().next().value!);
      }
      await this.notify(order.customerId, orderPayload(order));
    }
  }

  /** The chat's customer, read once per chat. */
  private async customerOf(chatSessionId: number): Promise<string | undefined> {
    const known = this.chatCustomers.get(chatSessionId);
    if (known) return known;
    const [chat] = await this.options.db
      .select({ customerId: chatSessions.customerId })
      .from(chatSessions)
      .where(eq(chatSessions.id, chatSessionId));
    if (!chat) return undefined;
    if (this.chatCustomers.size >= REMEMBERED_CHATS) this.chatCustomers.clear();
    this.chatCustomers.set(chatSessionId, chat.customerId);
    return chat.customerId;
  }

  /** Pushes to every browser of `userId`, unless a tab of theirs is open on any instance. */
  private async notify(userId: string, payload: PushPayload): Promise<void> {
    const subscriptions = await this.subscriptions.get(userId, () =>
      this.options.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    );
    // Most users never subscribed: their presence is not asked.
    if (subscriptions.length === 0) return;
    if ((await this.options.withOpenSockets([userId])).has(userId)) return;
    await Promise.all(subscriptions.map((s) => this.send(s, payload)));
  }

  /** Pushes to the browsers of every active agent (admins who are agents included) with no tab open. */
  private async notifyAgents(payload: PushPayload): Promise<void> {
    const subscriptions = await this.options.db
      .select({ subscription: pushSubscriptions })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(and(eq(users.isActive, true), or(eq(users.isAgent, true), eq(users.isAdmin, true))));
    if (subscriptions.length === 0) return;
    const open = await this.options.withOpenSockets([
      ...new Set(subscriptions.map((s) => s.subscription.userId)),
    ]);
    await Promise.all(
      subscriptions
        .filter((s) => !open.has(s.subscription.userId))
        .map((s) => this.send(s.subscription, payload)),
    );
  }

  private async send(subscription: Subscription, payload: PushPayload): Promise<void> {
    const { vapid, agent, db, logger } = this.options;
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          contentEncoding: 'aes128gcm',
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          // One waiting notification per chat: a newer one replaces it at the push service.
          topic: payload.tag,
          timeout: PUSH_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      );
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        // The browser unsubscribed or the subscription expired: it will never work again.
        await db
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.id, subscription.id),
              eq(pushSubscriptions.endpoint, subscription.endpoint),
            ),
          );
        logger.info({ subscriptionId: subscription.id }, 'push: subscription gone; removed');
        return;
      }
      logger.warn(
        {
          err: error,
          subscriptionId: subscription.id,
          statusCode: error instanceof WebPushError ? error.statusCode : undefined,
        },
        'push: the push service refused a notification',
      );
    }
  }
}
