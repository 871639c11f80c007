import { and, eq, gt, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { refuseStaffInChat } from '../chat-sessions';
import type { ChatStatus } from '../../../shared/domain';
import type { Order, OrderTransition } from '../../../shared/api/orders';
import { EXPIRING_ORDER_STATES, type OrderState } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/raw';
import { chatSessions, orderEvents, orders, users } from '../../db/schema';
import { isAgent } from '../../platform/auth';
import { auditInsert } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertSameRequest, requestFingerprint } from '../../platform/idempotency';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { expireOrders } from './expire-orders';
import { actorOf, orderForCaller } from './order-access';
import { ORDER_STEPS, type StepTarget } from './order-steps';
import { orderOf, readOrderParts, toOrder, type OrderRow } from './to-order';

type OrderChanges = Partial<
  Pick<
    typeof orders.$inferInsert,
    | 'txHash'
    | 'bankReference'
    | 'paidBy'
    | 'payoutApprovedBy'
    | 'depositAddress'
    | 'depositKeyId'
    | 'depositAddressIndex'
    | 'payoutAccountId'
    | 'payoutProofMessageId'
    | 'depositScreenshotMessageId'
    | 'amountCrypto'
    | 'totalNaira'
    | 'chainWatchConfirmed'
    | 'chainAmountOffCrypto'
    | 'chainProblem'
    | 'returnTxHash'
  >
>;

/** What every transition use case passes in: who, which order, the key and the clock. */
export interface TransitionContext {
  db: Db;
  events: EventLog;
  caller: SessionUser;
  id: number;
  idempotencyKey: string;
  now: Date;
}

/** When each state was entered, for the columns that keep it. */
const ENTERED_AT: Partial<Record<OrderState, keyof typeof orders.$inferInsert>> = {
  deposit_seen: 'depositSeenAt',
  // The approval then stamps it again: the payout is due from when it may be sent.
  payout_approval: 'depositConfirmedAt',
  deposit_confirmed: 'depositConfirmedAt',
  payout_sent: 'payoutSentAt',
  completed: 'completedAt',
  disputed: 'disputedAt',
  refunded: 'refundedAt',
  cancelled: 'cancelledAt',
};

const STATE_NAMES: Record<OrderState, string> = {
  quoted: 'a quote waiting to be accepted',
  awaiting_deposit: 'awaiting the deposit',
  deposit_seen: 'waiting for the deposit to be confirmed',
  requoted: 're-quoted, waiting for the customer to accept the new total',
  deposit_returning: 'having its deposit returned',
  payout_approval: "waiting for an admin's approval of its payout",
  deposit_confirmed: 'waiting for the payout',
  payout_sent: 'paid out, waiting for the customer',
  completed: 'completed',
  disputed: 'disputed',
  refunded: 'refunded',
  expired: 'expired',
  cancelled: 'cancelled',
};

function wrongState(order: OrderRow, verb: string): AppError {
  return new AppError(
    'conflict',
    `Order ${order.reference} is ${STATE_NAMES[order.state]}: it cannot be ${verb} now`,
    { state: order.state },
  );
}

/**
 * Moves one order from one of `from` to `to`, as one conditional update (`where state in
 * from`), so of two concurrent transitions exactly one wins and the other gets a 409. The same
 * Idempotency-Key on the same order returns the order again (200); with another request, a 422.
 * In the same database transaction: the timeline row, the audit entry, the realtime event and
 * whatever `within` adds (a completed order's trade).
 */
export async function transitionOrder<A extends OrderTransition>(
  context: TransitionContext,
  spec: {
    /** The step, with its start and end states in ORDER_STEPS. */
    action: A;
    /**
     * Where it ends, for a step with more than one end (a resolution, a confirmation over the
     * payout approval threshold), or worked out from the order as it was; else its only one.
     */
    to?: StepTarget<A> | ((order: OrderRow) => StepTarget<A>);
    body: unknown;
    /**
     * Whether the order as read already is what this step asks (a repeat the key does not
     * cover): it is answered as it is and nothing is written. Throws to refuse. Runs before
     * `check`, on the step's first read.
     */
    answered?: (order: OrderRow) => boolean;
    /** For the timeline and the audit: a text, or one worked out from the order as it was. */
    note?: string | null | ((order: OrderRow) => string | null);
    /** Checks beyond the state (who may, the input against the order); throws to refuse. */
    check?: (order: OrderRow) => void | Promise<void>;
    /**
     * A condition the update also needs, beyond the state (checked in the same statement), or
     * one worked out from the order as it was.
     */
    where?: SQL | ((order: OrderRow) => SQL);
    /** Column changes, worked out inside the transaction before the update. */
    changes?: (tx: Db, order: OrderRow) => Promise<OrderChanges> | OrderChanges;
    /** More for the audit entry's `after`, from the order as it was (what the agent saw). */
    audit?: (order: OrderRow) => Record<string, unknown>;
    /** More work in the same transaction, after the update. */
    within?: (tx: Db, updated: OrderRow) => Promise<void>;
    /**
     * For a step whose `changes` take a lock held to the commit (accepting a quote picks its
     * deposit address): the payout account the order will show. Its timeline, payout account,
     * customer and payments are then read before the transaction, not while the lock is held;
     * only for a step that writes none of them but this account (a rival step fails the update).
     */
    shownWith?: (order: OrderRow) => { payoutAccountId: number | null };
  },
): Promise<Order> {
  const { db, events, caller, id, idempotencyKey, now } = context;
  const step: { from: readonly OrderState[]; to: readonly OrderState[]; verb: string } =
    ORDER_STEPS[spec.action];
  const from = step.from;
  // The Idempotency-Key is bound to the transition, who asked and what they sent.
  const hash = requestFingerprint([spec.action, caller.id, spec.body ?? null]);
  const replay = async (): Promise<Order | null> => {
    const [seen] = await db
      .select({ requestHash: orderEvents.requestHash })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.idempotencyKey, idempotencyKey)))
      .limit(1);
    if (!seen) return null;
    assertSameRequest(seen.requestHash, hash);
    return toOrder(db, await orderForCaller({ db, caller, id }));
  };

  // The order, whether this key was used on it, and its chat: one read.
  const read = await readForStep(context);
  let order = read.order;
  if (read.seen) {
    assertSameRequest(read.seen.requestHash, hash);
    return toOrder(db, order);
  }
  if (spec.answered?.(order)) return toOrder(db, order);
  // Staff act only in chats not locked to another agent (ADR 018).
  refuseStaffInChat(read.chat, caller);
  if (overdue(order, now) && (await expireOrders({ db, events, now, orderId: id }))) {
    order = await orderForCaller({ db, caller, id });
  }
  await spec.check?.(order);
  if (!from.includes(order.state)) throw wrongState(order, step.verb);
  const to: OrderState = (typeof spec.to === 'function' ? spec.to(order) : spec.to) ?? step.to[0]!;
  const where = typeof spec.where === 'function' ? spec.where(order) : spec.where;
  const partsBefore =
    spec.shownWith && (await readOrderParts(db, [{ ...order, ...spec.shownWith(order) }]));

  // What this transition tried to write, for naming the order that already holds a tx hash.
  let attempted: OrderChanges = {};
  try {
    return await events.transaction(async (tx) => {
      const changes = (await spec.changes?.(tx, order)) ?? {};
      attempted = changes;
      const note = typeof spec.note === 'function' ? spec.note(order) : (spec.note ?? null);
      // A step that stays in its state (a payout released) keeps when the state was entered.
      const enteredAt = order.state === to ? undefined : ENTERED_AT[to];
      const [updated] = await tx
        .update(orders)
        .set({ ...changes, state: to, updatedAt: now, ...(enteredAt && { [enteredAt]: now }) })
        .where(
          and(
            eq(orders.id, id),
            inArray(orders.state, from),
            // The rate lock holds to the instant: a step out of a locked state after it, loses.
            or(notInArray(orders.state, [...EXPIRING_ORDER_STATES]), gt(orders.expiresAt, now)),
            where,
          ),
        )
        .returning();
      if (!updated) throw new LostRace();
      await spec.within?.(tx, updated);
      // The order as shown, its timeline ending with this step (written below, with its event).
      const shown = partsBefore ? orderOf(updated, partsBefore) : await toOrder(tx, updated);
      const dto: Order = {
        ...shown,
        timeline: [
          ...shown.timeline,
          { state: to, actor: actorOf(caller), actorId: caller.id, at: now.toISOString(), note },
        ],
      };
      // The timeline row, the audit entry and the event: one statement.
      await events.append(
        tx,
        { type: 'order.updated', chatSessionId: updated.chatSessionId, order: dto },
        { customerId: updated.customerId },
        [
          tx
            .insert(orderEvents)
            .values({
              orderId: id,
              state: to,
              actor: actorOf(caller),
              actorId: caller.id,
              note,
              idempotencyKey,
              requestHash: hash,
              at: now,
            })
            .getSQL(),
          auditInsert(tx, {
            actorId: caller.id,
            action: `order.${spec.action}`,
            entityType: 'order',
            entityId: String(id),
            before: { state: order.state },
            after: { state: to, ...changes, ...(note ? { note } : {}), ...spec.audit?.(order) },
          }),
        ],
      );
      return dto;
    });
  } catch (error) {
    if (error instanceof LostRace) {
      // Another request moved the order first: the same key's twin gets its answer, others a 409.
      const raced = await replay();
      if (raced) return raced;
      await expireOrders({ db, events, now, orderId: id });
      throw wrongState(await orderForCaller({ db, caller, id }), step.verb);
    }
    if (isUniqueViolation(error, 'order_events_idempotency_uq')) {
      const raced = await replay();
      if (raced) return raced;
    }
    if (isUniqueViolation(error, 'orders_tx_hash_uq')) {
      throw await txHashUsed(db, attempted.txHash, caller);
    }
    if (isUniqueViolation(error, 'orders_payout_proof_uq')) {
      throw new AppError('conflict', 'This image is already the payout proof of another order');
    }
    throw error;
  }
}

/** Whether the order's rate lock ran out before a tx hash (expireOrders says so again, locked). */
function overdue(order: OrderRow, now: Date): boolean {
  return (
    (EXPIRING_ORDER_STATES as readonly OrderState[]).includes(order.state) &&
    order.expiresAt.getTime() <= now.getTime() &&
    order.txHash === null
  );
}

/**
 * A step's first read: the order (404 unless the caller may see it), the timeline row this
 * Idempotency-Key wrote on it if any, and its chat with its holder's name.
 */
async function readForStep(context: TransitionContext): Promise<{
  order: OrderRow;
  seen: { requestHash: string | null } | null;
  chat:
    | {
        customer_id: string;
        agent_id: string | null;
        status: ChatStatus;
        holder_name: string | null;
      }
    | undefined;
}> {
  const { db, caller, id, idempotencyKey } = context;
  const [row] = await db
    .select({
      order: orders,
      seen: sql<{ requestHash: string | null } | null>`(
        select json_build_object('requestHash', ${orderEvents.requestHash})
        from ${orderEvents}
        where ${orderEvents.orderId} = ${orders.id}
          and ${orderEvents.idempotencyKey} = ${idempotencyKey}
        limit 1)`,
      chatCustomerId: chatSessions.customerId,
      chatAgentId: chatSessions.agentId,
      chatStatus: chatSessions.status,
      holderName: sql<
        string | null
      >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
    })
    .from(orders)
    .leftJoin(chatSessions, eq(chatSessions.id, orders.chatSessionId))
    .leftJoin(users, eq(users.id, chatSessions.agentId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!row || (!isAgent(caller) && row.order.customerId !== caller.id)) {
    throw new AppError('not_found', 'Order not found');
  }
  return {
    order: row.order,
    seen: row.seen,
    chat:
      row.chatCustomerId === null || row.chatStatus === null
        ? undefined
        : {
            customer_id: row.chatCustomerId,
            agent_id: row.chatAgentId,
            status: row.chatStatus,
            holder_name: row.holderName,
          },
  };
}

/**
 * The 409 for a tx hash another order holds (the unique index said so, even under a race). Staff
 * are told which order, to open it; a customer is not: a transaction hash is public, and whose
 * order holds it is another customer's business.
 */
async function txHashUsed(
  db: Db,
  txHash: string | null | undefined,
  caller: SessionUser,
): Promise<AppError> {
  const [holder] =
    txHash && (caller.isAgent || caller.isAdmin)
      ? await db
          .select({ reference: orders.reference })
          .from(orders)
          .where(eq(orders.txHash, txHash))
          .limit(1)
      : [];
  return holder
    ? new AppError('conflict', `This transaction was already used for order ${holder.reference}`, {
        usedByOrderReference: holder.reference,
      })
    : new AppError('conflict', 'This transaction was already used for another order');
}

/** The conditional update matched nothing: another transition got there first. */
class LostRace extends Error {}
