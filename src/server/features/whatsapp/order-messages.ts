import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import QRCode from 'qrcode';
import { formatTime } from '../../../shared/dates';
import { BUSINESS_TIME_ZONE } from '../../../shared/lagos-days';
import { RATE_SYMBOLS } from '../../../shared/domain';
import { dec, formatCryptoAmount, formatNaira } from '../../../shared/money';
import { depositQrText } from '../../../shared/orders/deposit-qr';
import { COIN_DECIMALS } from '../../../shared/orders/states';
import { findBank } from '../../../shared/payout-accounts/banks';
import type { Db } from '../../db/client';
import { orderEvents, orders, payoutAccounts } from '../../db/schema';
import { orderButtonId } from './button-ids';
import type { GraphApi } from './graph-api';

type OrderRow = typeof orders.$inferSelect;
type AccountRow = typeof payoutAccounts.$inferSelect;
type Body = Record<string, unknown>;

function text(body: string): Body {
  return { type: 'text', text: { body, preview_url: false } };
}

/** An interactive message with up to three reply buttons (titles at most 20 characters). */
function buttons(body: string, replies: { id: string; title: string }[]): Body {
  return {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: body.slice(0, 1024) },
      action: { buttons: replies.map((reply) => ({ type: 'reply', reply })) },
    },
  };
}

function accountLine(account: AccountRow): string {
  const bank = findBank(account.bankCode)?.name ?? account.bankCode;
  return `${bank} ${account.accountNumber} (${account.accountName})`;
}

const coins = (order: OrderRow, amount: string = order.amountCrypto) =>
  formatCryptoAmount(dec(amount).toFixed(COIN_DECIMALS[order.coin]), order.coin);
const naira = (value: string) => formatNaira(dec(value).toFixed(2));

/**
 * The payout account a WhatsApp quote offers: the customer's most recently confirmed one (an
 * agent adds it, the customer confirms it with a button). Null when they have none yet.
 */
async function quoteAccount(db: Db, customerId: string): Promise<AccountRow | null> {
  const [account] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.customerId, customerId),
        isNull(payoutAccounts.deletedAt),
        isNotNull(payoutAccounts.confirmedAt),
      ),
    )
    .orderBy(desc(payoutAccounts.confirmedAt), desc(payoutAccounts.id))
    .limit(1);
  return account ?? null;
}

/** The quote: what the web's card previews (rate, total, account, lock), with Accept / Decline. */
async function quoteMessage(db: Db, order: OrderRow, eventId: number): Promise<Body> {
  const account = await quoteAccount(db, order.customerId);
  const minutes = Math.round((order.expiresAt.getTime() - order.createdAt.getTime()) / 60_000);
  const lines = [
    `Quote ${order.reference}: sell ${coins(order)}`,
    `Rate: ${naira(order.rateNaira)} per ${RATE_SYMBOLS[order.coin]}`,
    `You receive: ${naira(order.totalNaira)}`,
    account
      ? `Paid into: ${accountLine(account)}`
      : 'Paid into: you have no payout account yet. Your agent will add one for you to confirm.',
    `Rate locked until ${formatTime(order.expiresAt, BUSINESS_TIME_ZONE)} Lagos time (${minutes} minutes).`,
  ];
  const decline = {
    id: orderButtonId({ kind: 'order', action: 'decline', orderId: order.id, eventId }),
    title: 'Decline',
  };
  if (!account) return buttons(lines.join('\n'), [decline]);
  const accept = {
    id: orderButtonId({
      kind: 'order',
      action: 'accept',
      orderId: order.id,
      eventId,
      accountId: account.id,
    }),
    title: 'Accept',
  };
  return buttons(lines.join('\n'), [accept, decline]);
}

async function payoutAccountOf(db: Db, order: OrderRow): Promise<AccountRow | null> {
  if (order.payoutAccountId === null) return null;
  const [account] = await db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.id, order.payoutAccountId))
    .limit(1);
  return account ?? null;
}

/**
 * What the customer is told of one step of their order (`event`), from the order as it now is
 * (its address, its bank reference). The steps that wait on the customer carry reply buttons.
 */
async function stepMessage(
  db: Db,
  order: OrderRow,
  event: { id: number; state: OrderRow['state']; note: string | null },
  previous: OrderRow['state'] | null,
): Promise<Body> {
  const ref = order.reference;
  const account = await payoutAccountOf(db, order);
  const paidInto = account ? ` to ${accountLine(account)}` : '';
  const button = (action: 'accept-requote' | 'decline-requote' | 'received' | 'dispute') =>
    orderButtonId({ kind: 'order', action, orderId: order.id, eventId: event.id });
  switch (event.state) {
    case 'quoted':
      return quoteMessage(db, order, event.id);
    case 'awaiting_deposit':
      return text(
        `Order ${ref} is accepted. Send exactly ${coins(order)} on the ${order.network} network to:\n${order.depositAddress ?? ''}\nSend it before ${formatTime(order.expiresAt, BUSINESS_TIME_ZONE)} Lagos time, when the rate lock ends.`,
      );
    case 'deposit_seen':
      return text(
        previous === 'requoted'
          ? `You accepted the new total of ${naira(order.totalNaira)} for order ${ref}. We will tell you when your deposit is confirmed.`
          : `We have seen your deposit for order ${ref}. We will tell you when the network has confirmed it.`,
      );
    case 'requoted':
      return buttons(
        `The deposit for order ${ref} was ${coins(order)}, not the amount the order asked for. At the locked rate of ${naira(order.rateNaira)} per ${RATE_SYMBOLS[order.coin]} it pays ${naira(order.totalNaira)}${paidInto}. Accept the new total, or ask for your coins back.`,
        [
          { id: button('accept-requote'), title: 'Accept new total' },
          { id: button('decline-requote'), title: 'Return my coins' },
        ],
      );
    case 'payout_approval':
    case 'deposit_confirmed':
      return text(
        `Your deposit for order ${ref} is confirmed. We are sending ${naira(order.totalNaira)}${paidInto}.`,
      );
    case 'payout_sent':
      return buttons(
        `We have sent ${naira(order.totalNaira)}${paidInto} for order ${ref}. Bank reference: ${order.bankReference ?? '-'}. Has it arrived?`,
        [
          { id: button('received'), title: "I've received it" },
          { id: button('dispute'), title: "Something's wrong" },
        ],
      );
    case 'completed':
      return text(`Order ${ref} is complete: ${naira(order.totalNaira)} paid. Thank you!`);
    case 'disputed':
      return text(
        `We have noted that something is wrong with order ${ref}. An admin will look into it and answer you here.`,
      );
    case 'deposit_returning':
      return text(`Your deposit for order ${ref} will be sent back to you.`);
    case 'refunded':
      return text(
        `Your deposit for order ${ref} has been sent back${order.returnTxHash ? ` (transaction ${order.returnTxHash})` : ''}.`,
      );
    case 'expired':
      return text(
        `Order ${ref} has expired: the rate lock ran out before a deposit. Ask here for a new quote if you still want to sell.`,
      );
    case 'cancelled':
      return text(`Order ${ref} has been cancelled.`);
  }
}

/** The deposit address as a QR image (BIP21 with the amount for BTC, as the web's card). */
async function qrMessage(graph: GraphApi, order: OrderRow): Promise<Body> {
  const address = order.depositAddress;
  if (!address) return text(`Order ${order.reference} has no deposit address yet.`);
  const png = await QRCode.toBuffer(depositQrText(order, address), {
    type: 'png',
    margin: 2,
    width: 512,
  });
  const id = await graph.uploadMedia(png, 'image/png', `${order.reference}.png`);
  return { type: 'image', image: { id, caption: address } };
}

/**
 * The Graph API body of an order step's outbox row (`part`: the step's message, or the deposit
 * QR of an accepted quote), built when it is sent (decision 036).
 */
export async function orderStepBody(options: {
  db: Db;
  graph: GraphApi;
  orderEventId: number;
  part: 'step' | 'qr';
}): Promise<Body> {
  const { db, graph, orderEventId, part } = options;
  const [found] = await db
    .select({ event: orderEvents, order: orders })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orderEvents.id, orderEventId))
    .limit(1);
  if (!found) throw new Error(`order event ${orderEventId} is gone`);
  const { event, order } = found;
  if (part === 'qr') return qrMessage(graph, order);
  const [previous] = await db
    .select({ state: orderEvents.state })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), lt(orderEvents.id, event.id)))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return stepMessage(db, order, event, previous?.state ?? null);
}
