import type { Order } from '../../../../shared/api/orders';
import { formatCryptoAmount } from '../../../lib/format';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { ButtonAction } from './button-action';
import { CancelOrderAction } from './cancel-order-action';
import { PayoutAction } from './payout-action';
import { ResolveDisputeAction } from './resolve-dispute-action';

/** What an agent can do next, by the order's state. */
export function AgentActions({ order }: { order: Order }) {
  const confirmDeposit = useConfirmDeposit();
  return (
    <div className="flex flex-col gap-3" data-testid="order-actions">
      {order.state === 'quoted' && (
        <p className="text-sm text-ink-muted">Waiting for the customer to accept the quote.</p>
      )}
      {order.state === 'deposit_seen' && (
        <ButtonAction
          label="Confirm deposit"
          run={(idempotencyKey) => confirmDeposit.mutateAsync({ id: order.id, idempotencyKey })}
          confirm={{
            title: 'Confirm the deposit?',
            description: 'Only when the coins have arrived at the desk address.',
            facts: [
              { label: 'Amount', value: formatCryptoAmount(order.amountCrypto, order.coin) },
              {
                label: 'Tx hash',
                value: <span className="font-mono text-xs">{order.txHash}</span>,
              },
            ],
            confirmLabel: 'Confirm deposit',
          }}
          failed="Could not confirm the deposit. Try again."
        />
      )}
      {order.state === 'deposit_confirmed' && <PayoutAction order={order} />}
      {order.state === 'disputed' && <ResolveDisputeAction order={order} />}
      <CancelOrderAction
        order={order}
        variant="danger"
        consequence="The customer is told at once. Cancel only before a deposit."
      />
    </div>
  );
}
