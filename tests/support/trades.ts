import type { RateCurrency } from '../../src/shared/domain';
import { tradeTotal } from '../../src/shared/rates';
import type { Db } from '../../src/server/db/client';
import { orders, transactions } from '../../src/server/db/schema';

let counter = 0;
/** A reference of the AC-XXXXXXXX shape, unique in this process. */
const nextReference = () => `AC-T${(counter++).toString(36).toUpperCase().padStart(7, '0')}`;

export interface TradeFixture {
  chatSessionId: number;
  customerId: string;
  /** The agent who paid the naira. */
  agentId: string;
  coin: RateCurrency;
  amount: string;
  rate: string;
  /** When the trade was written (the order's completion); now by default. */
  at?: Date;
}

/**
 * A completed order and the trade its completion writes, straight into the database, dated
 * `at`: what report tests count. (orders.test.ts drives the real completion.) Its total.
 */
export async function insertOrderTrade(db: Db, t: TradeFixture): Promise<string> {
  const at = t.at ?? new Date();
  const reference = nextReference();
  const total = tradeTotal(t.amount, t.rate);
  const [order] = await db
    .insert(orders)
    .values({
      reference,
      chatSessionId: t.chatSessionId,
      customerId: t.customerId,
      coin: t.coin,
      network: t.coin === 'bitcoin' ? 'BTC' : 'USDT-TRC20',
      amountCrypto: t.amount,
      rateNaira: t.rate,
      totalNaira: total,
      state: 'completed',
      expiresAt: at,
      paidBy: t.agentId,
      completedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: orders.id });
  await db.insert(transactions).values({
    reference,
    chatSessionId: t.chatSessionId,
    customerId: t.customerId,
    agentId: t.agentId,
    kind: 'trade',
    currency: t.coin,
    amount: t.amount,
    rate: t.rate,
    total,
    status: 'completed',
    reason: `Order ${reference}`,
    orderId: order!.id,
    createdAt: at,
    updatedAt: at,
  });
  return total;
}

/**
 * A trade an agent recorded by hand before trades came only from orders, as migration 0019
 * leaves it: marked manual, in any status. Its id.
 */
export async function insertManualTrade(
  db: Db,
  t: TradeFixture & { status: 'pending' | 'completed' | 'failed'; reason?: string | null },
): Promise<number> {
  const at = t.at ?? new Date();
  const [row] = await db
    .insert(transactions)
    .values({
      reference: nextReference(),
      chatSessionId: t.chatSessionId,
      customerId: t.customerId,
      agentId: t.agentId,
      kind: 'trade',
      currency: t.coin,
      amount: t.amount,
      rate: t.rate,
      total: tradeTotal(t.amount, t.rate),
      status: t.status,
      reason: t.reason ?? null,
      manual: true,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: transactions.id });
  return row!.id;
}
