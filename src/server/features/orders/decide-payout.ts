import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, rejectPayoutRequestSchema } from '../../../shared/api/orders';
import { PAYOUT_FOUR_EYES_RULE } from '../../../shared/orders/payout-approval';
import { chatSessions, orderEvents } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { OrderRow } from './to-order';
import { transitionOrder, type TransitionContext } from './transition-order';

/**
 * The staff the four-eyes rule keeps from deciding `order`'s payout: the agent who holds its
 * chat (who will pay it) and whoever confirmed its deposit (null: the chain did).
 */
async function refuseOwnPayout(context: TransitionContext, order: OrderRow): Promise<void> {
  const { db, caller } = context;
  const [chat] = await db
    .select({ agentId: chatSessions.agentId })
    .from(chatSessions)
    .where(eq(chatSessions.id, order.chatSessionId));
  const [confirmed] = await db
    .select({ actorId: orderEvents.actorId })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.state, 'payout_approval')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  if (chat?.agentId === caller.id || confirmed?.actorId === caller.id) {
    throw new AppError('forbidden', PAYOUT_FOUR_EYES_RULE);
  }
}

/**
 * An admin approves a payout waiting for approval (decision 028): payout_approval ->
 * deposit_confirmed, and "Record payout" may go ahead, by anyone but this admin. Never the
 * chat's agent nor the deposit's confirmer (403 naming the rule). One conditional update: of
 * concurrent approvals exactly one wins, the others get a 409.
 */
export async function approvePayout(options: TransitionContext): Promise<Order> {
  return transitionOrder(options, {
    action: 'approve-payout',
    body: null,
    check: (order) => refuseOwnPayout(options, order),
    changes: () => ({ payoutApprovedBy: options.caller.id }),
  });
}

/**
 * An admin rejects a payout waiting for approval, with a reason (decision 028): payout_approval
 * -> deposit_returning, the reason in the timeline (the customer reads it, as for any returned
 * deposit) and the audit; the desk sends the coins back
 * and records the return's tx hash as for any returned deposit. The same staff as for an
 * approval may not (403).
 */
export async function rejectPayout(
  options: TransitionContext & { input: z.output<typeof rejectPayoutRequestSchema> },
): Promise<Order> {
  return transitionOrder(options, {
    action: 'reject-payout',
    body: options.input,
    // As any returned deposit's reason: the customer reads it in the timeline.
    note: options.input.reason,
    check: (order) => refuseOwnPayout(options, order),
  });
}
