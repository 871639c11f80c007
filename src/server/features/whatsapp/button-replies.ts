import { and, eq, gt, sql } from 'drizzle-orm';
import type { WhatsappInboundMessage } from '../../../shared/api/whatsapp';
import type { Db } from '../../db/client';
import { chatSessions, messages, orderEvents, orders, whatsappOutbox } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import {
  acceptOrder,
  acceptRequote,
  cancelOrder,
  confirmReceived,
  declineRequote,
  disputeOrder,
} from '../orders';
import { answerPayoutAccount } from '../payout-accounts';
import { parseButtonId, type AccountButton, type OrderButton } from './button-ids';

/** The answer to a button that is none of ours, or of an order or account the customer lacks. */
export const UNKNOWN_BUTTON_TEXT =
  'Sorry, this button is no longer valid. Write to us here and an agent will help.';

/** What a WhatsApp dispute says in the timeline (the web asks the customer for a note). */
export const WHATSAPP_DISPUTE_NOTE = 'The customer tapped "Something\'s wrong" on WhatsApp';

/** What a button's answer needs of the delivery's processing. */
export interface ButtonContext {
  db: Db;
  events: EventLog;
  now: Date;
}

type Context = ButtonContext & { caller: SessionUser; waId: string; wamid: string };

/** A short text to the customer, through the outbox like everything sent. */
async function answer(context: Context, body: string): Promise<void> {
  await context.db
    .insert(whatsappOutbox)
    .values({ waId: context.waId, payload: { type: 'text', text: { body, preview_url: false } } });
}

/**
 * A button from an earlier message of a step that has happened again since (a second re-quote):
 * it must not answer the newer one.
 */
async function staleRequote(context: Context, button: OrderButton): Promise<string | null> {
  if (button.action !== 'accept-requote' && button.action !== 'decline-requote') return null;
  const [newer] = await context.db
    .select({ reference: orders.reference })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(
      and(
        eq(orderEvents.orderId, button.orderId),
        eq(orderEvents.state, 'requoted'),
        gt(orderEvents.id, button.eventId),
      ),
    )
    .limit(1);
  return newer
    ? `This button is from an earlier total of order ${newer.reference}: use the buttons of the latest message.`
    : null;
}

/** The order step the button asks for, through the same use case as the web's. */
async function runOrderButton(context: Context, button: OrderButton): Promise<void> {
  const stale = await staleRequote(context, button);
  if (stale) return answer(context, stale);
  const transition = {
    db: context.db,
    events: context.events,
    caller: context.caller,
    id: button.orderId,
    // A delivery processed again replays the step instead of taking it twice.
    idempotencyKey: `wa:${context.wamid}`,
    now: context.now,
  };
  switch (button.action) {
    case 'accept':
      await acceptOrder({ ...transition, input: { payoutAccountId: button.accountId } });
      return;
    case 'decline':
      await cancelOrder({ ...transition, input: { reason: 'Declined on WhatsApp' } });
      return;
    case 'accept-requote':
      await acceptRequote({ ...transition, input: null });
      return;
    case 'decline-requote':
      await declineRequote({ ...transition, input: null });
      return;
    case 'received':
      await confirmReceived(transition);
      return;
    case 'dispute':
      await disputeOrder({ ...transition, input: { note: WHATSAPP_DISPUTE_NOTE } });
      return;
  }
}

/**
 * The customer confirms (or refuses) an account an agent added for them. Confirmed, it can be
 * paid into at once: a quote of theirs still open is sent again, now with its Accept button.
 */
async function runAccountButton(context: Context, button: AccountButton): Promise<void> {
  const confirm = button.action === 'confirm';
  const account = await answerPayoutAccount({
    db: context.db,
    caller: context.caller,
    id: button.accountId,
    confirm,
    now: context.now,
  });
  const named = `${account.bankName} ${account.accountNumber} (${account.accountName})`;
  if (!confirm) {
    return answer(
      context,
      `${named} has been removed. Tell us here the account you want to be paid into.`,
    );
  }
  await answer(context, `Thank you: ${named} is confirmed for your payouts.`);
  // Each open quote's latest quote step, queued again: one statement for all of them.
  await context.db.execute(sql`
    insert into whatsapp_outbox (wa_id, order_event_id, part)
    select ${context.waId}, max(e.id), 'step'
    from orders o join order_events e on e.order_id = o.id and e.state = 'quoted'
    where o.customer_id = ${context.caller.id}::uuid and o.state = 'quoted'
      and o.expires_at > ${context.now.toISOString()}::timestamptz
    group by o.id`);
}

/**
 * A tap on one of the channel's reply buttons (decision 036), before the tap joins the chat as
 * the customer's message: it runs the same use case the web's button runs, with the same rules,
 * audit and 409s. A refusal (a 409, an expired quote, a button of another's order) is answered
 * with a short text saying why; a button that is none of ours, with UNKNOWN_BUTTON_TEXT. A tap
 * already in the chat was handled when it arrived: a delivery processed again changes nothing.
 */
export async function answerButton(
  context: ButtonContext & { caller: SessionUser; message: WhatsappInboundMessage },
): Promise<void> {
  const { message, caller, db } = context;
  const replyId = message.interactive?.button_reply?.id;
  if (replyId === undefined) return;
  const [handled] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(chatSessions, eq(chatSessions.id, messages.chatSessionId))
    .where(
      and(eq(chatSessions.customerId, caller.id), eq(messages.clientMessageId, `wa:${message.id}`)),
    )
    .limit(1);
  if (handled) return;
  const full: Context = {
    db,
    events: context.events,
    now: context.now,
    caller,
    waId: message.from,
    wamid: message.id,
  };
  const button = parseButtonId(replyId);
  if (!button) return answer(full, UNKNOWN_BUTTON_TEXT);
  try {
    if (button.kind === 'order') await runOrderButton(full, button);
    else await runAccountButton(full, button);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Not found (another's order, a made-up id) says nothing about what exists.
    await answer(full, error.code === 'not_found' ? UNKNOWN_BUTTON_TEXT : error.message);
  }
}
