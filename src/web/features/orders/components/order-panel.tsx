import { useState } from 'react';
import type { RateCurrency } from '../../../../shared/domain';
import { Button } from '../../../components/ui/button';
import { useChatOrders } from '../api/list-chat-orders';
import { OrderImageProvider, type SendOrderImage } from '../lib/order-image';
import { isOpenOrder } from '../lib/states';
import { useLiveConnection } from '../../../lib/realtime';
import { OrderCard } from './order-card';
import { AgentQuote } from './quote-form';
import { SellForm } from './sell-form';

/**
 * The chat's order, live on both sides: the newest order's card; with no open order, the
 * customer's Sell form (after a finished one, behind "Sell again") and the agent's "Send a
 * quote". `sendImage` puts a step's image (a deposit screenshot, a payout proof) into the chat.
 */
export function OrderPanel({
  chatSessionId,
  viewer,
  defaultCoin,
  sendImage,
}: {
  chatSessionId: number;
  viewer: 'customer' | 'agent';
  defaultCoin: RateCurrency;
  sendImage: SendOrderImage;
}) {
  useLiveConnection();
  const orders = useChatOrders(chatSessionId);
  const [selling, setSelling] = useState(false);
  /** The order this screen just created: its card comes into view from its top. */
  const [created, setCreated] = useState<number | null>(null);
  /**
   * The newest order when the chat's orders first loaded (null: none). A newer one, the agent's
   * quote arriving live, comes into view from its top too, its countdown on screen.
   */
  const [opened, setOpened] = useState<number | null | undefined>(undefined);
  if (opened === undefined && orders.data) setOpened(orders.data[0]?.id ?? null);
  if (orders.isPending) {
    return <p className="text-sm text-ink-muted">Loading order…</p>;
  }
  if (orders.isError) {
    return (
      <p role="alert" className="text-sm text-down">
        Could not load the order.{' '}
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => void orders.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  const latest = orders.data[0];
  const open = latest !== undefined && isOpenOrder(latest.state);
  const sellForm =
    viewer === 'customer' && !open ? (
      <SellForm chatSessionId={chatSessionId} defaultCoin={defaultCoin} onCreated={setCreated} />
    ) : null;
  return (
    <OrderImageProvider value={sendImage}>
      <section aria-label="Order" className="flex flex-col gap-3" data-testid="order-panel">
        {latest && (
          <OrderCard
            key={latest.id}
            order={latest}
            viewer={viewer}
            reveal={latest.id === created || (opened !== undefined && latest.id !== opened)}
          />
        )}
        {!latest && viewer === 'agent' && (
          <p className="text-sm text-ink-muted">No order in this chat yet.</p>
        )}
        {viewer === 'agent' && !open && (
          <AgentQuote chatSessionId={chatSessionId} defaultCoin={defaultCoin} onSent={setCreated} />
        )}
        {latest && sellForm && !selling ? (
          <Button variant="outline" onClick={() => setSelling(true)}>
            Sell again
          </Button>
        ) : (
          sellForm
        )}
      </section>
    </OrderImageProvider>
  );
}
