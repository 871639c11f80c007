import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, orders, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { OrderRow } from './to-order';

/**
 * Refuses (400) an image an order points to unless it is an image message of the order's own
 * chat from the right side: staff (an agent or admin) for the payout proof, the order's customer
 * for the deposit screenshot. A payout proof proves one payout: another order's is a 409.
 */
export async function assertOrderImage(options: {
  db: Db;
  order: OrderRow;
  messageId: number;
  use: 'payout proof' | 'deposit screenshot';
}): Promise<void> {
  const { db, order, messageId, use } = options;
  // The image, and for a payout proof the other order it already proves: one read.
  const [found] = await db
    .select({
      chatSessionId: messages.chatSessionId,
      messageType: messages.messageType,
      hasImage: messages.attachment,
      senderId: messages.senderId,
      senderIsAgent: users.isAgent,
      senderIsAdmin: users.isAdmin,
      provesOrder:
        use === 'payout proof'
          ? sql<string | null>`(
              select ${orders.reference} from ${orders}
              where ${orders.payoutProofMessageId} = ${messages.id} and ${orders.id} <> ${order.id}
              limit 1)`
          : sql<null>`null`,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId))
    .limit(1);
  const Use = use[0]!.toUpperCase() + use.slice(1);
  if (!found || found.chatSessionId !== order.chatSessionId) {
    throw new AppError('bad_request', `${Use}: message ${messageId} is not in this order's chat`);
  }
  if (found.messageType !== 'image' || !found.hasImage) {
    throw new AppError('bad_request', `${Use}: message ${messageId} is not an image message`);
  }
  const byCustomer = found.senderId === order.customerId;
  if (use === 'payout proof' && (byCustomer || !(found.senderIsAgent || found.senderIsAdmin))) {
    throw new AppError(
      'bad_request',
      `${Use}: message ${messageId} was not sent by an agent or admin`,
    );
  }
  if (use === 'deposit screenshot' && !byCustomer) {
    throw new AppError(
      'bad_request',
      `${Use}: message ${messageId} was not sent by the order's customer`,
    );
  }
  if (found.provesOrder !== null) {
    throw new AppError(
      'conflict',
      `This image is already the payout proof of order ${found.provesOrder}`,
    );
  }
}
