import { payoutRequestSchema, type Order } from '../../../../shared/api/orders';
import { payoutAccountLabel } from '../../../../shared/payout-accounts/masked-account';
import { formatCryptoAmount, formatNaira } from '../../../lib/format';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { useRecordPayout } from '../api/record-payout';
import { ButtonAction } from './button-action';
import { CancelOrderAction } from './cancel-order-action';
import { FieldAction } from './field-action';
import { ResolveDisputeAction } from './resolve-dispute-action';

/** What an agent can do next, by the order's state. */
export function AgentActions({ order }: { order: Order }) {
  const confirmDeposit = useConfirmDeposit();
  const payout = useRecordPayout();
  const account = order.payoutAccount;
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
      {order.state === 'deposit_confirmed' && (
        <FieldAction
          label={`Bank reference of the ${formatNaira(order.totalNaira)} payout${
            account ? ` to ${payoutAccountLabel(account)}` : ''
          }`}
          placeholder="e.g. the transfer's session id"
          submitLabel="Record payout"
          validate={(bankReference) =>
            payoutRequestSchema.safeParse({ bankReference }).error?.issues[0]?.message ?? null
          }
          run={(bankReference, idempotencyKey) =>
            payout.mutateAsync({ id: order.id, idempotencyKey, bankReference })
          }
          confirm={(bankReference) => ({
            title: 'Record this payout?',
            description: 'The customer is told they were paid. This cannot be undone.',
            facts: [
              { label: 'Order', value: order.reference },
              { label: 'Paid', value: formatNaira(order.totalNaira) },
              ...(account ? [{ label: 'To', value: payoutAccountLabel(account) }] : []),
              { label: 'Bank reference', value: bankReference },
            ],
            confirmLabel: 'Record payout',
          })}
          failed="Could not record the payout. Try again."
        />
      )}
      {order.state === 'disputed' && <ResolveDisputeAction order={order} />}
      <CancelOrderAction
        order={order}
        variant="danger"
        consequence="The customer is told at once. Cancel only before a deposit."
      />
    </div>
  );
}
