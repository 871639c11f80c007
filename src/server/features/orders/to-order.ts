import { sql, type SQL } from 'drizzle-orm';
import { attachmentUrls } from '../../../shared/api/messages';
import type { Order, OrderChain, OrderImage } from '../../../shared/api/orders';
import { dec, toKobo, type Dec } from '../../../shared/money';
import { COIN_DECIMALS } from '../../../shared/orders/states';
import type { Db } from '../../db/client';
import { rows as readRows } from '../../db/raw';
import type { orders } from '../../db/schema';
import type { OrderActor as Actor } from '../../../shared/orders/states';
import { toPayoutAccount } from '../payout-accounts';

export type OrderRow = typeof orders.$inferSelect;

/** An image message the order points to, as the attachment route serves it. */
function orderImage(messageId: number | null): OrderImage | null {
  return messageId === null ? null : { messageId, ...attachmentUrls(messageId) };
}

/**
 * What the watcher read on the chain: null before a tx hash unless it has something to say about
 * the deposit address (a transaction it would not attach by itself).
 */
export function orderChain(row: OrderRow): OrderChain | null {
  if (row.txHash === null && row.chainProblem === null) return null;
  const places = COIN_DECIMALS[row.coin];
  const off = row.chainAmountOffCrypto === null ? null : dec(row.chainAmountOffCrypto);
  return {
    confirmations: row.chainConfirmations,
    confirmationsRequired: row.chainConfirmationsRequired,
    receivedCrypto:
      row.chainReceivedCrypto === null ? null : dec(row.chainReceivedCrypto).toFixed(places),
    firstSeenAt: row.chainFirstSeenAt?.toISOString() ?? null,
    problem: row.chainProblem,
    // A problem cleared by a step outside the watcher (a payout released) leaves no kind behind.
    problemKind: row.chainProblem === null ? null : row.chainProblemKind,
    checkedAt: row.chainCheckedAt?.toISOString() ?? null,
    differenceCrypto: off === null ? null : off.toFixed(places),
    differenceNaira: off === null ? null : signedKobo(off.times(row.rateNaira)),
    payoutHeld: payoutHeld(row),
    confirmedByHand: row.depositConfirmedAt !== null && !row.chainWatchConfirmed,
  };
}

/** Naira to the kobo, half away from zero, keeping the sign. */
function signedKobo(naira: Dec): string {
  return naira.isNegative() ? `-${toKobo(naira.abs())}` : toKobo(naira);
}

/**
 * A system-confirmed deposit whose confirmations went back under the threshold before the
 * payout (a reorganised block): the payout waits.
 */
export function payoutHeld(
  row: Pick<
    OrderRow,
    'state' | 'chainWatchConfirmed' | 'chainConfirmations' | 'chainConfirmationsRequired'
  >,
): boolean {
  return (
    row.state === 'deposit_confirmed' &&
    row.chainWatchConfirmed &&
    row.chainConfirmations !== null &&
    row.chainConfirmationsRequired !== null &&
    row.chainConfirmations < row.chainConfirmationsRequired
  );
}

/** What an order as shown takes besides its row, each part as read for a list of orders. */
export interface OrderParts {
  events: {
    orderId: number;
    state: OrderRow['state'];
    actor: Actor;
    actorId: string | null;
    at: string;
    note: string | null;
  }[];
  accounts: {
    id: number;
    bankCode: string;
    accountNumber: string;
    accountName: string;
    verified: boolean;
    createdAt: string;
  }[];
  customers: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  }[];
  payments: {
    orderId: number;
    txHash: string;
    receivedCrypto: string;
    confirmations: number;
    blockTime: string | null;
  }[];
}

/**
 * The parts of the orders `ids` (their timelines and payments), of the payout accounts and of
 * the customers, each as a JSON array (timestamps as ISO text, amounts as text): a select list.
 * A JS array in drizzle's `sql` is a list of parameters: `in (...)`.
 */
function partsColumns(ids: number[], accountIds: number[], customerIds: string[]): SQL {
  const among = <T>(list: T[], column: SQL) =>
    list.length === 0 ? sql`false` : sql`${column} in ${list}`;
  return sql`
      (select coalesce(json_agg(json_build_object('orderId', e.order_id, 'state', e.state,
                'actor', e.actor, 'actorId', e.actor_id, 'at', e.at, 'note', e.note) order by e.id),
              '[]')
         from order_events e where ${among(ids, sql`e.order_id`)}) as events,
      (select coalesce(json_agg(json_build_object('id', a.id, 'bankCode', a.bank_code,
                'accountNumber', a.account_number, 'accountName', a.account_name,
                'verified', a.verified, 'createdAt', a.created_at)), '[]')
         from payout_accounts a where ${among(accountIds, sql`a.id`)}) as accounts,
      (select coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name,
                'lastName', u.last_name, 'email', u.email)), '[]')
         from users u where ${among(customerIds, sql`u.id`)}) as customers,
      (select coalesce(json_agg(json_build_object('orderId', p.order_id, 'txHash', p.tx_hash,
                'receivedCrypto', p.received_crypto::text, 'confirmations', p.confirmations,
                'blockTime', p.block_time) order by p.id), '[]')
         from order_payments p where ${among(ids, sql`p.order_id`)}) as payments`;
}

/** An order as shown, from its row and the parts read for it (`readOrderParts`). */
export function orderOf(row: OrderRow, parts: OrderParts): Order {
  const account = parts.accounts.find((a) => a.id === row.payoutAccountId);
  const customer = parts.customers.find((c) => c.id === row.customerId);
  return {
    id: row.id,
    reference: row.reference,
    chatSessionId: row.chatSessionId,
    customerId: row.customerId,
    customer: {
      firstName: customer?.firstName ?? null,
      lastName: customer?.lastName ?? null,
      email: customer?.email ?? null,
    },
    state: row.state,
    coin: row.coin,
    network: row.network,
    amountCrypto: dec(row.amountCrypto).toFixed(COIN_DECIMALS[row.coin]),
    rateNaira: dec(row.rateNaira).toFixed(2),
    totalNaira: dec(row.totalNaira).toFixed(2),
    depositAddress: row.depositAddress,
    depositAddressIndex: row.depositAddressIndex,
    expiresAt: row.expiresAt.toISOString(),
    payoutAccount: account
      ? toPayoutAccount({ ...account, createdAt: new Date(account.createdAt) })
      : null,
    txHash: row.txHash,
    payments: parts.payments
      .filter((p) => p.orderId === row.id)
      .map((p) => ({
        txHash: p.txHash,
        receivedCrypto: dec(p.receivedCrypto).toFixed(COIN_DECIMALS[row.coin]),
        confirmations: p.confirmations,
        blockTime: p.blockTime === null ? null : new Date(p.blockTime).toISOString(),
      })),
    chain: orderChain(row),
    returnTxHash: row.returnTxHash,
    bankReference: row.bankReference,
    payoutProof: orderImage(row.payoutProofMessageId),
    depositScreenshot: orderImage(row.depositScreenshotMessageId),
    timeline: parts.events
      .filter((e) => e.orderId === row.id)
      .map((e) => ({
        state: e.state,
        actor: e.actor,
        actorId: e.actorId,
        at: new Date(e.at).toISOString(),
        note: e.note,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The parts the orders `rows` are shown with (their timelines, payments, payout accounts and
 * customers), in one read.
 */
export async function readOrderParts(
  db: Db,
  rows: Pick<OrderRow, 'id' | 'customerId' | 'payoutAccountId'>[],
): Promise<OrderParts> {
  const ids = rows.map((r) => r.id);
  const accountIds = [
    ...new Set(rows.flatMap((r) => (r.payoutAccountId === null ? [] : [r.payoutAccountId]))),
  ];
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const [parts] = await readRows<OrderParts>(
    db,
    sql`select ${partsColumns(ids, accountIds, customerIds)}`,
  );
  return parts!;
}

/**
 * Orders as the API shows them, each with its customer's name, payout account, payments and
 * timeline, in one read.
 */
export async function toOrders(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const parts = await readOrderParts(db, rows);
  return rows.map((row) => orderOf(row, parts));
}

/** A new order's id, taken ahead, and what it is shown with: see `reserveOrder`. */
export interface ReservedOrder {
  id: number;
  parts: OrderParts;
}

/**
 * Takes the next order id (the identity's sequence) and reads the customer and payout account a
 * new order is shown with, in one statement before the order's transaction: the order as shown
 * (`toNewOrder`) and its event are then built with no read inside the transaction, which may
 * hold a network's deposit-address lock. An id taken by a transaction that rolls back is
 * skipped, as the identity skips it anyway.
 */
export async function reserveOrder(
  db: Db,
  options: { customerId: string; payoutAccountId: number | null },
): Promise<ReservedOrder> {
  const { customerId, payoutAccountId } = options;
  const [read] = await readRows<OrderParts & { id: number | string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id,
               ${partsColumns([], payoutAccountId === null ? [] : [payoutAccountId], [customerId])}`,
  );
  const { id, ...parts } = read!;
  // bigint: text from `pg`.
  return { id: Number(id), parts };
}

/** A new order as shown, from the row it inserts (its id `reserveOrder`'s) and its first step. */
export function toNewOrder(
  row: OrderRow,
  reserved: ReservedOrder,
  first: Order['timeline'][number],
): Order {
  return { ...orderOf(row, { ...reserved.parts, events: [], payments: [] }), timeline: [first] };
}

export async function toOrder(db: Db, row: OrderRow): Promise<Order> {
  const [order] = await toOrders(db, [row]);
  return order!;
}
