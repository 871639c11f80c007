import type { Order } from '../../../../shared/api/orders';
import { dec } from '../../../../shared/money';
import {
  chainBelowCount,
  chainReadingLines,
  HAND_CONFIRM_REASON_MIN,
} from '../../../../shared/orders/chain-reading';
import { cn } from '../../../lib/cn';
import { formatCryptoAmount } from '../../../lib/format';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { CancelOrderAction } from './cancel-order-action';
import { DepositDifference, PayoutHeld, RecordReturn, RequotedAgent } from './deposit-difference';
import { FieldAction } from './field-action';
import { PayoutAction } from './payout-action';
import { ResolveDisputeAction } from './resolve-dispute-action';

/**
 * "Confirm deposit" by hand. Nothing is confirmed blind: the dialog shows what the chain says,
 * and when it has not counted the required confirmations or recorded a problem, a reason of at
 * least 10 characters is needed. A short deposit is never confirmed at the full total: it is
 * re-quoted or returned (DepositDifference), so the button is not offered.
 */
function ConfirmDepositAction({ order }: { order: Order }) {
  const confirmDeposit = useConfirmDeposit();
  const { chain } = order;
  if (chain?.differenceCrypto && dec(chain.differenceCrypto).isNegative()) return null;
  const needsReason = chainBelowCount(chain);
  const reading = chainReadingLines(chain, order.coin);
  return (
    <FieldAction
      label={
        needsReason
          ? 'Reason for confirming by hand (the chain has not confirmed it)'
          : 'Reason for confirming by hand (optional)'
      }
      placeholder={needsReason ? 'For example: seen confirmed on our own node' : undefined}
      submitLabel="Confirm deposit"
      validate={(reason) =>
        reason.length > 1000
          ? 'At most 1,000 characters'
          : needsReason && reason.length < HAND_CONFIRM_REASON_MIN
            ? `The chain has not confirmed it: say why you confirm it (at least ${HAND_CONFIRM_REASON_MIN} characters)`
            : null
      }
      run={(reason, idempotencyKey) =>
        confirmDeposit.mutateAsync({ id: order.id, idempotencyKey, reason })
      }
      confirm={(reason) => ({
        title: 'Confirm the deposit?',
        description: needsReason
          ? 'The chain has not confirmed it. Confirm only when you know the coins have arrived at the desk address.'
          : 'Only when the coins have arrived at the desk address.',
        facts: [
          { label: 'Amount', value: formatCryptoAmount(order.amountCrypto, order.coin) },
          {
            label: 'Tx hash',
            value: <span className="font-mono text-xs">{order.txHash}</span>,
          },
          {
            label: 'On the chain',
            value: (
              <span className={cn('flex flex-col', needsReason && 'text-orange-800')}>
                {reading.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
            ),
          },
          ...(reason ? [{ label: 'Reason', value: reason }] : []),
        ],
        confirmLabel: 'Confirm deposit',
        danger: needsReason,
      })}
      failed="Could not confirm the deposit. Try again."
    />
  );
}

/** What an agent can do next, by the order's state. */
export function AgentActions({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-3" data-testid="order-actions">
      {order.state === 'quoted' && (
        <p className="text-sm text-ink-muted">Waiting for the customer to accept the quote.</p>
      )}
      {order.state === 'deposit_seen' && <DepositDifference order={order} />}
      {order.state === 'requoted' && <RequotedAgent order={order} />}
      {order.state === 'deposit_returning' && <RecordReturn order={order} />}
      {order.state === 'deposit_seen' && <ConfirmDepositAction order={order} />}
      {order.state === 'payout_approval' && (
        <p
          data-testid="payout-approval-waiting"
          className="rounded-xl bg-orange-50 px-3 py-2 text-sm font-medium text-orange-800"
        >
          Waiting for approval by an admin
        </p>
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
