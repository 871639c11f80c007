/**
 * The ids of the reply buttons the channel sends (decision 036), as they come back in
 * `interactive.button_reply.id`. An order's button names the order step it was sent for (the
 * order event's id), so a button from an earlier re-quote never answers a later one; Accept
 * also names the payout account the quote showed, so the account paid into is the one seen.
 */
export type OrderButton =
  | { kind: 'order'; action: 'accept'; orderId: number; eventId: number; accountId: number }
  | {
      kind: 'order';
      action: 'decline' | 'accept-requote' | 'decline-requote' | 'received' | 'dispute';
      orderId: number;
      eventId: number;
    };
export type AccountButton = { kind: 'account'; action: 'confirm' | 'refuse'; accountId: number };
export type ChannelButton = OrderButton | AccountButton;

const ORDER_ACTIONS = ['decline', 'accept-requote', 'decline-requote', 'received', 'dispute'];

export function orderButtonId(button: OrderButton): string {
  const base = `order:${button.action}:${button.orderId}:${button.eventId}`;
  return button.action === 'accept' ? `${base}:${button.accountId}` : base;
}

export function accountButtonId(button: Omit<AccountButton, 'kind'>): string {
  return `account:${button.action}:${button.accountId}`;
}

/** Ids are positive 32-bit integers; anything else is not one of ours. */
function id(text: string | undefined): number | null {
  if (text === undefined || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * A reply id as one of the channel's buttons; null when it is not (another list's row, a
 * shape of an older version, anything made up).
 */
export function parseButtonId(replyId: string): ChannelButton | null {
  const parts = replyId.split(':');
  if (parts[0] === 'account' && parts.length === 3) {
    const accountId = id(parts[2]);
    if (accountId === null || (parts[1] !== 'confirm' && parts[1] !== 'refuse')) return null;
    return { kind: 'account', action: parts[1], accountId };
  }
  if (parts[0] !== 'order') return null;
  const [, action, order, event, account] = parts;
  const orderId = id(order);
  const eventId = id(event);
  if (orderId === null || eventId === null) return null;
  if (action === 'accept' && parts.length === 5) {
    const accountId = id(account);
    return accountId === null ? null : { kind: 'order', action, orderId, eventId, accountId };
  }
  if (parts.length !== 4 || action === undefined || !ORDER_ACTIONS.includes(action)) return null;
  return {
    kind: 'order',
    action: action as Exclude<OrderButton['action'], 'accept'>,
    orderId,
    eventId,
  };
}
