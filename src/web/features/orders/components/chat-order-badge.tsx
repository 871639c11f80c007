import { Badge } from '../../../components/badge';
import { useChatOrders } from '../api/list-chat-orders';
import { ORDER_STATE_DISPLAY, isOpenOrder } from '../lib/states';

/** The chat's open order's state, where the order itself is out of sight (a phone's toggle). */
export function ChatOrderBadge({ chatSessionId }: { chatSessionId: number }) {
  const latest = useChatOrders(chatSessionId).data?.[0];
  if (!latest || !isOpenOrder(latest.state)) return null;
  const state = ORDER_STATE_DISPLAY[latest.state];
  return (
    <Badge tone={state.tone} data-testid="chat-order-state">
      <span className="sr-only">Order: </span>
      {state.label}
    </Badge>
  );
}
