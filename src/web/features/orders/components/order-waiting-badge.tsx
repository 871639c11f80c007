import { ReceiptText } from 'lucide-react';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { orderStatesWaitingOn } from '../../../../shared/orders/attention';
import type { OrderState } from '../../../../shared/orders/states';
import { Badge, type BadgeTone } from '../../../components/badge';

/** What the desk must do next, in the inbox's words. */
const NEXT_STEP: Partial<Record<OrderState, { label: string; tone: BadgeTone }>> = {
  deposit_seen: { label: 'Confirm deposit', tone: 'orange' },
  deposit_returning: { label: 'Return deposit', tone: 'orange' },
  payout_approval: { label: 'Approve payout', tone: 'orange' },
  deposit_confirmed: { label: 'Send payout', tone: 'teal' },
  disputed: { label: 'Resolve dispute', tone: 'red' },
};

/**
 * A chat's order that waits on the viewer, on its inbox row: nothing when there is none, or
 * when it waits on someone else (a dispute waits on an admin, not a plain agent).
 */
export function OrderWaitingBadge({
  waiting,
  viewer,
}: {
  waiting: ChatSession['orderWaiting'];
  viewer: { isAgent: boolean; isAdmin: boolean };
}) {
  if (!waiting || !orderStatesWaitingOn(viewer).includes(waiting.state)) return null;
  const step = NEXT_STEP[waiting.state];
  if (!step) return null;
  return (
    <Badge
      tone={step.tone}
      data-testid="order-waiting"
      data-status={waiting.state}
      className="gap-1"
    >
      <ReceiptText aria-hidden className="size-3.5" />
      <span className="sr-only">Order {waiting.reference}: </span>
      {step.label}
    </Badge>
  );
}
