import { Link } from 'react-router';
import type { Order } from '../../../../shared/api/orders';
import { Badge } from '../../../components/badge';
import { PanelList } from '../../../components/panel-list';
import { formatCryptoAmount, formatNaira } from '../../../lib/format';
import { useCustomerOrders } from '../api/list-customer-orders';
import { ORDER_STATE_DISPLAY } from '../lib/states';

/**
 * A customer's orders in the agents' inbox: reference, amount, naira total and state, each
 * opening its chat in the inbox, where the order card is.
 */
export function CustomerOrders({
  customerId,
  customerName,
}: {
  customerId: string;
  customerName: string;
}) {
  const orders = useCustomerOrders(customerId);
  return (
    <PanelList
      label={`Orders of ${customerName}`}
      query={orders}
      empty="No orders yet"
      item={(order) => <CustomerOrder key={order.id} order={order} />}
    />
  );
}

function CustomerOrder({ order }: { order: Order }) {
  const state = ORDER_STATE_DISPLAY[order.state];
  return (
    <li data-testid="customer-order" data-order-id={order.id}>
      <Link
        to={`/agent/chats/${order.chatSessionId}`}
        aria-label={`Order ${order.reference}: ${state.label}. Open its chat`}
        className="-mx-2 flex min-h-11 flex-col justify-center rounded-xl px-2 py-1.5 text-sm hover:bg-brand-50"
      >
        <span className="flex items-center gap-2">
          <span className="truncate font-mono font-semibold">{order.reference}</span>
          <Badge tone={state.tone} className="ml-auto">
            {state.label}
          </Badge>
        </span>
        <span className="text-xs text-ink-muted tabular-nums">
          {formatCryptoAmount(order.amountCrypto, order.coin)} · {formatNaira(order.totalNaira)}
        </span>
      </Link>
    </li>
  );
}
