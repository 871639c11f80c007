import type { Order } from '../../../../shared/api/orders';
import { formatCryptoAmount } from '../../../lib/format';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { CancelOrderAction } from './cancel-order-action';
import { DepositDifference, PayoutHeld, RecordReturn, RequotedAgent } from './deposit-difference';
import { FieldAction } from './field-action';
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
      {order.state === 'deposit_seen' && <DepositDifference order={order} />}
      {order.state === 'requoted' && <RequotedAgent order={order} />}
      {order.state === 'deposit_returning' && <RecordReturn order={order} />}
      {order.state === 'deposit_seen' && (
        <FieldAction
          label="Reason for confirming by hand (optional)"
          submitLabel="Confirm deposit"
          validate={(reason) => (reason.length > 1000 ? 'At most 1,000 characters' : null)}
          run={(reason, idempotencyKey) =>
            confirmDeposit.mutateAsync({ id: order.id, idempotencyKey, reason })
          }
          confirm={(reason) => ({
            title: 'Confirm the deposit?',
            description: 'Only when the coins have arrived at the desk address.',
            facts: [
              { label: 'Amount', value: formatCryptoAmount(order.amountCrypto, order.coin) },
              {
                label: 'Tx hash',
                value: <span className="font-mono text-xs">{order.txHash}</span>,
              },
              ...(order.chain?.problem
                ? [{ label: 'On the chain', value: order.chain.problem }]
                : []),
              ...(reason ? [{ label: 'Reason', value: reason }] : []),
            ],
            confirmLabel: 'Confirm deposit',
          })}
          failed="Could not confirm the deposit. Try again."
        />
      )}
      {order.state === 'deposit_confirmed' &&
        (order.chain?.payoutHeld ? <PayoutHeld order={order} /> : <PayoutAction order={order} />)}
      {order.state === 'disputed' && <ResolveDisputeAction order={order} />}
      <CancelOrderAction
        order={order}
        variant="danger"
        consequence="The customer is told at once. Cancel only before a deposit."
      />
    </div>
  );
}
